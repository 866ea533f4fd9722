import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config';
import { loggableError } from '../http/errors';
import { classifyDatabaseError } from '../http/database-errors';
import { runMigrations, type Database } from './client';
import { reportConnectionBudget } from './connection-budget';
import { reportPoolerTimeouts } from './pooler-timeouts';

const FIRST_DELAY_MS = 250;
const LONGEST_DELAY_MS = 5_000;

/**
 * Waits for a database that cannot be reached yet — a host booting with PostgreSQL, a database
 * restarting under a deploy — trying again with a growing delay (250 ms doubling to 5 s) until
 * `timeoutMs` has passed, then gives up with the last error. Says so once when it starts waiting
 * and once when the database answers: two lines, however long the wait. Anything but an outage
 * (a refused password, a missing database) is a configuration to fix and fails at once.
 */
export const waitForDatabase = async (
  db: Database,
  options: { timeoutMs: number; log: (message: string) => void },
) => {
  const deadline = Date.now() + options.timeoutMs;
  for (
    let delay = FIRST_DELAY_MS, waited = false;
    ;
    delay = Math.min(delay * 2, LONGEST_DELAY_MS)
  ) {
    try {
      await db.$client.query('SELECT 1');
      if (waited) options.log('The database answers: starting.');
      return;
    } catch (error) {
      if (classifyDatabaseError(error) === null || Date.now() + delay > deadline) throw error;
      if (!waited) {
        const { code, message } = loggableError(error);
        const seconds = Math.round(options.timeoutMs / 1000);
        options.log(
          `The database cannot be reached yet (${code ?? message ?? 'no answer'}): trying again for up to ${seconds} s.`,
        );
        waited = true;
      }
      await sleep(delay);
    }
  }
};

/**
 * What the process that owns the database does before anything serves: wait for it, apply the
 * migrations, and report the pooler's timeouts and the connection budget. Run by a single
 * process, or by a cluster's primary for its workers.
 */
export const prepareDatabase = async (
  db: Database,
  config: Pick<
    Config,
    'databaseStartTimeoutMs' | 'databaseTimeouts' | 'databasePoolSize' | 'webConcurrency'
  >,
) => {
  await waitForDatabase(db, {
    timeoutMs: config.databaseStartTimeoutMs,
    log: (message) => console.error(`  ${message}`),
  });
  await runMigrations(db);
  await reportPoolerTimeouts(db, config.databaseTimeouts);
  await reportConnectionBudget(db, config);
};
