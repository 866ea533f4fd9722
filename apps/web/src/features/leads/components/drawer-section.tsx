import type { ReactNode } from 'react';

/** A titled part of the lead drawer below the form. */
export const DrawerSection = ({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) => {
  const id = `lead-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-5">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
};
