import { FileText } from 'lucide-react';
import type { TestRunAttachment } from '@portal/contract/test-runs';
import { cn } from '../../../components/ui/cn';

/** A result's screenshots as thumbnails (PDFs as links), each opening the full file. */
export const Attachments = ({
  attachments,
  className,
}: {
  attachments: TestRunAttachment[];
  className?: string;
}) =>
  attachments.length === 0 ? null : (
    <ul aria-label="Screenshots" className={cn('flex flex-wrap gap-2', className)}>
      {attachments.map((a) => (
        <li key={a.id}>
          <a
            href={a.url}
            target="_blank"
            rel="noopener noreferrer"
            className="block rounded-md border border-slate-200 bg-white p-1 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {a.content_type === 'application/pdf' ? (
              <span className="flex h-20 w-28 flex-col items-center justify-center gap-1 px-2 text-center text-xs text-slate-600">
                <FileText aria-hidden className="size-5" />
                <span className="line-clamp-2 break-all">{a.name}</span>
              </span>
            ) : (
              <img
                src={a.url}
                alt={a.name}
                loading="lazy"
                className="h-20 w-28 rounded object-cover print:h-auto print:max-h-64 print:w-auto"
              />
            )}
          </a>
        </li>
      ))}
    </ul>
  );
