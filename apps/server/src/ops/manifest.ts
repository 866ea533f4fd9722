import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { isValidKey } from '../storage/keys';
import { OpsRefusal } from './ops-config';

/** What one backup directory holds; the manifest is written last, so it marks a finished one. */
export const BACKUP_FILES = {
  manifest: 'manifest.json',
  dump: 'database.dump',
  files: 'files',
  secretKey: 'secret-key',
} as const;

/** A stored file's place in the backup: its key, slash-separated, below `files/`. */
export const backupPathOf = (dir: string, key: string) =>
  path.join(dir, BACKUP_FILES.files, ...key.split('/'));

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
const count = z.number().int().min(0);

const manifestSchema = z.object({
  format: z.literal('studio-portal-backup'),
  version: z.literal(1),
  /** When the database's snapshot was taken: the moment the backup restores to. */
  takenAt: z.iso.datetime(),
  portal: z.object({
    migration: z.string(),
    migratedAt: z.number(),
    migrations: count,
    users: count,
  }),
  database: z.object({
    file: z.literal(BACKUP_FILES.dump),
    bytes: count,
    sha256,
    serverVersion: z.string(),
    serverMajor: count,
    pgDump: z.string(),
    pgDumpMajor: count,
  }),
  storage: z.object({ driver: z.enum(['disk', 's3']), where: z.string() }),
  files: z.array(
    z.object({
      key: z.string().refine(isValidKey, 'must be a storage key'),
      bytes: count,
      sha256,
      contentType: z.string(),
    }),
  ),
  /** Keys the database names that storage did not hold when the backup was taken. */
  missing: z.array(z.string()),
  /** DATA_DIR/secret-key when the portal keeps its key there; null when SECRET_KEY is set. */
  secretKey: z.object({ file: z.literal(BACKUP_FILES.secretKey), sha256 }).nullable(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type BackedUpFile = Manifest['files'][number];

/** A stream's SHA-256 and length, read to its end. */
export const hashStream = async (stream: Readable) => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    const data = chunk as Buffer;
    hash.update(data);
    bytes += data.length;
  }
  return { sha256: hash.digest('hex'), bytes };
};

export const hashFile = (file: string) => hashStream(createReadStream(file));

/** The manifest of the backup in `dir`, or a refusal saying why there is none to trust. */
export const readManifest = async (dir: string): Promise<Manifest> => {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new OpsRefusal(`There is no backup at ${dir}: the directory does not exist.`);
  if (!info.isDirectory())
    throw new OpsRefusal(`${dir} is a file, not a backup directory made by npm run backup.`);
  const file = path.join(dir, BACKUP_FILES.manifest);
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null)
    throw new OpsRefusal(
      `${dir} holds no ${BACKUP_FILES.manifest}: it is not a backup made by npm run backup, or that backup did not finish.`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new OpsRefusal(
      `${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}): the backup is damaged.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new OpsRefusal(
      `${file} is not a backup manifest of this portal: ${issue?.path.join('.') || 'the file'} ${issue?.message ?? 'is wrong'}.`,
    );
  }
  return parsed.data;
};
