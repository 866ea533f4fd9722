import type { ReactNode } from 'react';
import { cn } from './cn';

export type BadgeColor = 'grey' | 'blue' | 'yellow' | 'orange' | 'violet' | 'green' | 'red';

const colors: Record<BadgeColor, string> = {
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/25',
  orange: 'bg-orange-50 text-orange-800 ring-orange-600/20',
  violet: 'bg-violet-50 text-violet-800 ring-violet-600/20',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
};

export type BadgeProps = { color?: BadgeColor; className?: string; children: ReactNode };

export const Badge = ({ color = 'grey', className, children }: BadgeProps) => (
  <span
    className={cn(
      'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
      colors[color],
      className,
    )}
  >
    {children}
  </span>
);
