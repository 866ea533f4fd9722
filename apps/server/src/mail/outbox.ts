import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import type { Database, Executor } from '../db/client';
import { UTC } from '@portal/contract/time';
import { emailOutbox, users } from '../db/schema/index';

export type Email = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The sender's display name: the studio's (decision 0045); the address stays `MAIL_FROM`'s. */
  fromName?: string;
};

/** Queues a message; pass the transaction of the change that causes it. */
export const enqueueEmail = async (db: Executor, email: Email) => {
  await db.insert(emailOutbox).values({
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? null,
    headers: email.headers ?? null,
    fromName: email.fromName ?? null,
  });
};

/** Whom a message is written for: the address, and the zone its times are written in. */
export type Recipient = { email: string; timeZone: string };

/** A person's zone for a message: theirs, or UTC (said in the message) before they chose one. */
export const recipientZone = (timeZone: string | null) => timeZone ?? UTC;

/**
 * Queues one message to every active staff member, in the order they joined; `message` writes
 * each one for its recipient (their address, their clock). Pass the transaction of the change
 * that causes it.
 */
export const enqueueStaffEmail = async (db: Executor, message: (to: Recipient) => Email) => {
  const staff = await db
    .select({ email: users.email, timeZone: users.timeZone })
    .from(users)
    .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  for (const { email, timeZone } of staff)
    await enqueueEmail(db, message({ email, timeZone: recipientZone(timeZone) }));
};

type Send = (
  message: Omit<Email, 'fromName'> & { from: string | { name: string; address: string } },
) => Promise<void>;

/** `MAIL_FROM` under another display name; a `MAIL_FROM` that names no address is kept whole. */
const fromWithName = (from: string, name: string | null) => {
  if (!name) return from;
  const [parsed] = addressparser(from, { flatten: true });
  return parsed?.address ? { name, address: parsed.address } : from;
};

/**
 * A mail server that accepts the connection and then says nothing must not hold a message (or
 * the worker) forever: each step of an SMTP conversation has its own limit.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/**
 * How long a claimed message is left alone before another worker may try it: longer than any
 * send can take with the timeouts above, so only a crashed worker's message is taken over.
 */
const CLAIM_LEASE_SECONDS = 300;

/** Nodemailer is read by the first email a process sends, not by every process at start (decision 0052). */
const nodemailer = () => import('nodemailer').then((module) => module.default);
type Mailer = Awaited<ReturnType<typeof nodemailer>>;
type Transporter = ReturnType<Mailer['createTransport']>;

/** SMTP when a URL is configured, otherwise one `.eml` file per message for development. */
const createSender = (options: {
  smtpUrl: string | undefined;
  mailDir: string;
  log: (m: string) => void;
  logLinks: boolean;
  smtpTimeoutMs?: number | undefined;
}): Send => {
  if (options.smtpUrl) {
    const ms = options.smtpTimeoutMs;
    const timeouts =
      ms === undefined
        ? SMTP_TIMEOUTS
        : { connectionTimeout: ms, greetingTimeout: ms, socketTimeout: ms };
    const url = options.smtpUrl;
    let transport: Promise<Transporter> | undefined;
    return async (message) => {
      transport ??= nodemailer().then((mailer) => mailer.createTransport({ url, ...timeouts }));
      await (await transport).sendMail(message);
    };
  }
  let transport: Promise<Transporter> | undefined;
  return async (message) => {
    transport ??= nodemailer().then((mailer) =>
      mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await transport).sendMail(message);
    await mkdir(options.mailDir, { recursive: true });
    const file = path.join(
      options.mailDir,
      `${Date.now()}-${message.to.replace(/[^\w.@-]/g, '_')}.eml`,
    );
    // Written under a temporary name and renamed, so a reader never sees half a message.
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
    const where = `Email to ${message.to} "${message.subject}" written to ${file}`;
    // Reset, verification and invitation links are secrets: the log shows them only on the
    // embedded development setup, where a newcomer has no mail client (decision 0017).
    options.log(
      options.logLinks
        ? `${where}\n--- development only: this email's links are secret; never shown on a real deployment ---\n${message.text}`
        : where,
    );
  };
};

/** After this many failed attempts a message stays in the outbox, given up. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;

export type MailWorker = {
  /** Sends everything due now; resolves when the batch is done. Tests call it directly. */
  flush: () => Promise<number>;
  /** Asks the worker to run soon (after a commit that queued mail). */
  poke: () => void;
  /** Stops after the message being sent now; resolves once that one is recorded. */
  stop: () => Promise<void>;
};

/**
 * Delivers the outbox one message at a time: a message is claimed in one short statement (SKIP
 * LOCKED, so several server instances can run a worker each, and a lease so nobody else takes it
 * while it is being sent), sent with no transaction open, then marked sent. A crash or a database
 * restart can at worst re-send the one message in flight; a hanging mail server holds no locks.
 * A failed send is retried with exponential back-off, up to MAX_ATTEMPTS.
 */
export const startMailWorker = (
  db: Database,
  options: {
    smtpUrl: string | undefined;
    mailDir: string;
    from: string;
    intervalMs?: number;
    log: (m: string) => void;
    onError: (e: unknown) => void;
    /** Print each file-delivered message, links included (embedded development setup only). */
    logLinks?: boolean;
    /** Overrides SMTP_TIMEOUTS (tests use a short one against a silent server). */
    smtpTimeoutMs?: number;
  },
): MailWorker => {
  const send = createSender({ ...options, logLinks: options.logLinks ?? false });
  let running: Promise<number> | null = null;
  let stopped = false;

  const claim = async () => {
    const next = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          sql`${emailOutbox.attempts} < ${MAX_ATTEMPTS}`,
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${`${CLAIM_LEASE_SECONDS} seconds`}::interval`,
      })
      .where(inArray(emailOutbox.id, next))
      .returning();
    return row;
  };

  const deliver = async (row: typeof emailOutbox.$inferSelect): Promise<boolean> => {
    try {
      await send({
        from: fromWithName(options.from, row.fromName),
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } catch (error) {
      options.onError(error);
      const delaySeconds = 2 ** (row.attempts - 1) * 30;
      await db
        .update(emailOutbox)
        .set({
          lastError: String(error),
          nextAttemptAt: sql`now() + ${`${delaySeconds} seconds`}::interval`,
        })
        .where(eq(emailOutbox.id, row.id));
      return false;
    }
    await db
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    return true;
  };

  const runOnce = async (): Promise<number> => {
    let sent = 0;
    for (let i = 0; i < BATCH && !stopped; i++) {
      const row = await claim();
      if (!row) break;
      if (await deliver(row)) sent++;
    }
    return sent;
  };

  const flush = async () => {
    while (running) await running.catch(() => 0);
    running = runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  // A database outage fails every tick the same way: report it once, again only when the
  // failure changes or after the worker has run cleanly. A failed query is reported by the
  // driver's error, never Drizzle's wrapper, whose message carries the query parameters.
  let lastFailure: string | null = null;
  const tick = () => {
    if (stopped) return;
    flush().then(
      () => {
        lastFailure = null;
      },
      (error: unknown) => {
        const wrapped = error instanceof Error && 'query' in error && error.cause !== undefined;
        const reported = wrapped ? error.cause : error;
        const message = String(reported);
        if (message !== lastFailure) options.onError(reported);
        lastFailure = message;
      },
    );
  };
  const timer = setInterval(tick, options.intervalMs ?? 5_000);
  timer.unref();

  return {
    flush,
    poke: () => setImmediate(tick),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
};
