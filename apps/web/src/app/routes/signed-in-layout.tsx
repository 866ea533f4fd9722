import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Menu } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { User } from '@portal/contract/users';
import { ImpersonationBanner } from '../../components/layout/impersonation-banner';
import { SideNav } from '../../components/layout/side-nav';
import { TopBar } from '../../components/layout/top-bar';
import { UserMenu } from '../../components/layout/user-menu';
import { Button } from '../../components/ui/button';
import { TooltipProvider } from '../../components/ui/tooltip';
import { QuickFind } from '../../features/home/components/quick-find';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSession, useStopImpersonation } from '../../lib/auth';
import { useAdoptBrowserTimeZone } from '../../lib/clock';
import { useMediaQuery } from '../../lib/use-media-query';

const WIDE = '(min-width: 1024px)';

// Only superusers ever open it; its search widgets stay out of everyone else's download.
const ImpersonateDrawer = lazy(async () => ({
  default: (await import('../../features/users/components/impersonate-drawer')).ImpersonateDrawer,
}));

export type SignedInLayoutProps = { user: User; children: ReactNode };

/**
 * The frame of every page once signed in (spec §2): the top bar with the navigation toggle and
 * the user menu, the impersonation banner, and the side navigation. Loaded as its own chunk, with
 * the tooltip and menu code it brings, so that /login does not download any of it.
 */
export const SignedInLayout = ({ user, children }: SignedInLayoutProps) => {
  const { isSuperuser, impersonating } = useSession();
  const navigate = useNavigate();
  const stopImpersonation = useStopImpersonation();
  useAdoptBrowserTimeZone(user, impersonating);
  const wide = useMediaQuery(WIDE);
  // Open beside the content on wide screens; an overlay, closed by default, on narrow ones.
  const [navOpen, setNavOpen] = useState(() => window.matchMedia(WIDE).matches);
  const [impersonateOpen, setImpersonateOpen] = useState(false);
  const [impersonateUsed, setImpersonateUsed] = useState(false);

  const overlayOpen = navOpen && !wide;
  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlayOpen]);

  return (
    <TooltipProvider>
      <TopBar
        leading={
          <Button
            variant="ghost"
            size="icon"
            aria-label="Toggle navigation"
            aria-expanded={navOpen}
            aria-controls={navOpen ? 'side-nav' : undefined}
            onClick={() => setNavOpen((open) => !open)}
          >
            <Menu aria-hidden />
          </Button>
        }
      >
        <QuickFind userId={user.id} />
        <NotificationBell userId={user.id} />
        <UserMenu
          user={user}
          onImpersonate={
            isSuperuser
              ? () => {
                  setImpersonateUsed(true);
                  setImpersonateOpen(true);
                }
              : undefined
          }
          // A navigation first (routes/logout.tsx): unsaved work can still keep the session.
          onLogout={() => void navigate('/logout', { replace: true })}
        />
      </TopBar>
      {impersonating && (
        <ImpersonationBanner
          email={user.email}
          onStop={() => stopImpersonation.mutate()}
          stopping={stopImpersonation.isPending}
        />
      )}
      <div className="relative flex flex-1">
        {navOpen && (
          <>
            {!wide && (
              <div
                aria-hidden
                className="fixed inset-0 top-14 z-20 bg-slate-900/30"
                onClick={() => setNavOpen(false)}
              />
            )}
            <aside className="fixed top-14 bottom-0 left-0 z-30 w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white shadow-lg lg:sticky lg:h-[calc(100dvh-3.5rem)] lg:shadow-none print:hidden">
              <SideNav
                isSuperuser={isSuperuser}
                onNavigate={wide ? undefined : () => setNavOpen(false)}
              />
            </aside>
          </>
        )}
        <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
          {children}
        </main>
      </div>
      {isSuperuser && impersonateUsed && (
        <Suspense>
          <ImpersonateDrawer open={impersonateOpen} onOpenChange={setImpersonateOpen} />
        </Suspense>
      )}
    </TooltipProvider>
  );
};
