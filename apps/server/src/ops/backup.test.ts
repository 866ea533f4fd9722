import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, type TestContext as Ctx } from 'vitest';
import type { TestRun, TestRunAttachment } from '@portal/contract/test-runs';
import { storageRemovals, users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/passwords';
import { created } from '../modules/clients/test-fixtures';
import { createTestPlanWorld } from '../modules/test-plans/test-fixtures';
import { connectDatabase, type Database } from '../db/client';
import { createStorage } from '../storage/storage';
import { multipart, type Part } from '../test/multipart';
import { startPortal, type PortalProcess } from '../test/portal-process';
import { startS3Server } from '../test/s3-server';
import {
  createTestApp,
  createTestDatabase,
  createUser,
  TEST_PASSWORD,
  testConfig,
  type TestContext,
} from '../test/test-app';
import { backup } from './backup';
import { BACKUP_FILES, readManifest } from './manifest';
import { OpsRefusal, serverMajor } from './ops-config';
import { findPgTools, pickPgTool } from './pg-tools';
import { restore } from './restore';

const repoDir = path.resolve(import.meta.dirname, '../../../..');

/**
 * The tests need a pg_dump for the test server's version: the machine's PostgreSQL 15 has its
 * own; the embedded PostgreSQL 18 (no DATABASE_URL) ships none, and then they say so and skip.
 */
let noPgDump: string | null = null;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let scratch: string;
beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  const { major } = await serverMajor(admin).finally(() => admin.end());
  try {
    pickPgTool('pg_dump', await findPgTools('pg_dump', process.env), major);
  } catch (error) {
    noPgDump = error instanceof Error ? error.message : String(error);
  }
  s3 = await startS3Server('portal-live', 'portal-restored', 'portal-refused');
  scratch = await mkdtemp(path.join(tmpdir(), 'portal-backup-test-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});
const needsPgDump = (ctx: Ctx) => {
  if (noPgDump) ctx.skip(noPgDump);
};

type Driver = 'disk' | 's3';
const storageEnv = (driver: Driver, bucket: string, prefix = ''): Record<string, string> =>
  driver === 'disk'
    ? { STORAGE_DRIVER: 'disk' }
    : {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: bucket,
        S3_PREFIX: prefix,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };

type Ran = { code: number | null; stdout: string; stderr: string };

/** `npm run backup|restore -- <dir>` in the repository, as an operator types it. */
const npmRun = (script: 'backup' | 'restore', dir: string, env: Record<string, string>) =>
  new Promise<Ran>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', dir], {
      cwd: repoDir,
      // SECRET_KEY unset: the portal keeps its generated key in DATA_DIR, and the backup with it.
      env: { ...process.env, SECRET_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

const keysIn = async (databaseUrl: string, dataDir: string, env: Record<string, string>) => {
  const keys: string[] = [];
  for await (const key of (await createStorage(testConfig(databaseUrl, dataDir, env))).list())
    keys.push(key);
  return keys.sort();
};

const picture = (red: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 80, b: 120 } } })
    .png()
    .toBuffer();
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://portal.test');
  return `${parsed.pathname}${parsed.search}`;
};

