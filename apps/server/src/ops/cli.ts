import 'dotenv/config';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup } from './backup';
import { OpsRefusal } from './ops-config';
import { restore } from './restore';

const USAGE = `Usage:
  npm run backup -- [directory]   back up the database, the files and the secret key
                                  (default: ./portal-backup-<UTC time>)
  npm run restore -- <directory>  restore a backup into an empty database and storage

Both read the server's configuration: DATABASE_URL, DATA_DIR, SECRET_KEY, STORAGE_DRIVER and
S3_*. PG_BIN_DIR names the folder of pg_dump and pg_restore when the right version is not found.
Exit codes: 0 done, 2 refused before writing anything, 1 failed while working.`;

/**
 * Relative paths are taken as DATA_DIR's are (config.ts): from where npm was run — the
 * repository's root for the root scripts — not from apps/server, where this runs.
 */
const fromOperator = (dir: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

const ARGS = {
  allowPositionals: true,
  options: { help: { type: 'boolean', short: 'h' } },
} as const;

const run = async (): Promise<number> => {
  let parsed: ReturnType<typeof parseArgs<typeof ARGS>>;
  try {
    parsed = parseArgs(ARGS);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const [command, dir, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (extra.length > 0 || !(command === 'backup' || (command === 'restore' && dir !== undefined))) {
    console.error(USAGE);
    return 2;
  }
  const log = (line: string) => console.log(`${command}: ${line}`);
  try {
    if (command === 'backup')
      await backup({ dir: fromOperator(dir ?? `portal-backup-${stamp()}`), env: process.env, log });
    else await restore({ dir: fromOperator(dir ?? ''), env: process.env, log });
    return 0;
  } catch (error) {
    if (error instanceof OpsRefusal) {
      console.error(`${command} refused: ${error.message}`);
      return 2;
    }
    console.error(
      `${command} failed: ${error instanceof Error ? error.message : String(error)}${command === 'backup' ? ' (nothing was kept)' : ' (start again from an empty database and storage)'}`,
    );
    return 1;
  }
};

process.exitCode = await run();
