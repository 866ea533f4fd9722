import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import type { User } from '@portal/contract/users';
import { cn } from '../ui/cn';
import { displayName } from '../../lib/users';
import { Avatar } from './avatar';

export type UserButtonProps = ComponentProps<'button'> & { user: User };

/** The signed-in user's name in the top bar; the trigger of the user menu. */
export const UserButton = ({ user, className, ...props }: UserButtonProps) => (
  <button
    type="button"
    className={cn(
      'flex max-w-64 cursor-pointer items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100',
      className,
    )}
    {...props}
  >
    <Avatar user={user} />
    <span className="truncate">{displayName(user)}</span>
    <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-400" />
  </button>
);
