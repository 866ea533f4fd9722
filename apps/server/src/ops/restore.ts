import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import pg from 'pg';
import { formatFileSize } from '@portal/contract/format';
import { createStorage } from '../storage/storage';
import type { Storage } from '../storage/types';
import {
  checkStorage,
  describeStorage,
  FILE_CONCURRENCY,
  filesCount,
  seconds,
  type OpsLog,
} from './backup';
import {
  BACKUP_FILES,
  backupPathOf,
  hashFile,
  hashStream,
  readManifest,
  type Manifest,
} from './manifest';
import {
  databaseName,
  loadOpsConfig,
  migrationJournal,
  OpsRefusal,
  readPortalState,
  referencedKeys,
  serverMajor,
} from './ops-config';
import { findPgTools, pickPgTool, runPgTool } from './pg-tools';

const readable = (file: string) => readFile(file).catch(() => null);

/** Every file of the backup is there with the bytes its manifest says, or a refusal. */
const verifyBackup = async (dir: string, manifest: Manifest) => {
  const { database, secretKey } = manifest;
  const expected = [
    { name: database.file, sha256: database.sha256, bytes: database.bytes },
    ...manifest.files.map(({ key, sha256, bytes }) => ({
      name: `${BACKUP_FILES.files}/${key}`,
      sha256,
      bytes,
    })),
    ...(secretKey ? [{ name: secretKey.file, sha256: secretKey.sha256, bytes: null }] : []),
  ];
  const damaged = await pLimit(FILE_CONCURRENCY).map(expected, async (entry) => {
    const actual = await hashFile(path.join(dir, ...entry.name.split('/'))).catch(() => null);
    if (!actual) return `${entry.name} is missing`;
    const same =
      actual.sha256 === entry.sha256 && (entry.bytes === null || actual.bytes === entry.bytes);
    return same ? null : `${entry.name} does not match its checksum in the manifest`;
  });
  const problems = damaged.filter((problem) => problem !== null);
  if (problems.length > 0)
    throw new OpsRefusal(
      `The backup in ${dir} is damaged: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}.`,
    );
};

/** The stored file's SHA-256, or null when storage has no such key. */
const storedHash = async (storage: Storage, key: string) => {
  const file = await storage.get(key);
  return file ? (await hashStream(file.body)).sha256 : null;
};

/**
 * Restores the backup in `dir` into the portal the environment configures: an empty database
 * (pg_restore, one transaction) and its storage, then checks what it wrote. Everything that
 * can refuse — a damaged backup, a database with tables, a file or secret key already there
 * with other bytes, a missing pg_restore — refuses before the first write.
 */
