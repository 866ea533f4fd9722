import type { ReactNode } from 'react';
import type { Estimate } from '@portal/contract/estimates';
import { cn } from '../../../components/ui/cn';

const Text = ({ children, className }: { children: ReactNode; className?: string }) => (
  <p
    className={cn(
      'text-sm leading-relaxed break-words whitespace-pre-line text-slate-700',
      className,
    )}
  >
    {children}
  </p>
);

const Block = ({ title, text, canEdit }: { title: string; text: string; canEdit: boolean }) => {
  // An empty block says nothing to a client; staff see that it is still to be written.
  if (!text.trim() && !canEdit) return null;
  return (
    <div className={cn('flex flex-col gap-1.5', !text.trim() && 'print:hidden')}>
      <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase print:text-slate-700">
        {title}
      </h2>
      {text.trim() ? (
        <Text>{text}</Text>
      ) : (
        <p className="text-sm text-slate-500 italic">Not written yet.</p>
      )}
    </div>
  );
};

/** The estimate's text: its description, then Scope of Work, Deliverables and Not Included. */
export const EstimateOverview = ({
  estimate,
  canEdit,
}: {
  estimate: Estimate;
  canEdit: boolean;
}) => {
  const blocks = [
    { title: 'Scope of Work', text: estimate.scope_of_work },
    { title: 'Deliverables', text: estimate.deliverables },
    { title: 'Not Included', text: estimate.not_included },
  ];
  const anyBlock = canEdit || blocks.some((block) => block.text.trim());
  return (
    <section
      aria-label="Overview"
      className="rounded-lg border border-slate-200 bg-white shadow-sm print:border-0 print:shadow-none"
    >
      <div className="px-5 py-5 sm:px-6 print:px-0 print:pt-0">
        <Text className="text-[15px] text-slate-800">{estimate.description}</Text>
      </div>
      {anyBlock && (
        <div className="grid gap-6 border-t border-slate-100 px-5 py-5 sm:px-6 lg:grid-cols-3 print:grid-cols-1 print:gap-4 print:border-0 print:px-0">
          {blocks.map((block) => (
            <Block key={block.title} {...block} canEdit={canEdit} />
          ))}
        </div>
      )}
    </section>
  );
};
