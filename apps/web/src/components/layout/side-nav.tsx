import type { ComponentType } from 'react';
import {
  Building2,
  Calculator,
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
  superuserOnly: boolean;
};

/**
 * Spec §2/§6: Estimates for everyone; Clients, Leads, Projects, Activity (issue 17) and
 * Experimental for superusers. Home comes first for everyone (issue 19); the studio's brand and
 * letterhead last, for superusers (issue 25).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: 'Home', icon: House, superuserOnly: false },
  { to: '/estimates', label: 'Estimates', icon: Calculator, superuserOnly: false },
  { to: '/clients', label: 'Clients', icon: Building2, superuserOnly: true },
  { to: '/leads', label: 'Leads', icon: Inbox, superuserOnly: true },
  { to: '/projects', label: 'Projects', icon: FolderKanban, superuserOnly: true },
  { to: '/activity', label: 'Activity', icon: History, superuserOnly: true },
  { to: '/experimental', label: 'Experimental', icon: FlaskConical, superuserOnly: true },
  { to: '/settings/studio', label: 'Studio', icon: Palette, superuserOnly: true },
];

export type SideNavProps = {
  isSuperuser: boolean;
  /** Called after a link is followed (the narrow layout closes the overlay then). */
  onNavigate?: () => void;
};

export const SideNav = ({ isSuperuser, onNavigate }: SideNavProps) => (
  <nav id="side-nav" aria-label="Main" className="flex flex-col gap-0.5 p-3">
    {NAV_ITEMS.filter((item) => isSuperuser || !item.superuserOnly).map(
      ({ to, label, icon: Icon }) => (
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
      ),
    )}
  </nav>
);
