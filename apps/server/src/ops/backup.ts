import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import pg from 'pg';
import { formatFileSize } from '@portal/contract/format';
import type { Config } from '../config';
import { createStorage } from '../storage/storage';
import { StorageConfigError, StorageUnavailableError, type Storage } from '../storage/types';
import { BACKUP_FILES, backupPathOf, hashFile, type BackedUpFile, type Manifest } from './manifest';
import {
  loadOpsConfig,
  OpsRefusal,
  readPortalState,
  referencedKeys,
  serverMajor,
} from './ops-config';
import { findPgTools, pickPgTool, runPgTool } from './pg-tools';

/** Files copied at once: S3 is across a network, where one at a time would take hours. */
export const FILE_CONCURRENCY = 8;

export type OpsLog = (line: string) => void;

/** Where the files live, in words, for the manifest and the summary. */
export const describeStorage = (storage: Config['storage'], mediaDir: string) =>
  storage.driver === 's3'
    ? `S3 bucket "${storage.bucket}"${storage.prefix ? ` under ${storage.prefix}` : ''}${storage.endpoint ? ` at ${storage.endpoint}` : ''}`
    : `disk, ${mediaDir}`;

/**
 * Storage that cannot be used as configured, or reached, stops a backup or restore before it
 * writes anything: unlike the server, these commands have nothing else to do meanwhile.
 */
export const checkStorage = async (storage: Storage) => {
  try {
    await storage.check();
  } catch (error) {
    if (error instanceof StorageConfigError || error instanceof StorageUnavailableError)
      throw new OpsRefusal(error.message);
    throw error;
  }
};

export const filesCount = (n: number) => (n === 1 ? '1 file' : `${n} files`);

export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** A file streamed to `target`, hashed on the way through. */
const saveStream = async (body: Readable, target: string) => {
  await mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(target, { mode: 0o600 }),
  );
  return { sha256: hash.digest('hex'), bytes };
};

const copyFiles = async (storage: Storage, dir: string): Promise<BackedUpFile[]> => {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  keys.sort();
  const copied = await pLimit(FILE_CONCURRENCY).map(keys, async (key) => {
    const file = await storage.get(key);
    // Removed between the listing and now (the sweep): gone from the database long ago.
    if (!file) return null;
    const { sha256, bytes } = await saveStream(file.body, backupPathOf(dir, key));
    return { key, bytes, sha256, contentType: file.contentType };
  });
  return copied.filter((file) => file !== null);
};

/** An empty or new directory to write the backup into, or a refusal. */
const checkTarget = async (dir: string) => {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new OpsRefusal(`${dir} is a file: name a new directory.`);
    throw error;
  });
  if (entries.length > 0)
    throw new OpsRefusal(
      `${dir} is not empty: a backup goes into a new directory, never over another.`,
    );
};

/**
 * Backs up the portal the environment configures into `dir`: the database first (pg_dump,
 * custom format), then every stored file, then the secret key when it lives in DATA_DIR, and
 * last the manifest. In that order a file uploaded meanwhile is only extra, and a file the
 * dump still names but that was replaced or deleted meanwhile is kept for an hour by the
 * removal queue (decisions 0041, 0051) — so the copy holds every file the dump names.
 */
export const backup = async (options: {
  dir: string;
  env: NodeJS.ProcessEnv;
  log: OpsLog;
  /** Once the dump is written, before the files: where a test changes a picture, as users may. */
  onDumped?: () => Promise<void>;
}): Promise<Manifest> => {
  const { dir, log } = options;
  const started = performance.now();
  const { config, databaseUrl, secretKeyFile } = loadOpsConfig(options.env);
  await checkTarget(dir);
  const storage = await createStorage(config);
  await checkStorage(storage);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let created = false;
  try {
    const server = await serverMajor(client);
    const pgDump = pickPgTool('pg_dump', await findPgTools('pg_dump', options.env), server.major);
    // One snapshot for pg_dump and for what the manifest says of the database: the counts, the
    // migration and the keys named are those of the dump, not of a moment later. The
    // transaction only waits while pg_dump runs, so no idle limit of the server may end it.
    const takenAt = new Date();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    const { rows } = await client.query<{ snapshot: string }>(
      'SELECT pg_export_snapshot() AS snapshot',
    );
    const portal = await readPortalState(client);
    const named = await referencedKeys(client);

    await mkdir(dir, { recursive: true, mode: 0o700 });
    created = true;
    const dumpStarted = performance.now();
    const dumpFile = path.join(dir, BACKUP_FILES.dump);
    await runPgTool(
      pgDump,
      ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, `--file=${dumpFile}`],
      databaseUrl,
    );
    await client.query('COMMIT');
    const dump = await hashFile(dumpFile);
    log(
      `database: ${formatFileSize(dump.bytes)} in ${seconds(dumpStarted)}: ${portal.users} users, migration ${portal.migration}; pg_dump ${pgDump.version} (${pgDump.path}), server PostgreSQL ${server.version}`,
    );

    await options.onDumped?.();
    const filesStarted = performance.now();
    const files = await copyFiles(storage, dir);
    const where = describeStorage(config.storage, config.mediaDir);
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    log(
      `files: ${files.length} (${formatFileSize(total)}) from ${where} in ${seconds(filesStarted)}`,
    );
    const kept = new Set(files.map((file) => file.key));
    const missing = [...named].filter((key) => !kept.has(key)).sort();
    if (missing.length > 0)
      log(
        `warning: ${filesCount(missing.length)} the database names were not in storage (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}); they were missing before this backup or were removed during it — take backups within the hour the removal queue keeps files`,
      );

    let secretKey: Manifest['secretKey'] = null;
    if (!secretKeyFile)
      log('secret key: SECRET_KEY is set in the environment; keep it with the configuration');
    else if (await stat(secretKeyFile).catch(() => null)) {
      const target = path.join(dir, BACKUP_FILES.secretKey);
      await copyFile(secretKeyFile, target);
      secretKey = { file: BACKUP_FILES.secretKey, sha256: (await hashFile(target)).sha256 };
      log(`secret key: ${secretKeyFile}`);
    } else
      log(`secret key: none in ${secretKeyFile} (the portal has not started with this DATA_DIR)`);

    const manifest: Manifest = {
      format: 'studio-portal-backup',
      version: 1,
      takenAt: takenAt.toISOString(),
      portal,
      database: {
        file: BACKUP_FILES.dump,
        ...dump,
        serverVersion: server.version,
        serverMajor: server.major,
        pgDump: `${pgDump.path} ${pgDump.version}`,
        pgDumpMajor: pgDump.major,
      },
      storage: { driver: config.storage.driver, where },
      files,
      missing,
      secretKey,
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(path.join(dir, BACKUP_FILES.manifest), text, { mode: 0o600 });
    log(`backup written to ${dir} in ${seconds(started)}`);
    return manifest;
  } catch (error) {
    // Half a backup must not pass for one: what this run wrote goes (the directory was empty).
    if (created) await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
};
