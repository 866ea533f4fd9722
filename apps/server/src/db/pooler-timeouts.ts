import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import { errorChain } from '../http/errors';
import { behindPooler, type Database } from './client';

/** Any constant every instance agrees on: "rolset" in ASCII. */
const ROLE_SETTINGS_LOCK = 0x726f6c736574;

const INSUFFICIENT_PRIVILEGE = '42501';

/** The settings each request connection needs, in milliseconds (their unit in PostgreSQL). */
const wantedSettings = (timeouts: DatabaseTimeouts) => ({
  statement_timeout: timeouts.statementMs,
  lock_timeout: timeouts.lockMs,
  idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
});

/** `name=value` entries of `pg_db_role_setting.setconfig` as a map. */
const parseSetconfig = (entries: readonly string[] | null) =>
  new Map(
    (entries ?? []).map((entry) => {
      const at = entry.indexOf('=');
      return [entry.slice(0, at), entry.slice(at + 1)] as const;
    }),
  );

/**
 * Behind a transaction pooler, makes the request timeouts (DATABASE_*_TIMEOUT_MS) the defaults
 * of the role the pooler connects as, in this database: `ALTER ROLE … IN DATABASE … SET`, which
 * every server connection the pooler opens starts with. They cannot travel as startup parameters
 * (PgBouncer refuses or drops them), and `SET LOCAL` per transaction would cover neither the
 * statements that run outside one nor come free (decision 0051, "PgBouncer"). Run through the
 * pooler, so it is its role and database that get them; under a lock, as two instances altering
 * one role at once fail ("tuple concurrently updated"); only when they differ, and said then.
 * Without a pooler nothing is done: the pool sends them as startup parameters.
 *
 * Returns what to print, or null when nothing changed.
 */
export const applyPoolerTimeouts = async (
  db: Database,
  timeouts: DatabaseTimeouts,
): Promise<{ message: string; warning: boolean } | null> => {
  if (!behindPooler(db)) return null;
  const wanted = wantedSettings(timeouts);
  const assignments = (role: string, database: string) =>
    Object.entries(wanted).map(
      ([name, ms]) =>
        `ALTER ROLE ${pg.escapeIdentifier(role)} IN DATABASE ${pg.escapeIdentifier(database)} SET ${name} = ${ms};`,
    );
  let where = { role: '<role>', database: '<database>' };
  try {
    return await db.transaction(async (tx) => {
      // Another instance holds the lock for a moment only; wait for it whatever lock_timeout is.
      await tx.execute(sql`SET LOCAL lock_timeout = 0`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLE_SETTINGS_LOCK})`);
      const { rows } = await tx.execute<{
        role: string;
        database: string;
        setconfig: string[] | null;
      }>(sql`
        SELECT current_user AS role, current_database() AS database,
          (SELECT s.setconfig FROM pg_db_role_setting s
            JOIN pg_roles r ON r.oid = s.setrole JOIN pg_database d ON d.oid = s.setdatabase
            WHERE r.rolname = current_user AND d.datname = current_database()) AS setconfig`);
      const row = rows[0];
      if (!row) throw new Error('no answer from current_user');
      where = { role: row.role, database: row.database };
      // This server connection, and another instance's waiting on the lock, opened before the
      // defaults were set: they take the values too (the same as the defaults, so nothing that
      // differs stays behind on a connection PgBouncer hands to someone else).
      for (const [name, ms] of Object.entries(wanted))
        await tx.execute(sql`SELECT set_config(${name}, ${String(ms)}, false)`);
      const had = parseSetconfig(row.setconfig);
      const differ = Object.entries(wanted).filter(([name, ms]) => had.get(name) !== String(ms));
      if (differ.length === 0) return null;
      for (const statement of assignments(row.role, row.database))
        await tx.execute(sql.raw(statement));
      const changed = differ.map(([name, ms]) => `${name} ${ms} ms`).join(', ');
      return {
        message:
          `Request timeouts behind the pooler: ${changed}, set as defaults of role ${row.role} in database ${row.database}` +
          // A first start finds no server connection yet; a change reaches those open only once
          // the pooler replaces them.
          (had.size > 0
            ? ` (the pooler's server connections opened before keep the old values until it replaces them: server_lifetime, or RECONNECT on PgBouncer's console).`
            : '.'),
        warning: false,
      };
    });
  } catch (error) {
    // Refused (a role that may not alter itself): the operator can; anything else, such as the
    // pooler being unreachable, stops the start like any other database error.
    const refused = [...errorChain(error)].find((e) => e.code === INSUFFICIENT_PRIVILEGE);
    if (!refused) throw error;
    return {
      message:
        `Could not set the request timeouts as defaults of the pooler's role (${refused.message}); ` +
        `without them a locked table holds request connections for as long as it stays locked. Run as an administrator: ` +
        assignments(where.role, where.database).join(' '),
      warning: true,
    };
  }
};

/** Applies them at start-up and says what changed (a warning on stderr when it could not). */
export const reportPoolerTimeouts = async (db: Database, timeouts: DatabaseTimeouts) => {
  const result = await applyPoolerTimeouts(db, timeouts);
  if (result?.warning) console.warn(`  ${result.message}`);
  else if (result) console.log(`  ${result.message}`);
};
