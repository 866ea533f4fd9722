import { clsx } from 'clsx';

export type SpinnerProps = {
  /** The accessible name; also shown beside the ring when given. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /**
   * Added to the spinner's own classes (its padding in a card), not merged over them: every
   * first load draws a spinner and must not download tailwind-merge (decision 0055).
   */
  className?: string;
};

const ringSizes = {
  sm: 'size-4 border-2',
  md: 'size-5 border-2',
  lg: 'size-8 border-[3px]',
} as const;

export const Spinner = ({ label, size = 'md', className }: SpinnerProps) => (
  <span
    role="status"
    aria-label={label ?? 'Loading'}
    className={clsx('inline-flex items-center gap-2 text-sm text-slate-500', className)}
  >
    <span
      aria-hidden
      className={clsx(
        'inline-block animate-spin rounded-full border-current border-r-transparent text-brand-600',
        ringSizes[size],
      )}
    />
    {label && <span aria-hidden>{label}</span>}
  </span>
);
