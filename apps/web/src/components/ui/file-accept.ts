/** The accept rule of spec §5, shared by FileUpload and ImageUpload. */

type FileLike = Pick<File, 'name' | 'type'>;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : '';
};

/**
 * Whether a file matches an accept list of extensions ('.pdf'), wildcard types ('image/*',
 * 'audio/*', 'video/*') or exact MIME types ('application/pdf'). No list accepts everything.
 */
export const isFileAccepted = (file: FileLike, accept?: readonly string[]): boolean => {
  if (!accept || accept.length === 0) return true;
  const type = file.type.toLowerCase();
  const extension = extensionOf(file.name);
  return accept.some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (!rule) return false;
    if (rule.startsWith('.')) return extension === rule;
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
};

/** How a rejected file is named in the toast: its MIME type, or its extension when the browser gave none. */
export const fileTypeLabel = (file: FileLike): string =>
  file.type || extensionOf(file.name) || file.name;

export const unsupportedTypeMessage = (file: FileLike) =>
  `File type not supported ${fileTypeLabel(file)}`;

export const tooManyFilesMessage = (max: number) =>
  `Exceeded maximum number of files. Max files allowed: ${max}`;

export type FileSelection = { accepted: File[]; errors: string[] };

/**
 * Splits newly picked files into the accepted ones and the toasts to show. Going over `maxFiles`
 * (counting the files already chosen) rejects the whole pick, so the user never gets an arbitrary subset.
 */
export const selectFiles = (
  picked: readonly File[],
  {
    accept,
    maxFiles,
    alreadyChosen = 0,
  }: { accept?: readonly string[]; maxFiles?: number; alreadyChosen?: number },
): FileSelection => {
  const errors: string[] = [];
  const accepted: File[] = [];
  for (const file of picked) {
    if (isFileAccepted(file, accept)) accepted.push(file);
    else if (!errors.includes(unsupportedTypeMessage(file)))
      errors.push(unsupportedTypeMessage(file));
  }
  if (maxFiles !== undefined && alreadyChosen + accepted.length > maxFiles) {
    return { accepted: [], errors: [...errors, tooManyFilesMessage(maxFiles)] };
  }
  return { accepted, errors };
};