describe.each(['disk', 's3'] as const)('backup and restore with %s storage', (driver) => {
  let t: TestContext;
  const sourceStorage = () => storageEnv(driver, 'portal-live', 'studio/');
  const restoredStorage = () => storageEnv(driver, 'portal-restored');
  const people: { email: string; password: string }[] = [];
  /** What the live portal serves, by path: every picture, the logo, the attachment's link. */
  const served = new Map<string, Buffer>();
  let replacedKey = '';
  let replaceMemberImage: () => Promise<string>;
  let memberId = 0;
  let backupDir = '';
  let restoredUrl = '';
  let portal: PortalProcess | undefined;

  beforeAll(async () => {
    if (noPgDump) return;
    t = await createTestApp({ SECRET_KEY: '', ...sourceStorage() });
    const w = await createTestPlanWorld(t, `bk-${driver}`);
    const own = await createUser(t.db, {
      email: `bk-${driver}-own@client.test`,
      passwordHash: await hashPassword('her-own-passphrase-31'),
    });
    people.push(
      ...Object.values(w.users).map(({ email }) => ({ email, password: TEST_PASSWORD })),
      { email: own.email, password: 'her-own-passphrase-31' },
    );

    const send = async (
      method: 'PATCH' | 'POST',
      url: string,
      token: string | null,
      part: Part,
    ) => {
      const body = multipart([part]);
      const res = await t.app.inject({
        method,
        url,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Token ${token}` },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<Record<string, unknown>>();
    };
    const setImage = async (userId: number, token: string | null, red: number) => {
      const data = await picture(red);
      const answer = await send('PATCH', `/api/users/${userId}/`, token, {
        name: 'image',
        filename: 'me.png',
        type: 'image/png',
        data,
      });
      return String(answer.image);
    };
    const { staff, member } = w.users;
    memberId = member.id;
    replaceMemberImage = () => setImage(member.id, w.tokens.member, 60);
    const urls = [await setImage(member.id, w.tokens.member, 10)];
    const first = await setImage(staff.id, w.tokens.staff, 20);
    // Replaced: its row no longer names it, the removal queue keeps it for the hour.
    urls.push(first, await setImage(staff.id, w.tokens.staff, 30));
    replacedKey = new URL(first).pathname.replace(/^\/media\//, '');
    const logo = await send('POST', '/api/studio/logo/', w.tokens.staff, {
      name: 'logo',
      filename: 'logo.png',
      type: 'image/png',
      data: await picture(200),
    });
    urls.push(String(logo.logo_url));
    const plan = await w.planWith(1);
    const run = await created<TestRun>(
      w.as('staff').post('/api/test-runs/', { milestone: plan.milestone.id }),
    );
    const attachment = (await send(
      'POST',
      `/api/test-run-results/${run.results[0]?.id}/attachments/`,
      w.tokens.member,
      { name: 'file', filename: 'shot.png', type: 'image/png', data: await picture(90) },
    )) as TestRunAttachment;
    // A signed link: the restored portal answers it only with the backed-up secret key.
    urls.push(attachment.url);

    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
      expect(res.statusCode, url).toBe(200);
      served.set(pathOf(url), res.rawPayload);
    }
    const queued = await t.db
      .select()
      .from(storageRemovals)
      .where(eq(storageRemovals.key, replacedKey));
    expect(queued).toHaveLength(1);
  }, 120_000);

  afterAll(async () => {
    portal?.signal('SIGTERM');
    await portal?.exited;
    await t?.close();
  });

  it('backs up as an operator would; a fresh portal restored from it signs everyone in and serves every file', async (ctx) => {
    needsPgDump(ctx);
    const started = performance.now();
    backupDir = path.join(scratch, `backup-${driver}`);
    const backedUp = await npmRun('backup', backupDir, {
      DATABASE_URL: t.ctx.config.databaseUrl ?? '',
      DATA_DIR: t.ctx.config.dataDir,
      ...sourceStorage(),
    });
    expect(backedUp, backedUp.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).toMatch(/backup: database: .* pg_dump \d+/);
    const manifest = await readManifest(backupDir);
    const [userCount] = await t.db.select({ n: count() }).from(users);
    expect(manifest.portal.users).toBe(userCount?.n);
    // The replaced picture is in, beside the files the database names: none is missing.
    expect(manifest.files.map((file) => file.key)).toContain(replacedKey);
    expect(manifest.files).toHaveLength(served.size);
    expect(manifest.missing).toEqual([]);
    expect(manifest.secretKey).not.toBeNull();
    const backedUpAt = performance.now();

    restoredUrl = await createTestDatabase({ empty: true });
    const restoredDir = path.join(scratch, `restored-${driver}`);
    const restored = await npmRun('restore', backupDir, {
      DATABASE_URL: restoredUrl,
      DATA_DIR: restoredDir,
      ...restoredStorage(),
    });
    expect(restored, restored.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(
      new RegExp(
        `files: ${served.size} .* into ${driver === 's3' ? 'S3 bucket "portal-restored"' : 'disk'}.*, each read back and matching its checksum`,
      ),
    );
    expect(restored.stdout).not.toMatch(/warning/);
    expect(await readFile(path.join(restoredDir, 'secret-key'), 'utf8')).toBe(
      await readFile(path.join(t.ctx.config.dataDir, 'secret-key'), 'utf8'),
    );
    const restoredAt = performance.now();

    portal = await startPortal({
      port: driver === 'disk' ? 8911 : 8912,
      databaseUrl: restoredUrl,
      env: { DATA_DIR: restoredDir, SECRET_KEY: '', WEB_CONCURRENCY: '1', ...restoredStorage() },
    });
    const startedAt = performance.now();
    const signIn = (email: string, password: string) =>
      fetch(`${portal?.url}/api/token-auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password }),
      });
    for (const { email, password } of people) {
      const res = await signIn(email, password);
      expect(res.status, email).toBe(200);
      expect(((await res.json()) as { token: string }).token).toMatch(/\S{20,}/);
    }
    expect((await signIn(people[0]?.email ?? '', 'not-her-password-1')).status).toBe(400);
    for (const [where, bytes] of served) {
      const res = await fetch(`${portal.url}${where}`);
      expect(res.status, where).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes), where).toBe(true);
    }
    const s = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
    console.log(
      `backup (${driver}): backup ${s(started, backedUpAt)}, restore ${s(backedUpAt, restoredAt)}, portal up ${s(restoredAt, startedAt)}, checks ${s(startedAt, performance.now())}`,
    );
  }, 180_000);

  it('refuses to restore into a database that has tables, and writes nothing', async (ctx) => {
    needsPgDump(ctx);
    expect(restoredUrl, 'the restore above ran').not.toBe('');
    const dataDir = path.join(scratch, `refused-${driver}`);
    const env = {
      DATABASE_URL: restoredUrl,
      DATA_DIR: dataDir,
      ...storageEnv(driver, 'portal-refused'),
    };
    const refused = await npmRun('restore', backupDir, env);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toMatch(
      /^restore refused: The database \S+ already has \d+ tables: restore into an empty database/,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(await keysIn(restoredUrl, dataDir, env)).toEqual([]);
  }, 60_000);

  it('keeps a picture replaced after the dump and before the files are copied', async (ctx) => {
    needsPgDump(ctx);
    const imageOf = async (db: Database) =>
      (await db.select({ image: users.image }).from(users).where(eq(users.id, memberId)))[0]?.image;
    const named = await imageOf(t.db);
    const dir = path.join(scratch, `meanwhile-${driver}`);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const base = { PATH: process.env.PATH ?? '', SECRET_KEY: '' };
    await backup({
      dir,
      env: {
        ...base,
        DATABASE_URL: t.ctx.config.databaseUrl,
        DATA_DIR: t.ctx.config.dataDir,
        ...sourceStorage(),
      },
      log,
      onDumped: async () => {
        await replaceMemberImage();
      },
    });
    expect(await imageOf(t.db)).not.toBe(named);

    const url = await createTestDatabase({ empty: true });
    const dataDir = path.join(scratch, `meanwhile-restored-${driver}`);
    const env = {
      ...base,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      ...storageEnv(driver, 'portal-restored', 'meanwhile/'),
    };
    await restore({ dir, env, log });
    expect(lines.filter((line) => line.startsWith('warning'))).toEqual([]);
    // The dump names the replaced picture, and the copy taken after the replacement has it.
    const database = connectDatabase(url, { max: 1 });
    try {
      expect(await imageOf(database.db)).toBe(named);
    } finally {
      await database.close();
    }
    expect(await keysIn(url, dataDir, env)).toContain(named);
  }, 60_000);
});

