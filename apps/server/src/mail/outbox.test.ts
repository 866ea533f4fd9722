import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { freePort } from '../db/embedded';
import { emailOutbox } from '../db/schema/index';
import { startMailCatcher } from '../test/mail-catcher';
import { createTestDatabase } from '../test/test-app';
import { enqueueEmail, startMailWorker, type Email } from './outbox';

const waitFor = (ms: number) => new Promise<true>((resolve) => setTimeout(() => resolve(true), ms));

let database: DatabaseHandle;
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), { max: 3 });
});
afterAll(() => database.close());

const worker = (smtpUrl: string) =>
  startMailWorker(database.db, {
    smtpUrl,
    mailDir: '/tmp/unused',
    from: 'Portal <no-reply@portal.test>',
    intervalMs: 3_600_000,
    log: () => {},
    onError: () => {},
  });

/** Queues one message and delivers it to `.eml` files, collecting what the worker logs. */
const deliverToFile = async (email: Email, logLinks: boolean) => {
  await database.db.delete(emailOutbox);
  const mailDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
  await enqueueEmail(database.db, email);
  const logged: string[] = [];
  const files = startMailWorker(database.db, {
    smtpUrl: undefined,
    mailDir,
    from: 'Portal <no-reply@portal.test>',
    intervalMs: 3_600_000,
    log: (m) => logged.push(m),
    onError: () => {},
    logLinks,
  });
  expect(await files.flush()).toBe(1);
  await files.stop();
  return { mailDir, logged };
};

