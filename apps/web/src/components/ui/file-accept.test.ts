import { describe, expect, it } from 'vitest';
import { fileTypeLabel, isFileAccepted, selectFiles } from './file-accept';

const file = (name: string, type = '', size = 10) => new File(['x'.repeat(size)], name, { type });

describe('isFileAccepted (spec §5)', () => {
  it.each([
    ['report.pdf', 'application/pdf', ['.pdf'], true],
    ['REPORT.PDF', '', ['.pdf'], true],
    ['report.pdf', 'application/pdf', ['.docx'], false],
    ['archive.tar.gz', 'application/gzip', ['.gz'], true],
    ['pdf', '', ['.pdf'], false],
    ['photo.png', 'image/png', ['image/*'], true],
    ['photo.png', 'image/png', ['video/*'], false],
    ['song.mp3', 'audio/mpeg', ['audio/*'], true],
    ['clip.mp4', 'video/mp4', ['video/*'], true],
    ['imagesomething.txt', 'imagefoo/bar', ['image/*'], false],
    ['report.pdf', 'application/pdf', ['application/pdf'], true],
    ['report.pdf', 'application/pdf', ['Application/PDF'], true],
    ['data.json', 'application/json', ['application/pdf'], false],
    ['notes.txt', 'text/plain', ['.pdf', 'image/*', 'text/plain'], true],
    ['anything.bin', 'application/octet-stream', [], true],
    ['anything.bin', 'application/octet-stream', undefined, true],
  ] as const)('%s (%s) with %j → %s', (name, type, accept, expected) => {
    expect(isFileAccepted(file(name, type), accept)).toBe(expected);
  });
});

describe('fileTypeLabel', () => {
  it('names the MIME type, or the extension when the browser gave no type', () => {
    expect(fileTypeLabel(file('a.zip', 'application/zip'))).toBe('application/zip');
    expect(fileTypeLabel(file('drawing.sketch'))).toBe('.sketch');
    expect(fileTypeLabel(file('Makefile'))).toBe('Makefile');
  });
});

describe('selectFiles', () => {
  it('keeps accepted files and names each unsupported type once', () => {
    const { accepted, errors } = selectFiles(
      [
        file('a.pdf', 'application/pdf'),
        file('b.exe', 'application/x-msdownload'),
        file('c.exe', 'application/x-msdownload'),
        file('d.sketch'),
      ],
      { accept: ['.pdf'] },
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(errors).toEqual([
      'File type not supported application/x-msdownload',
      'File type not supported .sketch',
    ]);
  });

  it('rejects the whole pick when it would exceed the maximum, counting files already chosen', () => {
    const two = [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')];
    expect(selectFiles(two, { maxFiles: 2 }).accepted).toHaveLength(2);
    expect(selectFiles(two, { maxFiles: 2, alreadyChosen: 1 })).toEqual({
      accepted: [],
      errors: ['Exceeded maximum number of files. Max files allowed: 2'],
    });
  });
});
