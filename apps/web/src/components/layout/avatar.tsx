import type { User } from '@portal/contract/users';
import { cn } from '../ui/cn';
import { initials } from '../../lib/users';

type AvatarProps = {
  user: Pick<User, 'email' | 'first_name' | 'last_name' | 'image'>;
  size?: 'sm' | 'lg';
  className?: string;
};

/** The user's picture, or their initials on a tinted disc. Decorative: names are shown beside it. */
export const Avatar = ({ user, size = 'sm', className }: AvatarProps) => {
  const classes = cn(
    'shrink-0 rounded-full',
    size === 'sm' ? 'size-8 text-xs' : 'size-20 text-2xl',
    className,
  );
  if (user.image) return <img src={user.image} alt="" className={cn(classes, 'object-cover')} />;
  return (
    <span
      aria-hidden
      className={cn(
        classes,
        'flex items-center justify-center bg-brand-100 font-semibold text-brand-700',
      )}
    >
      {initials(user)}
    </span>
  );
};
