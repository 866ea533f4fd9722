import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { ImpersonationBanner } from '../../components/layout/impersonation-banner';
import { PageSpinner } from '../../components/layout/page-spinner';
import { SideNav } from '../../components/layout/side-nav';
import { TopBar } from '../../components/layout/top-bar';
import { useLogout, useSession, useStopImpersonation } from '../../lib/auth';
import { usePortalName } from '../../lib/config';
import { useMediaQuery } from '../../lib/use-media-query';

const WIDE = '(min-width: 1024px)';

// Only superusers ever open it; its search widgets stay out of everyone else's download.
const ImpersonateDrawer = lazy(async () => ({
  default: (await import('../../features/users/components/impersonate-drawer')).ImpersonateDrawer,
}));

/** The one layout every route lives under (spec §2). */
export const RootLayout = () => {
  const { user, loading, isSuperuser, impersonating } = useSession();
  const portalName = usePortalName();
  const logout = useLogout();
  const stopImpersonation = useStopImpersonation();
  const navigation = useNavigation();
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

  if (loading) return <PageSpinner />;

  return (
    <div className="flex min-h-dvh flex-col">
      {navigation.state === 'loading' && (
        <div aria-hidden className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500" />
      )}
      <TopBar
        portalName={portalName}
        user={user ?? null}
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((open) => !open)}
        onImpersonate={
          isSuperuser
            ? () => {
                setImpersonateUsed(true);
                setImpersonateOpen(true);
              }
            : undefined
        }
        onLogout={() => logout.mutate()}
      />
      {user && impersonating && (
        <ImpersonationBanner
          email={user.email}
          onStop={() => stopImpersonation.mutate()}
          stopping={stopImpersonation.isPending}
        />
      )}
      <div className="relative flex flex-1">
        {user && navOpen && (
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
        <main id="main" className="flex min-w-0 flex-1 flex-col">
          <Outlet />
        </main>
      </div>
      {isSuperuser && impersonateUsed && (
        <Suspense>
          <ImpersonateDrawer open={impersonateOpen} onOpenChange={setImpersonateOpen} />
        </Suspense>
      )}
    </div>
  );
};
