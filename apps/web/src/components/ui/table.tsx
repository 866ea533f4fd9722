import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Wraps the table so a wide one scrolls inside its panel instead of the page. */
export const Table = ({ className, ...props }: ComponentProps<'table'>) => (
  <div className="w-full overflow-x-auto">
    <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
  </div>
);

export const TableHead = ({ className, ...props }: ComponentProps<'thead'>) => (
  <thead className={cn('border-b border-slate-200 bg-slate-50', className)} {...props} />
);

export const TableBody = ({ className, ...props }: ComponentProps<'tbody'>) => (
  <tbody className={cn('divide-y divide-slate-100', className)} {...props} />
);

export const TableRow = ({ className, ...props }: ComponentProps<'tr'>) => (
  <tr className={cn('transition-colors hover:bg-slate-50/70', className)} {...props} />
);

export const TableHeaderCell = ({ className, scope = 'col', ...props }: ComponentProps<'th'>) => (
  <th
    scope={scope}
    className={cn(
      'px-4 py-2.5 text-xs font-semibold first:pl-5 last:pr-5 tracking-wide whitespace-nowrap text-slate-500 uppercase',
      className,
    )}
    {...props}
  />
);

export const TableCell = ({ className, ...props }: ComponentProps<'td'>) => (
  <td
    className={cn('px-4 py-3 align-middle text-slate-700 first:pl-5 last:pr-5', className)}
    {...props}
  />
);

export const TableEmpty = ({
  colSpan,
  className,
  ...props
}: ComponentProps<'td'> & { colSpan: number }) => (
  <tr>
    <td
      colSpan={colSpan}
      className={cn('px-4 py-10 text-center text-sm text-slate-500', className)}
      {...props}
    />
  </tr>
);
