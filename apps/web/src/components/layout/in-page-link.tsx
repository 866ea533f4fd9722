import type { ReactNode } from 'react';

/**
 * A link to a part of the page that takes the focus there too, not only the scroll position, so
 * the next Tab starts in that part (the target has `tabIndex={-1}`). The skip link and an
 * estimate's index use it.
 */
export const InPageLink = ({
  to,
  className,
  children,
}: {
  /** The target's id. */
  to: string;
  className?: string;
  children: ReactNode;
}) => (
  <a
    href={`#${to}`}
    onClick={(event) => {
      const target = document.getElementById(to);
      if (!target) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'start' });
    }}
    className={className}
  >
    {children}
  </a>
);
