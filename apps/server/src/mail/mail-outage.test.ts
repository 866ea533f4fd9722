import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded';
import { emailOutbox } from '../db/schema/index';
import { authClient } from '../modules/auth/test-helpers';
import { startMailCatcher } from '../test/mail-catcher';
import { createTestApp, createUser, type TestContext } from '../test/test-app';

let t: TestContext;
let smtpPort: number;

beforeAll(async () => {
  smtpPort = await freePort();
  // The app's mail goes to a port nobody listens on yet: the mail server is down.
  t = await createTestApp({ THROTTLE: 'false', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
});
afterAll(() => t.close());

describe('the mail server down while people sign up and reset passwords', () => {
  it('delivers every email once it is back, none twice', async () => {
    const api = authClient(t);
    const signUps = Array.from({ length: 6 }, (_, i) => `new${i}@example.test`);
    const resets = Array.from({ length: 4 }, (_, i) => `old${i}@example.test`);
    for (const email of resets) await createUser(t.db, { email });
    for (const email of signUps) {
      const res = await api.post('/api/users/', {
        email,
        password1: 'Lantern-Orbit-73',
        password2: 'Lantern-Orbit-73',
      });
      expect(res.statusCode).toBe(201);
    }
    for (const email of resets)
      expect((await api.post('/api/password-reset/', { email })).statusCode).toBe(200);

    // Every attempt fails while the server is down; the messages stay queued.
    expect(await t.mail.flush()).toBe(0);
    const queued = await t.db.select().from(emailOutbox);
    expect(queued).toHaveLength(10);
    for (const row of queued) expect(row).toMatchObject({ sentAt: null, attempts: 1 });

    const catcher = await startMailCatcher({ port: smtpPort });
    try {
      // The back-off has passed.
      await t.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
      let sent = 0;
      for (let round = 0; round < 5; round++) sent += await t.mail.flush();
      expect(sent).toBe(10);
      for (const email of [...signUps, ...resets]) expect(catcher.to(email)).toHaveLength(1);
      expect(catcher.messages).toHaveLength(10);
      // Nothing left to send, even once every back-off has passed.
      await t.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
      expect(await t.mail.flush()).toBe(0);
      expect(catcher.messages).toHaveLength(10);
    } finally {
      await catcher.close();
    }
  });
});
