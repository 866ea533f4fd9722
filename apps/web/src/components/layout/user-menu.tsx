import { LogOut, UserRound, VenetianMask } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@portal/contract/users';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { UserButton } from './user-button';

export type UserMenuProps = {
  user: User;
  /** Shown only when given (superusers). */
  onImpersonate?: () => void;
  onLogout(): void;
};

export const UserMenu = ({ user, onImpersonate, onLogout }: UserMenuProps) => (
  <DropdownMenu>
    <DropdownMenuTrigger asChild>
      <UserButton user={user} />
    </DropdownMenuTrigger>
    <DropdownMenuContent className="w-56">
      <DropdownMenuLabel className="truncate font-normal">{user.email}</DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to="/profile">
          <UserRound aria-hidden />
          Profile
        </Link>
      </DropdownMenuItem>
      {onImpersonate && (
        <DropdownMenuItem onSelect={onImpersonate}>
          <VenetianMask aria-hidden />
          Impersonate
        </DropdownMenuItem>
      )}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onLogout}>
        <LogOut aria-hidden />
        Logout
      </DropdownMenuItem>
    </DropdownMenuContent>
  </DropdownMenu>
);
