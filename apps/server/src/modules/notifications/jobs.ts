import PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { sendDigests, sendInstantEmails } from './emails';

const DIGEST = 'notification-digest';
const INSTANT = 'notification-instant-emails';
/** Any constant every instance agrees on: "notify" in ASCII. */
const JOBS_SETUP_LOCK = 0x6e6f74696679;

/** The UTC day a digest belongs to: at most one per person per day. */
export const digestDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Scheduled notification emails on pg-boss (DESIGN §8 "Jobs"): its cron rows and job locks live
 * in PostgreSQL, so of several instances exactly one runs each job. The daily digest goes out at
 * `cron` (UTC); every minute a sweep mails instant notifications nobody's listener caught (an
 * instance stopped between the commit and its mail).
 */
export const startNotificationJobs = async (
  ctx: Pick<AppContext, 'db' | 'config' | 'mail'>,
  options: { databaseUrl: string; cron: string; onError: (error: unknown) => void },
) => {
  const boss = new PgBoss({ connectionString: options.databaseUrl, max: 2 });
  boss.on('error', options.onError);
  await boss.start();
  // Instances starting together would deadlock creating the same queues: one at a time.
  const client = await ctx.db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [JOBS_SETUP_LOCK]);
    for (const name of [DIGEST, INSTANT])
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
    await boss.schedule(DIGEST, options.cron, {}, { tz: 'UTC' });
    await boss.schedule(INSTANT, '* * * * *', {}, { tz: 'UTC' });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [JOBS_SETUP_LOCK]).catch(() => undefined);
    client.release();
  }
  await boss.work(DIGEST, async () => {
    if ((await sendDigests(ctx.db, ctx.config, digestDay(new Date()))) > 0) ctx.mail.poke();
  });
  await boss.work(INSTANT, async () => {
    if ((await sendInstantEmails(ctx.db, ctx.config)) > 0) ctx.mail.poke();
  });
  return {
    /** Lets a job in progress finish (its emails are queued in one transaction anyway). */
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
};