describe('email outbox', () => {
  it('keeps a message through a mail server outage and delivers it once the server is back', async () => {
    await database.db.delete(emailOutbox);
    await enqueueEmail(database.db, {
      to: 'pat@example.com',
      subject: 'Hello',
      text: 'Visit https://portal.test/x',
    });

    const down = worker(`smtp://127.0.0.1:${await freePort()}`);
    expect(await down.flush()).toBe(0);
    await down.stop();
    const [failed] = await database.db.select().from(emailOutbox);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: a flush leaves it alone instead of hammering the server.
    const catcher = await startMailCatcher();
    const up = worker(catcher.url);
    expect(await up.flush()).toBe(0);

    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, failed!.id));
    expect(await up.flush()).toBe(1);
    await up.stop();
    await catcher.close();

    expect(catcher.to('pat@example.com')).toHaveLength(1);
    expect(catcher.messages[0]).toMatchObject({
      subject: 'Hello',
      links: ['https://portal.test/x'],
    });
    const [sent] = await database.db.select().from(emailOutbox);
    expect(sent?.sentAt).toBeInstanceOf(Date);
  });

  it('writes each message to an .eml file when no SMTP server is configured', async () => {
    const { mailDir, logged } = await deliverToFile(
      {
        to: 'kim@example.com',
        subject: 'Verify',
        text: 'Open https://portal.test/verify-email/a/b',
      },
      true,
    );
    const names = await readdir(mailDir);
    expect(names).toEqual([expect.stringMatching(/^\d+-kim@example\.com\.eml$/)]);
    const raw = await readFile(path.join(mailDir, names[0]!), 'utf8');
    expect(raw).toContain('Subject: Verify');
    expect(raw).toContain('https://portal.test/verify-email/a/b');
    // The link is also in the log, so a newcomer can verify an account without a mail client,
    // clearly marked as a development-only secret.
    expect(logged.join('\n')).toContain('https://portal.test/verify-email/a/b');
    expect(logged.join('\n')).toContain('development only');
  });

  it('never logs a secret link unless asked to (a real deployment)', async () => {
    const { logged } = await deliverToFile(
      {
        to: 'lee@example.com',
        subject: 'Reset',
        text: 'Open https://portal.test/reset-password/secret',
      },
      false,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('lee@example.com');
    expect(logged[0]).not.toContain('secret');
  });

  it('holds no lock while a silent mail server keeps it waiting, and gives up in time', async () => {
    await database.db.delete(emailOutbox);
    await enqueueEmail(database.db, { to: 'sam@example.com', subject: 'Hi', text: 'x' });
    const sockets = new Set<Socket>();
    let connected = () => {};
    const sending = new Promise<void>((resolve) => (connected = resolve));
    // Accepts the connection and never says hello.
    const silent = createServer((socket) => {
      sockets.add(socket);
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const errors: unknown[] = [];
    const hanging = startMailWorker(database.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailDir: '/tmp/unused',
      from: 'Portal <no-reply@portal.test>',
      intervalMs: 3_600_000,
      log: () => {},
      onError: (e) => errors.push(e),
      smtpTimeoutMs: 1_000,
    });
    const started = Date.now();
    const flushing = hanging.flush();
    // The worker connects only after it has claimed the row: from here on it is mid-send.
    await sending;
    // Mid-send the row is claimed but not locked: another transaction can lock it at once.
    const locked = await database.db.transaction(async (tx) =>
      tx.execute(sql`SELECT id FROM email_outbox FOR UPDATE NOWAIT`),
    );
    expect(locked.rows).toHaveLength(1);
    const [claimed] = await database.db.select().from(emailOutbox);
    expect(claimed).toMatchObject({ attempts: 1, sentAt: null });
    expect(await flushing).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    await hanging.stop();
    for (const socket of sockets) socket.destroy();
    silent.close();
    expect(errors).toHaveLength(1);
    const [failed] = await database.db.select().from(emailOutbox);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/timeout|greeting never received/i);
  });

  it('leaves a message claimed by a worker that died alone until its lease ends, then sends it once', async () => {
    await database.db.delete(emailOutbox);
    await enqueueEmail(database.db, { to: 'ann@example.com', subject: 'A', text: 'x' });
    await enqueueEmail(database.db, { to: 'ben@example.com', subject: 'B', text: 'x' });
    // What a crash between claim and send leaves behind: attempts counted, a lease in the future.
    const [first] = await database.db.select().from(emailOutbox).orderBy(emailOutbox.id).limit(1);
    await database.db
      .update(emailOutbox)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() + 300_000) })
      .where(eq(emailOutbox.id, first!.id));
    const catcher = await startMailCatcher();
    const w = worker(catcher.url);
    expect(await w.flush()).toBe(1);
    expect(catcher.messages.map((m) => m.subject)).toEqual(['B']);
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(emailOutbox.id, first!.id));
    expect(await w.flush()).toBe(1);
    expect(await w.flush()).toBe(0);
    await w.stop();
    await catcher.close();
    expect(catcher.messages.map((m) => m.subject)).toEqual(['B', 'A']);
  });

  it('sends each message once when two workers flush at the same time', async () => {
    await database.db.delete(emailOutbox);
    for (let i = 0; i < 10; i++)
      await enqueueEmail(database.db, { to: `p${i}@example.com`, subject: `m${i}`, text: 'x' });
    const catcher = await startMailCatcher();
    const a = worker(catcher.url);
    const b = worker(catcher.url);
    const [sentA, sentB] = await Promise.all([a.flush(), b.flush()]);
    await Promise.all([a.stop(), b.stop()]);
    await catcher.close();
    expect(sentA + sentB).toBe(10);
    expect(catcher.messages).toHaveLength(10);
  });

  it('stops after the message it is sending, leaving the rest queued for another worker', async () => {
    await database.db.delete(emailOutbox);
    for (const n of [1, 2, 3])
      await enqueueEmail(database.db, { to: `n${n}@example.com`, subject: `No. ${n}`, text: 'x' });
    const slow = await startMailCatcher({ delayMs: 400 });
    const stopping = worker(slow.url);
    const batch = stopping.flush();
    // Shutdown arrives while the first message is on the wire.
    while (slow.receiving() === 0) await waitFor(10);
    await stopping.stop();
    expect(await batch).toBe(1);
    const rows = await database.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows.map((row) => [row.to, row.attempts, row.sentAt !== null])).toEqual([
      ['n1@example.com', 1, true],
      ['n2@example.com', 0, false],
      ['n3@example.com', 0, false],
    ]);
    expect(slow.messages.map((m) => m.subject)).toEqual(['No. 1']);
    await slow.close();
  });

  it('reports a database outage once, not on every tick, and never with query parameters', async () => {
    const gone = connectDatabase(`postgres://nobody@127.0.0.1:${await freePort()}/none`, {
      max: 1,
    });
    const errors: unknown[] = [];
    const w = startMailWorker(gone.db, {
      smtpUrl: 'smtp://127.0.0.1:1',
      mailDir: '/tmp/unused',
      from: 'Portal <no-reply@portal.test>',
      intervalMs: 40,
      log: () => {},
      onError: (e) => errors.push(e),
    });
    // The first tick reports the outage; ten more ticks (40 ms apart) must not report it again.
    await vi.waitUntil(() => errors.length > 0, { timeout: 10_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await w.stop();
    await gone.close();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/ECONNREFUSED/);
    expect(String(errors[0])).not.toMatch(/params|Failed query/);
  });
});
