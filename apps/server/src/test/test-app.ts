import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { createStudioSource } from '../studio/source';
import { connectDatabase, type Database } from '../db/client';
import { users } from '../db/schema/index';
import { startMailWorker } from '../mail/outbox';
import { createStorage } from '../storage/storage';
import { hashPassword } from '../modules/auth/passwords';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

let databaseCounter = 0;

/**
 * A fresh database cloned from the migrated template (or `empty`, not even migrated, as a first
 * deploy finds it); dropped again by the global teardown.
 */
export const createTestDatabase = async (options: { empty?: boolean } = {}) => {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `${template}_f${process.pid}_${databaseCounter++}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    options.empty
      ? `CREATE DATABASE "${name}"`
      : `CREATE DATABASE "${name}" TEMPLATE "${template}"`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export type TestContext = {
  app: App;
  db: Database;
  ctx: AppContext;
  mail: MailCatcher & { flush: () => Promise<number> };
  close: () => Promise<void>;
};

/** The configuration tests run with: a database and a data directory of their own. */
export const testConfig = (databaseUrl: string, dataDir: string, env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-1234567890',
    LOG_LEVEL: 'silent',
    // Small, as the tests share one PostgreSQL server; the bulkhead is half of it.
    DATABASE_POOL_SIZE: '5',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });

/**
 * The real application on its own database, with email delivered over SMTP to a catcher.
 * `env` overrides configuration (e.g. GOOGLE_* for the fake provider).
 */
export const createTestApp = async (env: Record<string, string> = {}): Promise<TestContext> => {
  const url = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-data-'));
  const catcher = await startMailCatcher();
  const config = testConfig(url, dataDir, { SMTP_URL: catcher.url, ...env });
  const database = connectDatabase(url, {
    max: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  const worker = startMailWorker(database.db, {
    smtpUrl: config.smtpUrl,
    mailDir: path.join(dataDir, 'mail'),
    from: config.mailFrom,
    intervalMs: 3_600_000,
    log: () => {},
    onError: () => {},
  });
  // Tests deliver explicitly with mail.flush(), so nothing arrives behind their back.
  const ctx: AppContext = {
    config,
    db: database.db,
    mail: { flush: worker.flush, poke: () => {} },
    storage: await createStorage(config),
    studio: createStudioSource(database.db, config),
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    db: database.db,
    ctx,
    mail: Object.assign(catcher, { flush: worker.flush }),
    close: async () => {
      await app.close();
      await worker.stop();
      await catcher.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const TEST_PASSWORD = 'correct-horse-42';
let cachedHash: Promise<string> | null = null;

/** Inserts a verified user directly (hashing once per file keeps suites fast). */
export const createUser = async (
  db: Database,
  fields: Partial<typeof users.$inferInsert> & { email: string },
) => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({ passwordHash: await cachedHash, emailVerified: true, ...fields })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
};

/**
 * A second instance of the application on the same database, as a second server behind the
 * balancer is: its own pool, its own LISTEN connections, its own in-memory state.
 */
export const startSecondInstance = async (t: TestContext) => {
  const url = t.ctx.config.databaseUrl;
  if (!url) throw new Error('a test app always has its database URL');
  const database = connectDatabase(url, {
    max: t.ctx.config.databasePoolSize,
    timeouts: t.ctx.config.databaseTimeouts,
  });
  const app = await buildApp({ ...t.ctx, db: database.db });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
