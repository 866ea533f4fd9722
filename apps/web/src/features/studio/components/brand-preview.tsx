import { Layers } from 'lucide-react';

export type BrandPreviewProps = {
  name: string;
  accentColor: string;
  logoUrl: string | null;
  website: string;
  emailFooter: string;
};

/**
 * What clients will see, drawn from the form as it is typed: the portal's header with a
 * button, and the top and bottom of an email. Colours are inline, so the preview changes
 * without touching the rest of the page until the studio is saved.
 */
export const BrandPreview = ({
  name,
  accentColor,
  logoUrl,
  website,
  emailFooter,
}: BrandPreviewProps) => {
  const mark = logoUrl ? (
    <img src={logoUrl} alt="" className="h-8 w-auto max-w-32 object-contain" />
  ) : (
    <span
      aria-hidden
      className="flex size-8 items-center justify-center rounded-lg text-white"
      style={{ backgroundColor: accentColor }}
    >
      <Layers className="size-[18px]" />
    </span>
  );
  return (
    <div aria-label="Preview" role="group" className="flex flex-col gap-4">
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        <div className="flex h-12 items-center gap-2.5 border-b border-slate-200 bg-white px-3">
          {mark}
          <span className="truncate text-sm font-semibold text-slate-900">{name || '—'}</span>
        </div>
        <div className="flex flex-col gap-3 p-4">
          <p className="text-sm text-slate-700">
            Version 2 of{' '}
            <span style={{ color: accentColor }} className="font-medium underline">
              Website Redesign
            </span>{' '}
            waits for your decision.
          </p>
          <span
            className="inline-flex w-fit rounded-md px-3 py-1.5 text-sm font-medium text-white"
            style={{ backgroundColor: accentColor }}
          >
            Approve and sign
          </span>
        </div>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Email</p>
        <div className="mt-2 pb-2" style={{ borderBottom: `3px solid ${accentColor}` }}>
          {logoUrl ? (
            <img src={logoUrl} alt="" className="h-8 w-auto max-w-40 object-contain" />
          ) : (
            <strong style={{ color: accentColor }}>{name || '—'}</strong>
          )}
        </div>
        <p className="mt-3 text-slate-700">Hello Dana, …</p>
        <p className="mt-3 text-slate-700">— {name || '—'}</p>
        {emailFooter && (
          <p className="mt-2 text-xs whitespace-pre-wrap text-slate-500">{emailFooter}</p>
        )}
        {website && <p className="mt-1 text-xs text-slate-500">{website}</p>}
      </div>
    </div>
  );
};
