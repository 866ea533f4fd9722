import type { FastifyRequest } from 'fastify';
import type { CursorPaginated } from '@portal/contract/common';
import { ApiError } from './errors';

/**
 * DRF's `CursorPagination` (decision 0054), read and written as DRF does: the cursor is the
 * base64 of a query string — `p` the position, `r=1` for a page before it rather than after,
 * `o` rows to skip past it — so a client that pages a DRF list pages this one the same way.
 * What a position means is the list's business; here it is an opaque string.
 */
export type Cursor = { offset: number; reverse: boolean; position: string | null };

/** DRF's cap on `o` (`offset_cutoff`): a forged cursor cannot ask for a long skip. */
const CURSOR_OFFSET_CUTOFF = 1000;

// No list position is anywhere near this long; a longer cursor is refused before it is decoded.
const MAX_CURSOR_LENGTH = 4096;

export const invalidCursor = () => new ApiError(404, { detail: 'Invalid cursor' });

// Python's `int()` as `_positive_int` and `bool(int(r))` apply it: surrounding blanks and a sign.
const INTEGER = /^\s*[+-]?\d{1,15}\s*$/;

/**
 * `?cursor=` as DRF's `decode_cursor` reads it: base64 (characters outside its alphabet are
 * dropped first, as Python's non-strict `b64decode` drops them) of ASCII query-string text. An
 * empty cursor is the first page. Anything else that does not decode is 404 "Invalid cursor".
 */
export const decodeCursor = (encoded: string): Cursor => {
  if (encoded.length > MAX_CURSOR_LENGTH) throw invalidCursor();
  const base64 = encoded.replace(/[^A-Za-z0-9+/=]/g, '');
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalidCursor();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.some((byte) => byte > 0x7f)) throw invalidCursor();
  const tokens = new URLSearchParams(bytes.toString('ascii'));
  const offset = tokens.get('o') ?? '0';
  const reverse = tokens.get('r') ?? '0';
  if (!INTEGER.test(offset) || !INTEGER.test(reverse) || Number(offset) < 0) throw invalidCursor();
  return {
    offset: Math.min(Number(offset), CURSOR_OFFSET_CUTOFF),
    reverse: Number(reverse) !== 0,
    position: tokens.get('p'),
  };
};

/** DRF's `encode_cursor`: only what differs from the first page's defaults is written. */
export const encodeCursor = (cursor: Cursor) => {
  const tokens = new URLSearchParams();
  if (cursor.offset !== 0) tokens.set('o', String(cursor.offset));
  if (cursor.reverse) tokens.set('r', '1');
  if (cursor.position !== null) tokens.set('p', cursor.position);
  return Buffer.from(tokens.toString(), 'ascii').toString('base64');
};

/** One page read at a cursor: its rows in list order, and whether more lie beyond them. */
export type CursorRows<T> = {
  rows: T[];
  /** The positions of the page's first and last rows (list order); null on an empty page. */
  first: string | null;
  last: string | null;
  /** A row exists past the page in the direction it was read (after it, or before if reversed). */
  more: boolean;
};

const cursorUrl = (request: FastifyRequest, cursor: Cursor) => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  // Page numbers mean nothing once a cursor is followed.
  url.searchParams.delete('page');
  url.searchParams.set('cursor', encodeCursor(cursor));
  return url.toString();
};

/**
 * The envelope of a cursor page, with DRF's links: forward, `next` continues after the last row
 * when one exists and `previous` goes back before the first whenever the cursor had a position;
 * reversed, the other way round. Positions are unique (every list's order ends with its id), so
 * a link never needs DRF's offset to step past equal positions.
 */
export const cursorResponse = <T>(
  request: FastifyRequest,
  cursor: Cursor,
  page: CursorRows<T>,
): CursorPaginated<T> => {
  const moved = cursor.position !== null || cursor.offset > 0;
  const [hasNext, hasPrevious] = cursor.reverse ? [moved, page.more] : [page.more, moved];
  return {
    next: hasNext
      ? cursorUrl(request, { offset: 0, reverse: false, position: page.last ?? cursor.position })
      : null,
    previous: hasPrevious
      ? cursorUrl(request, { offset: 0, reverse: true, position: page.first ?? cursor.position })
      : null,
    results: page.rows,
  };
};
