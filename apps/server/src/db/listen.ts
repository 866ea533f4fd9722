import type pg from 'pg';

/** Gives a LISTEN connection back to its pool, listening no more, once nothing needs it. */
export const releaseListener = async (held: pg.PoolClient | null, channel: string) => {
  if (!held) return;
  held.removeAllListeners('notification');
  await held.query(`UNLISTEN ${channel}`).catch(() => undefined);
  held.release();
};
