import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { usePageTitle } from '../../lib/use-page-title';

export type PageProps = {
  /** The heading; also the page title prefix unless `documentTitle` says otherwise. */
  title: ReactNode;
  documentTitle?: string;
  actions?: ReactNode;
  /** Full width for tables and editors; the default keeps text at a readable width. */
  wide?: boolean;
  className?: string;
  children?: ReactNode;
};

/** The frame of a signed-in screen: padding, heading row, and the document title. */
export const Page = ({ title, documentTitle, actions, wide, className, children }: PageProps) => {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-6 sm:px-6 lg:px-8 lg:py-8',
        wide ? 'max-w-7xl' : 'max-w-5xl',
        className,
      )}
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
};
