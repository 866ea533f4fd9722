import { useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import { CloudUpload, FileText, ImageIcon, Trash2, X } from 'lucide-react';
import { formatFileSize } from '@portal/contract/format';
import { Button } from './button';
import { cn } from './cn';
import { selectFiles } from './file-accept';
import { toast } from './toast';

export type FileUploadProps = {
  /** Extensions ('.pdf'), wildcards ('image/*') or exact MIME types ('application/pdf'). */
  accept?: string[];
  maxFiles?: number;
  /** Called with the whole current selection whenever it changes. */
  onFiles(files: File[]): void;
  className?: string;
};

const describeAccept = (accept?: string[]) =>
  accept?.length
    ? accept.map((rule) => (rule.endsWith('/*') ? `${rule.slice(0, -2)} files` : rule)).join(', ')
    : null;

/** Drag-and-drop state shared by both upload widgets; a drag over child elements must not flicker it. */
const useDropZone = (onDrop: (files: File[]) => void, disabled = false) => {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (disabled || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (disabled || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (!disabled) onDrop(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging, handlers };
};

const HiddenFileInput = ({
  inputRef,
  accept,
  multiple,
  label,
  onFiles,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept?: string[];
  multiple: boolean;
  label: string;
  onFiles(files: File[]): void;
}) => (
  <input
    ref={inputRef}
    type="file"
    className="hidden"
    aria-label={label}
    tabIndex={-1}
    accept={accept?.join(',')}
    multiple={multiple}
    onChange={(event) => {
      onFiles(Array.from(event.target.files ?? []));
      // Reset so that picking the same file again still fires a change.
      event.target.value = '';
    }}
  />
);

export const FileUpload = ({ accept, maxFiles, onFiles, className }: FileUploadProps) => {
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const add = (picked: File[]) => {
    if (picked.length === 0) return;
    const { accepted, errors } = selectFiles(picked, {
      accept,
      maxFiles,
      alreadyChosen: files.length,
    });
    errors.forEach((message) => toast.error(message));
    if (accepted.length === 0) return;
    const next = [...files, ...accepted];
    setFiles(next);
    onFiles(next);
  };
  const remove = (index: number) => {
    const next = files.filter((_, i) => i !== index);
    setFiles(next);
    onFiles(next);
  };

  const { dragging, handlers } = useDropZone(add);
  const acceptText = describeAccept(accept);
  const limits = [
    acceptText,
    maxFiles !== undefined && `up to ${maxFiles} file${maxFiles === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div
        {...handlers}
        data-dragging={dragging || undefined}
        className={cn(
          'flex flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors',
          dragging
            ? 'border-brand-500 bg-brand-50'
            : 'border-slate-300 bg-slate-50/60 hover:border-slate-400',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'mb-2 flex size-11 items-center justify-center rounded-full transition-colors',
            dragging
              ? 'bg-brand-100 text-brand-600'
              : 'bg-white text-slate-400 shadow-sm ring-1 ring-slate-200',
          )}
        >
          <CloudUpload className="size-5" />
        </span>
        <p className="text-sm font-medium text-slate-700">Drop files here</p>
        <p className="text-xs text-slate-400">or</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-1"
          aria-describedby={limits ? hintId : undefined}
          onClick={() => input.current?.click()}
        >
          Browse Files
        </Button>
        {limits && (
          <p id={hintId} className="mt-2 text-xs text-slate-500">
            {limits}
          </p>
        )}
        <HiddenFileInput
          inputRef={input}
          accept={accept}
          multiple={maxFiles !== 1}
          label="Choose files"
          onFiles={add}
        />
      </div>
      {files.length > 0 && (
        <ul
          aria-label="Chosen files"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
        >
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${index}`}
              className="flex items-center gap-3 px-3 py-2"
            >
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500"
              >
                {file.type.startsWith('image/') ? (
                  <ImageIcon className="size-4" />
                ) : (
                  <FileText className="size-4" />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-800">
                  {file.name}
                </span>
                <span className="block text-xs text-slate-500 tabular-nums">
                  {formatFileSize(file.size)}
                </span>
              </span>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-slate-400 hover:text-slate-700"
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(index)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export type ImageUploadProps = {
  /** The current image's URL. */
  value: string | null;
  onChange(file: File | null): void;
  label?: string;
  className?: string;
  /** Types offered (the server judges the bytes); any image by default. */
  accept?: readonly string[];
  /** A round picture (a person), or a wide one (a logo, shown whole). */
  shape?: 'round' | 'wide';
  /** The line under the buttons. */
  hint?: string;
};

const IMAGE_ACCEPT = ['image/*'];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });

type LocalImage = { file: File; preview: string | null } | { file: null };

/** A single image with a preview; accepts images only and takes the first file (spec §5). */
export const ImageUpload = ({
  value,
  onChange,
  label = 'Image',
  className,
  accept = IMAGE_ACCEPT,
  shape = 'round',
  hint = 'Images only. Drop one on the picture or upload it.',
}: ImageUploadProps) => {
  // `undefined` means untouched, so the current image (`value`) shows.
  const [local, setLocal] = useState<LocalImage | undefined>(undefined);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    // A new saved image replaces whatever was picked locally.
    setShownValue(value);
    setLocal(undefined);
  }
  const input = useRef<HTMLInputElement>(null);

  const pick = (picked: File[]) => {
    const first = picked[0];
    if (!first) return;
    const { accepted, errors } = selectFiles([first], { accept: [...accept] });
    errors.forEach((message) => toast.error(message));
    const file = accepted[0];
    if (!file) return;
    setLocal({ file, preview: null });
    onChange(file);
    readAsDataUrl(file).then(
      (preview) => setLocal((current) => (current?.file === file ? { file, preview } : current)),
      () => undefined,
    );
  };
  const removeImage = () => {
    setLocal({ file: null });
    onChange(null);
  };

  const preview = local === undefined ? value : local.file ? local.preview : null;
  const hasImage = local === undefined ? Boolean(value) : Boolean(local.file);
  const { dragging, handlers } = useDropZone(pick);

  return (
    <div className={cn('flex items-center gap-4', className)}>
      <div
        {...handlers}
        className={cn(
          'relative flex shrink-0 items-center justify-center overflow-hidden bg-slate-100 ring-1 ring-slate-200 transition-shadow',
          shape === 'round' ? 'size-20 rounded-full' : 'h-20 w-40 rounded-lg p-2',
          dragging && 'ring-2 ring-brand-500',
        )}
      >
        {preview ? (
          <img
            src={preview}
            alt={`${label} preview`}
            className={cn('size-full', shape === 'round' ? 'object-cover' : 'object-contain')}
          />
        ) : (
          <ImageIcon aria-hidden className="size-7 text-slate-400" />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
            {hasImage ? 'Change image' : 'Upload image'}
          </Button>
          {hasImage && (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={removeImage}
            >
              <Trash2 aria-hidden />
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-500">{hint}</p>
      </div>
      <HiddenFileInput
        inputRef={input}
        accept={[...accept]}
        multiple={false}
        label={`Choose ${label.toLowerCase()}`}
        onFiles={pick}
      />
    </div>
  );
};
