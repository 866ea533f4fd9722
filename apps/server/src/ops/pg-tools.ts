import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { OpsRefusal } from './ops-config';

export type PgToolName = 'pg_dump' | 'pg_restore';
export type PgTool = {
  name: PgToolName;
  path: string;
  major: number;
  /** As the program says it: `15.20`, `18beta1`. */
  version: string;
};

/** Debian and Ubuntu keep each installed major version's programs apart, here. */
const DEBIAN_VERSIONS = '/usr/lib/postgresql';

const folders = (env: NodeJS.ProcessEnv): string[] => {
  if (env.PG_BIN_DIR) return [env.PG_BIN_DIR];
  let debian: string[] = [];
  try {
    debian = readdirSync(DEBIAN_VERSIONS).map((version) => path.join(DEBIAN_VERSIONS, version));
  } catch {
    // Not Debian's layout: PATH alone.
  }
  return [
    ...debian.map((folder) => path.join(folder, 'bin')),
    ...(env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
};

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every copy of a PostgreSQL client program on this machine with its version: the folder in
 * PG_BIN_DIR alone when set, else Debian's per-version folders, then PATH. (The embedded
 * PostgreSQL of `npm start` ships no pg_dump or pg_restore.)
 */
export const findPgTools = async (name: PgToolName, env: NodeJS.ProcessEnv): Promise<PgTool[]> => {
  const seen = new Set<string>();
  const tools: PgTool[] = [];
  for (const folder of folders(env)) {
    const file = path.join(folder, name);
    if (!isExecutable(file)) continue;
    const real = realpathSync(file);
    if (seen.has(real)) continue;
    seen.add(real);
    const said = await promisify(execFile)(file, ['--version']).then(
      ({ stdout }) => stdout,
      () => '',
    );
    // "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"
    const version = /\(PostgreSQL\) (\d+)(\.\S+)?/.exec(said);
    if (version?.[1])
      tools.push({
        name,
        path: file,
        major: Number(version[1]),
        version: version[1] + (version[2] ?? ''),
      });
  }
  return tools;
};

/**
 * The program to use for a server (and, restoring, a dump) of major version `atLeast`: the
 * oldest that is not older. pg_dump refuses a newer server, and a dump is read only by a
 * pg_restore of its own version or newer — so the oldest pg_dump that can do the job writes a
 * dump that the most machines can restore.
 */
export const pickPgTool = (name: PgToolName, tools: PgTool[], atLeast: number): PgTool => {
  const fitting = tools.filter((tool) => tool.major >= atLeast).sort((a, b) => a.major - b.major);
  const [tool] = fitting;
  if (tool) return tool;
  const found = tools.length
    ? ` (found ${tools.map((t) => `${t.major} at ${t.path}`).join(', ')})`
    : '';
  throw new OpsRefusal(
    `No ${name} of PostgreSQL ${atLeast} or newer was found${found}: install PostgreSQL's client programs of that version (Debian: postgresql-client-${atLeast}) or set PG_BIN_DIR to the folder that holds them.`,
  );
};

/**
 * Runs a client program on the database. libpq reads the URL as node-postgres does, but a
 * password on a command line is visible to every user of the machine (`ps`), so it travels in
 * PGPASSWORD; `--no-password` makes a missing one an error instead of a prompt.
 */
export const runPgTool = (tool: PgTool, args: string[], databaseUrl: string) =>
  new Promise<void>((resolve, reject) => {
    const url = new URL(databaseUrl);
    const password = decodeURIComponent(url.password);
    url.password = '';
    const child = spawn(tool.path, [...args, '--no-password', `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${tool.name} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