describe('what backup and restore refuse', () => {
  let databaseUrl = '';
  let dataDir = '';
  let good = '';
  const env = () => ({ PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const log = () => {};
  /** A copy of the good backup, changed by `change`. */
  const damaged = async (name: string, change: (dir: string) => Promise<void>) => {
    const dir = path.join(scratch, name);
    await cp(good, dir, { recursive: true });
    await change(dir);
    return dir;
  };
  const tablesIn = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client
      .query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
      )
      .finally(() => client.end());
    return rows[0]?.n;
  };

  beforeAll(async () => {
    if (noPgDump) return;
    databaseUrl = await createTestDatabase();
    dataDir = path.join(scratch, 'refuse-data');
    await mkdir(path.join(dataDir, 'media', 'users'), { recursive: true });
    await writeFile(path.join(dataDir, 'media', 'users', 'a1.webp'), 'a picture');
    good = path.join(scratch, 'good');
    await backup({ dir: good, env: env(), log });
  }, 60_000);

  it('refuses a directory that holds no backup, or a damaged one, before touching the database', async (ctx) => {
    needsPgDump(ctx);
    const empty = await createTestDatabase({ empty: true });
    const into = (dir: string) =>
      restore({
        dir,
        env: { ...env(), DATABASE_URL: empty, DATA_DIR: path.join(scratch, 'no') },
        log,
      });
    const cases: [string, RegExp][] = [
      [
        path.join(scratch, 'nowhere'),
        /^There is no backup at \S+: the directory does not exist\.$/,
      ],
      [
        await damaged('no-manifest', (dir) => rm(path.join(dir, BACKUP_FILES.manifest))),
        /holds no manifest\.json: it is not a backup made by npm run backup, or that backup did not finish\.$/,
      ],
      [
        await damaged('bad-json', (dir) =>
          writeFile(path.join(dir, BACKUP_FILES.manifest), '{"format":'),
        ),
        /manifest\.json is not valid JSON \(.*\): the backup is damaged\.$/,
      ],
      [
        await damaged('escaping-key', async (dir) => {
          const file = path.join(dir, BACKUP_FILES.manifest);
          const manifest = JSON.parse(await readFile(file, 'utf8')) as { files: { key: string }[] };
          manifest.files[0] = { ...manifest.files[0], key: '../../etc/passwd' };
          await writeFile(file, JSON.stringify(manifest));
        }),
        /manifest\.json is not a backup manifest of this portal: files\.0\.key must be a storage key\.$/,
      ],
      [
        await damaged('changed-file', (dir) =>
          writeFile(path.join(dir, BACKUP_FILES.files, 'users', 'a1.webp'), 'another picture'),
        ),
        /is damaged: files\/users\/a1\.webp does not match its checksum in the manifest\.$/,
      ],
      [
        await damaged('lost-dump', (dir) => rm(path.join(dir, BACKUP_FILES.dump))),
        /is damaged: database\.dump is missing\.$/,
      ],
    ];
    for (const [dir, message] of cases) {
      const attempt = into(dir);
      await expect(attempt, dir).rejects.toBeInstanceOf(OpsRefusal);
      await expect(attempt, dir).rejects.toThrow(message);
    }
    expect(await tablesIn(empty)).toBe(0);
    expect(existsSync(path.join(scratch, 'no'))).toBe(false);
  });

  it('refuses to write over a backup, without DATABASE_URL, or without a pg_dump that fits', async (ctx) => {
    needsPgDump(ctx);
    const attempt = (dir: string, overrides: Record<string, string | undefined>) =>
      backup({ dir, env: { ...env(), ...overrides }, log });
    await expect(attempt(good, {})).rejects.toThrow(
      /^\S+ is not empty: a backup goes into a new directory, never over another\.$/,
    );
    await expect(attempt(path.join(scratch, 'b1'), { DATABASE_URL: undefined })).rejects.toThrow(
      /^DATABASE_URL is not set: /,
    );
    const emptyFolder = await mkdtemp(path.join(tmpdir(), 'portal-no-pg-'));
    await expect(attempt(path.join(scratch, 'b2'), { PG_BIN_DIR: emptyFolder })).rejects.toThrow(
      /^No pg_dump of PostgreSQL \d+ or newer was found: install PostgreSQL's client programs of that version \(Debian: postgresql-client-\d+\) or set PG_BIN_DIR/,
    );
    await rm(emptyFolder, { recursive: true });
    await expect(
      attempt(path.join(scratch, 'b3'), storageEnv('s3', 'no-such-bucket')),
    ).rejects.toThrow(/^S3 storage: there is no bucket "no-such-bucket" at /);
    expect(existsSync(path.join(scratch, 'b1'))).toBe(false);
    expect(existsSync(path.join(scratch, 'b2'))).toBe(false);
    expect(existsSync(path.join(scratch, 'b3'))).toBe(false);
  });
});
