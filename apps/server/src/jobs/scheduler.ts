import PgBoss from 'pg-boss';
import type { AppContext } from '../context';

/** What a feature declares to have run on a schedule, by exactly one instance each time. */
export type ScheduledJob = {
  /** pg-boss's queue name: kebab-case, unique across the portal. */
  name: string;
  /** When, in cron syntax, UTC. */
  cron: string;
  run(): Promise<void>;
};

/** Any constant every instance agrees on: "notify" in ASCII (the first jobs were notifications). */
const JOBS_SETUP_LOCK = 0x6e6f74696679;

/**
 * Scheduled work on pg-boss (DESIGN §8 "Jobs"): its cron rows and job locks live in PostgreSQL,
 * so of several instances exactly one runs each job, and none keeps an in-process timer that
 * every instance would run. One pg-boss per process, whatever the number of jobs.
 */
export const startScheduledJobs = async (
  ctx: Pick<AppContext, 'db'>,
  options: { databaseUrl: string; jobs: readonly ScheduledJob[]; onError(error: unknown): void },
) => {
  // DATABASE_URL, through PgBouncer too: pg-boss 10 keeps no session state — its locks are
  // `pg_advisory_xact_lock` inside one `BEGIN; … COMMIT` string, it does not LISTEN and names no
  // statement (issue 28).
  const boss = new PgBoss({ connectionString: options.databaseUrl, max: 2 });
  boss.on('error', options.onError);
  // Instances starting together would deadlock creating the same queues: one at a time. The lock
  // covers `start()` too, which creates pg-boss's own cron queue (`__pgboss__send-it`): outside
  // it, two instances deadlocked adding that queue's foreign key (seen in a clean-clone run).
  // A session lock: on a direct connection (a transaction pooler would not keep it).
  const client = await ctx.db.$direct.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [JOBS_SETUP_LOCK]);
    await boss.start();
    for (const job of options.jobs) {
      if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name);
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [JOBS_SETUP_LOCK]).catch(() => undefined);
    client.release();
  }
  for (const job of options.jobs) await boss.work(job.name, () => job.run());
  return {
    /** Lets a job in progress finish; each job's writes are transactions of their own. */
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
};
