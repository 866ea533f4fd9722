import { lazy, Suspense, useState } from 'react';
import { Menu } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@portal/contract/users';
import { Button } from '../ui/button';
import { Logo } from './logo';
import { UserButton } from './user-button';

// The menu's code (Radix menus, popper) is only needed once signed in, so /login does not load it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

export type TopBarProps = {
  portalName: string;
  user: User | null;
  navOpen: boolean;
  onToggleNav(): void;
  /** Shown in the menu only when given (superusers). */
  onImpersonate?: () => void;
  onLogout(): void;
};

export const TopBar = ({
  portalName,
  user,
  navOpen,
  onToggleNav,
  onImpersonate,
  onLogout,
}: TopBarProps) => {
  // A click that lands before the menu's code has arrived opens the menu once it has.
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  return (
    <header className="sticky top-0 z-40 flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4 print:hidden">
      {user && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Toggle navigation"
          aria-expanded={navOpen}
          aria-controls={navOpen ? 'side-nav' : undefined}
          onClick={onToggleNav}
        >
          <Menu aria-hidden />
        </Button>
      )}
      <Logo name={portalName} />
      <div className="ml-auto flex items-center gap-2">
        {user ? (
          <Suspense fallback={<UserButton user={user} onClick={() => setOpenWhenLoaded(true)} />}>
            <UserMenu
              user={user}
              defaultOpen={openWhenLoaded}
              onImpersonate={onImpersonate}
              onLogout={onLogout}
            />
          </Suspense>
        ) : (
          <>
            <Button asChild variant="secondary">
              <Link to="/sign-up">Sign Up</Link>
            </Button>
            <Button asChild>
              <Link to="/login">Login</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
};
