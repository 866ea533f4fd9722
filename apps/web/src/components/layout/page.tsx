import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { usePageTitle } from '../../lib/use-page-title';

export type PageWidth = 'full' | 'column';

/**
 * The one frame of every signed-in screen (issue 26): the same padding and the same left edge
 * everywhere, and one of two widths. `full` (the default) is for tables, boards and documents;
 * `column` keeps text and forms at a readable width, starting where every other screen starts
 * rather than centred. Screens with a heading of their own (an estimate, a test plan) use the
 * frame directly; the rest use `Page`.
 */
export const PageFrame = ({
  width = 'full',
  as: Tag = 'div',
  className,
  children,
}: {
  width?: PageWidth;
  as?: 'div' | 'article';
  /** On the outer frame: print rules, a flex column. */
  className?: string;
  children?: ReactNode;
}) => (
  <Tag className={cn('mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8', className)}>
    {width === 'column' ? <div className="max-w-4xl print:max-w-none">{children}</div> : children}
  </Tag>
);

export type PageProps = {
  /** The heading; also the page title prefix unless `documentTitle` says otherwise. */
  title: ReactNode;
  documentTitle?: string;
  actions?: ReactNode;
  width?: PageWidth;
  children?: ReactNode;
};

/** A signed-in screen: the frame, its heading row, and the document title. */
export const Page = ({ title, documentTitle, actions, width, children }: PageProps) => {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <PageFrame width={width}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </PageFrame>
  );
};
