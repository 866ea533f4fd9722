import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { paginationWindow, totalPages } from '@portal/contract/format';
import { cn } from './cn';

export type PaginationProps = {
  /** 1-based. */
  page: number;
  count: number;
  pageSize: number;
  onPageChange(page: number): void;
  className?: string;
};

const buttonBase =
  'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-4';

const NavButton = ({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) => (
  <button
    type="button"
    aria-label={label}
    title={label}
    disabled={disabled}
    onClick={onClick}
    className={cn(
      buttonBase,
      'text-slate-500 enabled:hover:bg-slate-100 enabled:hover:text-slate-900',
    )}
  >
    {children}
  </button>
);

export const Pagination = ({ page, count, pageSize, onPageChange, className }: PaginationProps) => {
  const pages = totalPages(count, pageSize);
  const current = pages === 0 ? 0 : Math.min(Math.max(page, 1), pages);
  const from = count === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, count);
  const atStart = current <= 1;
  const atEnd = current >= pages;
  const go = (target: number) => {
    if (target !== current) onPageChange(target);
  };

  return (
    <nav aria-label="Pagination" className={cn('@container', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-slate-500 tabular-nums" aria-live="polite">
          {count === 0 ? (
            '0 of 0'
          ) : (
            <>
              <span className="font-medium text-slate-700">
                {from}–{to}
              </span>{' '}
              of <span className="font-medium text-slate-700">{count}</span>
            </>
          )}
        </p>
        <div className="flex items-center gap-1">
          <NavButton label="First page" disabled={atStart} onClick={() => go(1)}>
            <ChevronsLeft aria-hidden />
          </NavButton>
          <NavButton label="Previous page" disabled={atStart} onClick={() => go(current - 1)}>
            <ChevronLeft aria-hidden />
          </NavButton>
          {/* A narrow container has no room for the window, so it shows where it is instead. */}
          {pages > 0 && (
            <span className="px-2 text-sm text-slate-600 tabular-nums @md:hidden">
              Page {current} of {pages}
            </span>
          )}
          <div className="hidden items-center gap-1 @md:flex">
            {paginationWindow(current, pages).map((item) =>
              typeof item === 'number' ? (
                <button
                  key={item}
                  type="button"
                  aria-label={`Page ${item}`}
                  aria-current={item === current ? 'page' : undefined}
                  onClick={() => go(item)}
                  className={cn(
                    buttonBase,
                    item === current
                      ? 'bg-brand-600 text-white shadow-sm hover:bg-brand-700'
                      : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {item}
                </button>
              ) : (
                <span
                  key={item}
                  aria-hidden
                  className="inline-flex h-8 w-6 items-end justify-center pb-1.5 text-slate-400"
                >
                  …
                </span>
              ),
            )}
          </div>
          <NavButton label="Next page" disabled={atEnd} onClick={() => go(current + 1)}>
            <ChevronRight aria-hidden />
          </NavButton>
          <NavButton label="Last page" disabled={atEnd} onClick={() => go(pages)}>
            <ChevronsRight aria-hidden />
          </NavButton>
        </div>
      </div>
    </nav>
  );
};
