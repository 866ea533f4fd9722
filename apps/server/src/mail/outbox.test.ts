import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { freePort } from '../db/embedded';
import { emailOutbox } from '../db/schema/index';
import { startMailCatcher } from '../test/mail-catcher';
import { createTestDatabase } from '../test/test-app';
import { enqueueEmail, startMailWorker } from './outbox';

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
    await database.db.delete(emailOutbox);
    const mailDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
    await enqueueEmail(database.db, {
      to: 'kim@example.com',
      subject: 'Verify',
      text: 'Open https://portal.test/verify-email/a/b',
    });
    const logged: string[] = [];
    const files = startMailWorker(database.db, {
      smtpUrl: undefined,
      mailDir,
      from: 'Portal <no-reply@portal.test>',
      intervalMs: 3_600_000,
      log: (m) => logged.push(m),
      onError: () => {},
    });
    expect(await files.flush()).toBe(1);
    await files.stop();
    const names = await readdir(mailDir);
    expect(names).toEqual([expect.stringMatching(/^\d+-kim@example\.com\.eml$/)]);
    const raw = await readFile(path.join(mailDir, names[0]!), 'utf8');
    expect(raw).toContain('Subject: Verify');
    expect(raw).toContain('https://portal.test/verify-email/a/b');
    // The link is also in the log, so a newcomer can verify an account without a mail client.
    expect(logged.join('\n')).toContain('https://portal.test/verify-email/a/b');
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
});
