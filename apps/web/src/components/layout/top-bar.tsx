import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { Logo } from './logo';

export type TopBarProps = {
  /** Before the logo (the navigation toggle). */
  leading?: ReactNode;
  /** At the right end (the user menu, or the visitor's links). */
  children: ReactNode;
};

export const TopBar = ({ leading, children }: TopBarProps) => (
  <header className="sticky top-0 z-40 flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4 print:hidden">
    {leading}
    <Logo />
    <div className="ml-auto flex items-center gap-2">{children}</div>
  </header>
);

/** What a logged-out visitor sees at the right of the top bar (spec §2). */
export const VisitorLinks = () => (
  <>
    <Button asChild variant="secondary">
      <Link to="/sign-up">Sign Up</Link>
    </Button>
    <Button asChild>
      <Link to="/login">Login</Link>
    </Button>
  </>
);
