import { clsx } from 'clsx';
import { Layers } from 'lucide-react';
import { Link } from 'react-router';
import { useStudio } from '../../lib/studio';

/**
 * The studio's mark: its uploaded logo, or the product's own in the studio's colour. The name
 * beside it is always there for screen readers; on narrow screens a logo stands alone.
 */
export const StudioMark = ({ size = 'md' }: { size?: 'md' | 'lg' }) => {
  const { logo_url } = useStudio();
  if (logo_url)
    return (
      <img
        src={logo_url}
        alt=""
        className={clsx('w-auto max-w-40 object-contain', size === 'lg' ? 'h-12' : 'h-8')}
      />
    );
  return (
    <span
      aria-hidden
      className={clsx(
        'flex items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm',
        size === 'lg' ? 'size-12' : 'size-8',
      )}
    >
      <Layers className={size === 'lg' ? 'size-7' : 'size-[18px]'} />
    </span>
  );
};

export const Logo = () => {
  const { name } = useStudio();
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2.5 rounded-md text-[15px] font-semibold tracking-tight text-slate-900"
    >
      <StudioMark />
      <span className="hidden truncate sm:inline">{name}</span>
      <span className="sr-only sm:hidden">{name}</span>
    </Link>
  );
};
