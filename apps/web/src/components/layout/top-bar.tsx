import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PlainButton } from '../ui/plain-button';
import { Logo } from './logo';

export type TopBarProps = {
  /** Before the logo (the navigation toggle). */
  leading?: ReactNode;
  /** At the right end (the user menu, or the visitor's links). */
  children: ReactNode;
};

/**
 * Opaque, not frosted glass: a backdrop blur over the page makes the compositor blur what scrolls
 * under the bar in every frame of a scroll — half its work in a fling through a long test plan
 * where it composites in software (decision 0057); at 95 % white the blur barely showed.
 */
export const TopBar = ({ leading, children }: TopBarProps) => (
  <header className="sticky top-0 z-40 flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 sm:px-4 print:hidden">
    {leading}
    <Logo />
    <div className="ml-auto flex items-center gap-2">{children}</div>
  </header>
);

/** What a logged-out visitor sees at the right of the top bar (spec §2). */
export const VisitorLinks = () => (
  <>
    <PlainButton asChild variant="secondary">
      <Link to="/sign-up">Sign Up</Link>
    </PlainButton>
    <PlainButton asChild>
      <Link to="/login">Login</Link>
    </PlainButton>
  </>
);
