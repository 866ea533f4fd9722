import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';
import type { S3Options } from './storage/s3';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const positiveInt = z.coerce.number({ error: 'must be a number' }).int().positive();
const optionalUrl = z.url({ error: 'must be a URL' }).optional();

/** `scheme://host[:port]` and nothing more, as a browser sends it in the Origin header. */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
};

// Past four workers, PostgreSQL on the same machine wants the cores more than Node does.
const MAX_DEFAULT_WORKERS = 4;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  // PostgreSQL itself when DATABASE_URL goes through a transaction pooler (PgBouncer): what needs
  // a session of its own (migrations, LISTEN, session advisory locks) connects here (issue 28).
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  PUBLIC_URL: optionalUrl,
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PORTAL_NAME: z.string().min(1).max(100).default('Studio Portal'),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_IDLE_HOURS: positiveInt.default(240),
  IMPERSONATION_HOURS: positiveInt.default(2),
  THROTTLE: bool.default(true),
  // Staff must sign in with two factors (decision 0049); recommended in production.
  REQUIRE_STAFF_2FA: bool.default(false),
  // Token checks kept in each process (decision 0024); unset: on, except under NODE_ENV=test.
  TOKEN_CACHE: bool.optional(),
  // Limits that turn a stuck database into a quick 503 instead of a hang (decision 0017).
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.default(30_000),
  // Short (issue 28): a request waiting on a locked row or table gives up, and its connection
  // back, in seconds; the migration lock waits as long as it takes (db/client.ts).
  DATABASE_LOCK_TIMEOUT_MS: positiveInt.default(3_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt.default(60_000),
  DATABASE_POOL_TIMEOUT_MS: positiveInt.default(10_000),
  // How long a starting instance waits for a database it cannot reach yet before it gives up.
  DATABASE_START_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(3600)
    .default(30),
  // Connections each serving process may hold (issue 28); an instance opens
  // WEB_CONCURRENCY × (this + 2 for jobs), said at start-up.
  DATABASE_POOL_SIZE: positiveInt.default(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_-]*\/)+$/i, 'must be folder names ending in /, such as portal/')
    .optional(),
  // GET /metrics answers only with `Authorization: Bearer <token>`; unset, it is not served.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // HTTP worker processes (node:cluster) on this machine; unset, one per core up to 4 in
  // production and one elsewhere (decision 0024). 1 serves from the single process.
  WEB_CONCURRENCY: positiveInt.optional(),
  // How long a stopping instance lets requests in flight finish before it closes them.
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt.default(10),
  // On SIGTERM, how long a stopping instance keeps serving while its readiness says 503, so the
  // balancer takes it out first (issue 28); unset: 5 in production, 0 elsewhere.
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(300)
    .optional(),
  // When the daily notification digest goes out (cron, UTC).
  NOTIFICATION_DIGEST_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'a five-field cron expression')
    .default('0 7 * * *'),
  // Behind a load balancer: how many proxy hops (or which addresses) to trust for the client IP.
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[\d.:/a-f, ]+)$/i,
      'must be true, false, a hop count or a list of proxy addresses',
    )
    .optional(),
  WEB_DIST: z.string().optional(),
  // Websites whose lead form may post to POST /api/leads/ from the browser (CORS).
  LEAD_FORM_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, '').toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (origin) => origin === '*' || isOrigin(origin),
            'must be *, or origins such as https://www.example.com separated by commas',
          ),
      ),
    )
    .optional(),
});

export type DatabaseTimeouts = {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  /** How long a request waits for a pooled connection. */
  poolMs: number;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL without a pooler in between, when it differs from `databaseUrl` (then
   * `databaseUrl` is taken to be a transaction pooler: db/client.ts).
   */
  databaseDirectUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  secretKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  portalName: string;
  digestCron: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  logLevel: string;
  tokenIdleMs: number;
  impersonationMs: number;
  throttle: boolean;
  /** Staff accounts without two-factor may only set it up (decision 0049). */
  requireStaff2fa: boolean;
  /** Keep token checks in memory, evicted by NOTIFY (decision 0024). */
  tokenCache: boolean;
  databaseTimeouts: DatabaseTimeouts;
  databaseStartTimeoutMs: number;
  databasePoolSize: number;
  google: {
    clientId: string;
    clientSecret: string | undefined;
    authUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
  } | null;
  storage: { driver: 'disk' } | ({ driver: 's3' } & S3Options);
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  shutdownDrainMs: number;
  /** HTTP worker processes; 1 = this process serves (see WEB_CONCURRENCY). */
  webConcurrency: number;
  trustProxy: boolean | number | string;
  mediaDir: string;
  webDist: string;
  /** Origins allowed to post the website lead form cross-origin; `*` for any, empty for none. */
  leadFormOrigins: string[];
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The secret that signs email links: configured, or generated once and kept in DATA_DIR. */
const loadOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

const parseTrustProxy = (value: string | undefined): boolean | number | string => {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
};

/** Reads and validates the environment; every bad variable is named in one error. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])] ?? null)})`,
      ),
    );
  }
  const e = parsed.data;
  const problems = [
    e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET && 'S3_BUCKET: is required when STORAGE_DRIVER is s3',
    !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY &&
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    e.DATABASE_DIRECT_URL &&
      !e.DATABASE_URL &&
      'DATABASE_DIRECT_URL: set DATABASE_URL too (the pooler that requests go through)',
  ].filter((problem) => typeof problem === 'string');
  if (problems.length) throw new ConfigError(problems);
  // Relative paths are taken from where `npm` was invoked (npm runs the server inside
  // apps/server); the default is the repository's own `data/`.
  const dataDir = e.DATA_DIR
    ? path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR)
    : path.join(repoRoot, 'data');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    dataDir,
    publicUrl,
    secretKey: e.SECRET_KEY ?? loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PORTAL_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    portalName: e.PORTAL_NAME,
    digestCron: e.NOTIFICATION_DIGEST_CRON,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    tokenIdleMs: e.TOKEN_IDLE_HOURS * 3_600_000,
    impersonationMs: e.IMPERSONATION_HOURS * 3_600_000,
    throttle: e.THROTTLE,
    requireStaff2fa: e.REQUIRE_STAFF_2FA,
    tokenCache: e.TOKEN_CACHE ?? e.NODE_ENV !== 'test',
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStartTimeoutMs: e.DATABASE_START_TIMEOUT_SECONDS * 1000,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolMs: e.DATABASE_POOL_TIMEOUT_MS,
    },
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          authUrl: e.GOOGLE_AUTH_URL,
          tokenUrl: e.GOOGLE_TOKEN_URL,
          userinfoUrl: e.GOOGLE_USERINFO_URL,
        }
      : null,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            // Checked below: S3 needs a bucket.
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX ?? '',
          }
        : { driver: 'disk' },
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0)) * 1000,
    webConcurrency:
      e.WEB_CONCURRENCY ??
      (e.NODE_ENV === 'production' ? Math.min(availableParallelism(), MAX_DEFAULT_WORKERS) : 1),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mediaDir: path.join(dataDir, 'media'),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    leadFormOrigins: e.LEAD_FORM_ORIGINS ?? [],
  };
};
