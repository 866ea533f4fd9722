import type { ReactNode } from 'react';

/**
 * A lucide icon as one plain SVG element rather than an icon component (same box, stroke and
 * caps as lucide draws), for icons that render by the hundred in long lists: each component costs
 * a render (decision 0033).
 */
export const staticIcon = (className: string, shapes: ReactNode) => (
  <svg
    aria-hidden
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    className={className}
  >
    {shapes}
  </svg>
);
