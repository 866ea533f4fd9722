import { count, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canvases, clients, leads, users } from '../db/schema/index';
import { createTestApp, type TestContext } from '../test/test-app';
import { bootstrap } from './index';

let t: TestContext;
beforeEach(async () => {
  t = await createTestApp({
    DEMO_DATA: 'true',
    ADMIN_EMAIL: 'first@studio.test',
    ADMIN_PASSWORD: 'first-password-1',
  });
});
afterEach(() => t.close());

const rows = async () => {
  const n = async (table: typeof users | typeof clients | typeof leads | typeof canvases) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    users: await n(users),
    clients: await n(clients),
    leads: await n(leads),
    canvases: await n(canvases),
  };
};

describe('bootstrap', () => {
  it('creates the first superuser and the demo data once, and says so once', async () => {
    const said: string[] = [];
    await bootstrap(t.ctx, (message) => said.push(message));
    const seeded = await rows();
    expect(seeded.users).toBeGreaterThan(1);
    expect(seeded.clients).toBeGreaterThan(0);
    expect(seeded.canvases).toBeGreaterThan(0);
    expect(said).toEqual([
      'First superuser created: first@studio.test (password from ADMIN_PASSWORD)',
      'Demo data loaded (set DEMO_DATA=false to start empty).',
    ]);

    await bootstrap(t.ctx, (message) => said.push(message));
    expect(await rows()).toEqual(seeded);
    expect(said).toHaveLength(2);
  });

  it("brands the demo as Northwind's portal, with a logo that is served", async () => {
    await bootstrap(t.ctx, () => undefined);
    const studio = (await t.app.inject({ method: 'GET', url: '/api/studio/' })).json() as {
      name: string;
      logo_url: string;
      estimate_validity_days: number;
    };
    expect(studio.name).toBe('Northwind Design Studio');
    expect(studio.estimate_validity_days).toBe(30);
    const logo = await t.app.inject({
      method: 'GET',
      url: new URL(studio.logo_url).pathname,
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('leaves nothing behind when it fails halfway, so the next start seeds again', async () => {
    // The last area's demo rows fail to insert, after every earlier area has written its own.
    await t.db.execute(sql`
      CREATE FUNCTION refuse_canvas() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
      CREATE TRIGGER refuse_canvas BEFORE INSERT ON canvases
        FOR EACH ROW EXECUTE FUNCTION refuse_canvas();
    `);
    const said: string[] = [];
    await expect(bootstrap(t.ctx, (message) => said.push(message))).rejects.toThrow();
    expect(await rows()).toEqual({ users: 0, clients: 0, leads: 0, canvases: 0 });
    expect(said).toEqual([]);

    await t.db.execute(sql`DROP TRIGGER refuse_canvas ON canvases`);
    await bootstrap(t.ctx, (message) => said.push(message));
    expect((await rows()).canvases).toBeGreaterThan(0);
    expect(said).toHaveLength(2);
  });

  it('seeds once when two instances start together on a new database', async () => {
    const said: string[] = [];
    await Promise.all([
      bootstrap(t.ctx, (message) => said.push(message)),
      bootstrap(t.ctx, (message) => said.push(message)),
    ]);
    const superusers = await t.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.isSuperuser}`);
    expect(superusers.filter((u) => u.email === 'first@studio.test')).toHaveLength(1);
    expect(said).toHaveLength(2);
  });
});
