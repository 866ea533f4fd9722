import { TEST_RUN_MESSAGES, TEST_RUN_LIMITS } from '@portal/contract/test-runs';
import type { TEST_RUN_ATTACHMENT_TYPES } from '@portal/contract/test-runs';
import { fieldError } from '../../http/errors';

export type SniffedFile = {
  body: Buffer;
  contentType: (typeof TEST_RUN_ATTACHMENT_TYPES)[number];
  extension: string;
};

const startsWith = (body: Buffer, bytes: number[], at = 0) =>
  bytes.every((byte, i) => body[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Signatures of the accepted formats; what the browser claims a file is does not count. */
const FORMATS: {
  test: (body: Buffer) => boolean;
  type: SniffedFile['contentType'];
  ext: string;
}[] = [
  {
    test: (b) => startsWith(b, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]),
    type: 'image/png',
    ext: 'png',
  },
  { test: (b) => startsWith(b, [0xff, 0xd8, 0xff]), type: 'image/jpeg', ext: 'jpg' },
  {
    test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
    type: 'image/gif',
    ext: 'gif',
  },
  {
    test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
    type: 'image/webp',
    ext: 'webp',
  },
  { test: (b) => startsWith(b, ascii('%PDF-')), type: 'application/pdf', ext: 'pdf' },
];

/**
 * An uploaded attachment checked by its first bytes: a PNG, JPEG, GIF or WebP screenshot or a
 * PDF, not empty, at most 10 MB; anything else is a 400 on `file`. The bytes are kept as sent
 * (a screenshot is evidence; re-encoding could change it), and served as an attachment
 * download with its sniffed type, never as HTML.
 */
export const sniffAttachment = (body: Buffer): SniffedFile => {
  if (body.length === 0) throw fieldError('file', TEST_RUN_MESSAGES.attachmentEmpty);
  if (body.length > TEST_RUN_LIMITS.attachmentBytes)
    throw fieldError('file', TEST_RUN_MESSAGES.attachmentTooLarge);
  const format = FORMATS.find((f) => f.test(body));
  if (!format) throw fieldError('file', TEST_RUN_MESSAGES.attachmentType);
  return { body, contentType: format.type, extension: format.ext };
};

/** A file name as shown: its last path segment, one line, bounded; never empty. */
export const cleanFileName = (name: string, extension: string) => {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, TEST_RUN_LIMITS.attachmentName);
  return base === '' ? `screenshot.${extension}` : base;
};
