import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link stays valid at least; links of the same window are identical (cacheable). */
const WINDOW_SECONDS = 3600;

const sign = (secret: string, id: number, expires: number) =>
  createHmac('sha256', secret).update(`test-run-attachment:${id}:${expires}`).digest('hex');

/**
 * Links to attachments that work in `<img src>` and in a printed report, where no token header
 * is sent (decision 0019): only a caller who may read the run gets one, and it expires within
 * one to two hours. Rounded to the hour so a page reloaded within the hour reuses the cache.
 */
export const attachmentLinks = (secret: string, now = () => Date.now()) => ({
  link: (id: number) => {
    const expires = (Math.floor(now() / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
    return `/api/test-run-attachments/${id}/?expires=${expires}&signature=${sign(secret, id, expires)}`;
  },
  verify: (id: number, expires: number, signature: string) => {
    if (expires * 1000 < now()) return false;
    const expected = Buffer.from(sign(secret, id, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  },
});
