import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/db/embedded';

export const root = path.resolve(import.meta.dirname, '../..');

export type Running = {
  url: string;
  stop: () => Promise<void>;
  /** The process group the server runs in (portals only), to read its memory. */
  group?: number;
};

const stopProcess = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
};

/** The bare node:http baseline, in a process of its own like the portal. */
export const startBareServer = async (): Promise<Running> => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /LISTENING (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopProcess(child) };
};

// Servers run in process groups of their own (see startPortal); an interrupted bench stops them.
const portalGroups = new Set<number>();
const stopAllPortals = (signal: NodeJS.Signals) => {
  for (const group of portalGroups) {
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.once('SIGINT', stopAllPortals);
process.once('SIGTERM', stopAllPortals);

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };

/** A token of BENCH_ADMIN on the portal at `url`. */
export const login = async (url: string) => {
  const res = await fetch(`${url}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
};

/**
 * The production server (`npm start`'s server step) on a fresh data dir or database, or on the
 * data dir given (the side-by-side measure keeps the peer's data loaded there between runs).
 */
export const startPortal = async (
  databaseUrl?: string,
  options: { dataDir?: string; env?: Record<string, string>; pollMs?: number } = {},
): Promise<Running> => {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'portal-bench-')));
  const child = spawn('npm', ['run', 'start', '-w', '@portal/server'], {
    cwd: root,
    // A process group of its own, so that stop() reaches the server behind npm and sh.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO_DATA: 'false',
      THROTTLE: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  if (child.pid !== undefined) portalGroups.add(child.pid);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/config/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('portal did not start within 120 s');
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
  return {
    url,
    ...(child.pid === undefined ? {} : { group: child.pid }),
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      // The whole group gets SIGTERM (npm, its shell, the server and its workers); the server
      // then stops its PostgreSQL.
      const exited = once(child, 'exit');
      process.kill(-child.pid, 'SIGTERM');
      await exited;
      const group = child.pid;
      const alive = () => {
        try {
          process.kill(-group, 0);
          return true;
        } catch {
          return false;
        }
      };
      for (let i = 0; i < 150 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
      portalGroups.delete(group);
    },
  };
};

export type GroupProcess = { pid: number; rss: number; args: string };

/** The processes of a process group with their resident memory (bytes), read from `/proc`. */
export const groupProcesses = async (group: number): Promise<GroupProcess[]> => {
  const found: GroupProcess[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start past its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
      const args = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0').join(' ').trim();
      found.push({ pid: Number(entry), rss: kb * 1024, args });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found;
};
