import type { ComponentProps } from 'react';
import { clsx } from 'clsx';
import { Slot } from 'radix-ui';
import { LoaderCircle } from 'lucide-react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'icon';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  /** Render the child element (a router `Link`, say) with the button's look. */
  asChild?: boolean;
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-700',
  secondary:
    'border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 hover:text-slate-900 active:bg-slate-100',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-700',
  link: 'text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-3 text-[13px]',
  md: 'h-9 gap-2 px-4 text-sm',
  icon: 'size-9 p-0',
};

// A link is as tall as its text and has no side padding (`h-auto px-0`, below), so it takes
// neither from its size: the same classes tailwind-merge made of the size's and the link's.
const linkSizes: Record<ButtonSize, string> = {
  sm: 'gap-1.5 text-[13px]',
  md: 'gap-2 text-sm',
  icon: 'size-9 p-0',
};

/**
 * The button's own classes. No two of them conflict (`plain-button.test.tsx` holds it), so they
 * are joined: whether a caller's `className` is merged over them (`Button`) or joined to them
 * (`PlainButton`) is all that tells the two buttons apart.
 */
export const buttonBaseClasses = (variant: ButtonVariant, size: ButtonSize): string =>
  clsx(
    'inline-flex shrink-0 cursor-pointer items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    // A busy button is disabled too, but keeps its colour so it does not look unavailable.
    'disabled:cursor-not-allowed [&:disabled:not([aria-busy=true])]:opacity-50 aria-busy:cursor-wait',
    'aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
    '[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
    variant === 'link' ? linkSizes[size] : sizes[size],
    variants[variant],
    variant === 'link' && 'h-auto px-0',
  );

/** A button (or, with `asChild`, its child) with exactly the classes it is given. */
export const ButtonElement = ({
  loading = false,
  asChild = false,
  className,
  disabled,
  type,
  children,
  ...props
}: Omit<ButtonProps, 'variant' | 'size'>) => {
  if (asChild) {
    return (
      <Slot.Root className={className} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={className}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <LoaderCircle aria-hidden className="animate-spin" />}
      {children}
    </button>
  );
};

/**
 * `Button` for the screens a visitor opens first (sign-in, sign-up, the password and e-mail
 * links, the top bar, the error page): the same button, but a caller's `className` is joined
 * to its own classes, not merged over them, so these screens do not download tailwind-merge
 * (8 KB gzip of /login's 130 KB budget, DESIGN §6; decision 0055). Such a `className` may add (a
 * width, a margin); one that restyles the button (another height, padding or colour) needs
 * `Button`.
 */
export const PlainButton = ({
  variant = 'primary',
  size = 'md',
  className,
  ...props
}: ButtonProps) => (
  <ButtonElement className={clsx(buttonBaseClasses(variant, size), className)} {...props} />
);
