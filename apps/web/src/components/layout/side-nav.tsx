import type { ComponentType } from 'react';
import {
  Building2,
  Calculator,
  ClipboardCheck,
  FlaskConical,
  FolderKanban,
  History,
  House,
  Inbox,
  Palette,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../ui/cn';

type NavItem = {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
};

/**
 * Spec §2/§6: Home first (issue 19), Estimates, then Clients, Leads, Projects, Activity (issue
 * 17) and Experimental; the studio's brand and letterhead last (issue 25).
 */
export const STAFF_NAV: readonly NavItem[] = [
  { to: '/home', label: 'Home', icon: House },
  { to: '/estimates', label: 'Estimates', icon: Calculator },
  { to: '/clients', label: 'Clients', icon: Building2 },
  { to: '/leads', label: 'Leads', icon: Inbox },
  { to: '/projects', label: 'Projects', icon: FolderKanban },
  { to: '/activity', label: 'Activity', icon: History },
  { to: '/experimental', label: 'Experimental', icon: FlaskConical },
  { to: '/settings/studio', label: 'Studio', icon: Palette },
];

/** A client user's own portal (issue 25): her projects, her estimates, her test runs. */
export const CLIENT_NAV: readonly NavItem[] = [
  { to: '/home', label: 'Home', icon: House },
  { to: '/projects', label: 'Projects', icon: FolderKanban },
  { to: '/estimates', label: 'Estimates', icon: Calculator },
  { to: '/test-runs', label: 'Test runs', icon: ClipboardCheck },
];

export type SideNavProps = {
  isSuperuser: boolean;
  /** Called after a link is followed (the narrow layout closes the overlay then). */
  onNavigate?: () => void;
};

export const SideNav = ({ isSuperuser, onNavigate }: SideNavProps) => (
  <nav id="side-nav" aria-label="Main" className="flex flex-col gap-0.5 p-3">
    {(isSuperuser ? STAFF_NAV : CLIENT_NAV).map(({ to, label, icon: Icon }) => (
      <NavLink
        key={to}
        to={to}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
            isActive
              ? 'bg-brand-50 text-brand-700'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          )
        }
      >
        {({ isActive }) => (
          <>
            <Icon
              aria-hidden
              className={cn('size-[18px]', isActive ? 'text-brand-600' : 'text-slate-400')}
            />
            {label}
          </>
        )}
      </NavLink>
    ))}
  </nav>
);
