import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../db/client';
import { emailOutbox } from '../db/schema/index';

export type Email = { to: string; subject: string; text: string; html?: string };

/** Queues a message; pass the transaction of the change that causes it. */
export const enqueueEmail = async (db: Executor, email: Email) => {
  await db
    .insert(emailOutbox)
    .values({ to: email.to, subject: email.subject, text: email.text, html: email.html ?? null });
};

type Send = (message: Email & { from: string }) => Promise<void>;

/** SMTP when a URL is configured, otherwise one `.eml` file per message for development. */
const createSender = (options: {
  smtpUrl: string | undefined;
  mailDir: string;
  log: (m: string) => void;
}): Send => {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return async (message) => {
      await transport.sendMail(message);
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return async (message) => {
    const info = await transport.sendMail(message);
    await mkdir(options.mailDir, { recursive: true });
    const file = path.join(
      options.mailDir,
      `${Date.now()}-${message.to.replace(/[^\w.@-]/g, '_')}.eml`,
    );
    // Written under a temporary name and renamed, so a reader never sees half a message.
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
    options.log(`Email to ${message.to} "${message.subject}" written to ${file}\n${message.text}`);
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
 * Delivers the outbox. Rows are claimed with SKIP LOCKED so several server instances can run a
 * worker each; a failed send is retried with exponential back-off, up to MAX_ATTEMPTS.
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
  },
): MailWorker => {
  const send = createSender(options);
  let running: Promise<number> | null = null;
  let stopped = false;

  const runOnce = async (): Promise<number> => {
    let sent = 0;
    await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(emailOutbox)
        .where(
          and(
            isNull(emailOutbox.sentAt),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
            sql`${emailOutbox.attempts} < ${MAX_ATTEMPTS}`,
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of due) {
        // Stopping (shutdown): the rest of the batch stays queued, unlocked at commit, for the
        // next worker; the message being sent is finished and recorded first.
        if (stopped) break;
        try {
          await send({
            from: options.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
          });
          await tx
            .update(emailOutbox)
            .set({ sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
            .where(eq(emailOutbox.id, row.id));
          sent++;
        } catch (error) {
          options.onError(error);
          const delaySeconds = 2 ** row.attempts * 30;
          await tx
            .update(emailOutbox)
            .set({
              attempts: row.attempts + 1,
              lastError: String(error),
              nextAttemptAt: sql`now() + ${`${delaySeconds} seconds`}::interval`,
            })
            .where(eq(emailOutbox.id, row.id));
        }
      }
    });
    return sent;
  };

  const flush = async () => {
    while (running) await running.catch(() => 0);
    running = runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    flush().catch(options.onError);
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