export const restore = async (options: { dir: string; env: NodeJS.ProcessEnv; log: OpsLog }) => {
  const { dir, log } = options;
  const started = performance.now();
  const manifest = await readManifest(dir);
  await verifyBackup(dir, manifest);
  const { config, databaseUrl, secretKeyFile } = loadOpsConfig(options.env);
  const newest = migrationJournal().at(-1);
  if (newest && manifest.portal.migratedAt > newest.when)
    throw new OpsRefusal(
      `The backup comes from a newer portal (migration ${manifest.portal.migration}) than this one (${newest.tag}): restore it with that version of the portal.`,
    );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const name = databaseName(databaseUrl);
    const server = await serverMajor(client);
    if (server.major < manifest.database.serverMajor)
      throw new OpsRefusal(
        `The backup comes from PostgreSQL ${manifest.database.serverMajor} and the database ${name} is on PostgreSQL ${server.major}: restore it into PostgreSQL ${manifest.database.serverMajor} or newer.`,
      );
    const { rows } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    const tables = rows[0]?.tables ?? 0;
    if (tables > 0)
      throw new OpsRefusal(
        `The database ${name} already has ${tables} tables: restore into an empty database (createdb a new one and point DATABASE_URL at it).`,
      );
    const pgRestore = pickPgTool(
      'pg_restore',
      await findPgTools('pg_restore', options.env),
      Math.max(server.major, manifest.database.pgDumpMajor),
    );

    const storage = await createStorage(config);
    await checkStorage(storage);
    const existing = new Set<string>();
    for await (const key of storage.list()) existing.add(key);
    // A key already there with the same bytes (a restore run again after a failure, or files
    // that survived) is left as it is; with other bytes it is someone else's file.
    const present = await pLimit(FILE_CONCURRENCY).map(
      manifest.files.filter((file) => existing.has(file.key)),
      async (file) => ({ file, same: (await storedHash(storage, file.key)) === file.sha256 }),
    );
    const clash = present.find((entry) => !entry.same);
    if (clash)
      throw new OpsRefusal(
        `Storage already holds ${clash.file.key} with other contents: restore into empty storage (a new bucket, prefix or DATA_DIR).`,
      );
    const skipped = new Set(present.map((entry) => entry.file.key));

    const backedUpKey = manifest.secretKey
      ? await readFile(path.join(dir, manifest.secretKey.file), 'utf8')
      : null;
    const keyThere = secretKeyFile ? await readable(secretKeyFile) : null;
    if (backedUpKey !== null && keyThere !== null && keyThere.toString('utf8') !== backedUpKey)
      throw new OpsRefusal(
        `${secretKeyFile} already holds another secret key: restore into a fresh DATA_DIR, or remove that file if it belongs to no running portal.`,
      );

    // From here on, writes. pg_restore in one transaction: a failure leaves the database empty.
    const dbStarted = performance.now();
    await runPgTool(
      pgRestore,
      [
        // Owners and grants name the source server's roles, which need not exist here; the
        // role in DATABASE_URL owns what it restores.
        '--no-owner',
        '--no-acl',
        '--single-transaction',
        '--exit-on-error',
        path.join(dir, BACKUP_FILES.dump),
      ],
      databaseUrl,
    );
    const portal = await readPortalState(client);
    if (portal.migratedAt !== manifest.portal.migratedAt || portal.users !== manifest.portal.users)
      throw new Error(
        `the restored database does not match the manifest: migration ${portal.migration} and ${portal.users} users, the backup says ${manifest.portal.migration} and ${manifest.portal.users}`,
      );
    log(
      `database: ${name} in ${seconds(dbStarted)}: ${portal.users} users, migration ${portal.migration}; pg_restore ${pgRestore.version} (${pgRestore.path})`,
    );

    const filesStarted = performance.now();
    const wrong = await pLimit(FILE_CONCURRENCY).map(manifest.files, async (file) => {
      if (!skipped.has(file.key))
        await storage.put(file.key, await readFile(backupPathOf(dir, file.key)), file.contentType);
      // Read back: the proof is what storage gives, not what was sent.
      return (await storedHash(storage, file.key)) === file.sha256 ? null : file.key;
    });
    const notRestored = wrong.filter((key) => key !== null);
    if (notRestored.length > 0)
      throw new Error(
        `${filesCount(notRestored.length)} read back from storage differ from the backup: ${notRestored.slice(0, 5).join(', ')}`,
      );
    const total = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    const where = describeStorage(config.storage, config.mediaDir);
    log(
      `files: ${manifest.files.length} (${formatFileSize(total)}) into ${where}, each read back and matching its checksum${skipped.size ? ` (${skipped.size} were there already)` : ''}, in ${seconds(filesStarted)}`,
    );

    if (backedUpKey === null)
      log('secret key: none in the backup; the portal uses SECRET_KEY or makes a new key');
    else if (!secretKeyFile)
      log(
        options.env.SECRET_KEY === backedUpKey.trim()
          ? 'secret key: SECRET_KEY is the backed-up key'
          : `warning: SECRET_KEY differs from the backed-up key in ${path.join(dir, BACKUP_FILES.secretKey)}: links in emails sent before the backup will not work`,
      );
    else {
      if (keyThere === null) {
        await mkdir(path.dirname(secretKeyFile), { recursive: true });
        await writeFile(secretKeyFile, backedUpKey, { mode: 0o600, flag: 'wx' });
      }
      log(`secret key: ${secretKeyFile}`);
    }

    const stored = new Set(manifest.files.map((file) => file.key));
    const lost = [...(await referencedKeys(client))].filter((key) => !stored.has(key));
    if (lost.length > 0)
      log(
        `warning: ${filesCount(lost.length)} the database names were not in the backup (${lost.slice(0, 5).join(', ')}): they answer 404`,
      );
    log(
      `restored the backup of ${manifest.takenAt} in ${seconds(started)}; start one instance first (it applies any newer migration), then the others`,
    );
    return { portal, files: manifest.files.length, bytes: total };
  } finally {
    await client.end();
  }
};
