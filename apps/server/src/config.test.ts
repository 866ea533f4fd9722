import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { DATA_DIR: '/tmp/portal-config-test', SECRET_KEY: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8000',
      portalName: 'Studio Portal',
      databaseUrl: undefined,
      demoData: true,
      google: null,
      throttle: true,
    });
    expect(config.tokenIdleMs).toBe(10 * 24 * 3_600_000);
  });

  it('reads the S3 storage settings, and names what S3 is missing', () => {
    expect(loadConfig(base)).toMatchObject({
      storage: { driver: 'disk' },
      metricsToken: undefined,
      shutdownTimeoutMs: 10_000,
    });
    const s3 = loadConfig({
      ...base,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'portal-media',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'portal/',
      SHUTDOWN_TIMEOUT_SECONDS: '25',
    });
    expect(s3.storage).toEqual({
      driver: 's3',
      bucket: 'portal-media',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'portal/',
    });
    expect(s3.shutdownTimeoutMs).toBe(25_000);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER is s3[\s\S]*S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 'ftp', S3_PREFIX: '/abs' })).toThrow(
      /STORAGE_DRIVER[\s\S]*S3_PREFIX: must be folder names ending in \//,
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  it('turns demo data off by default on an external database', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/portal' }).demoData).toBe(false);
  });

  it('reads the direct PostgreSQL URL behind a pooler, only beside DATABASE_URL', () => {
    expect(loadConfig(base).databaseDirectUrl).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        DATABASE_URL: 'postgres://portal@pgbouncer:6432/portal',
        DATABASE_DIRECT_URL: 'postgres://portal@db:5432/portal',
      }),
    ).toMatchObject({
      databaseUrl: 'postgres://portal@pgbouncer:6432/portal',
      databaseDirectUrl: 'postgres://portal@db:5432/portal',
    });
    expect(() =>
      loadConfig({ ...base, DATABASE_DIRECT_URL: 'postgres://portal@db:5432/portal' }),
    ).toThrow(/DATABASE_DIRECT_URL: set DATABASE_URL too/);
    expect(() => loadConfig({ ...base, DATABASE_DIRECT_URL: 'db:5432' })).toThrow(
      /DATABASE_DIRECT_URL: must be a postgres:\/\/ URL/,
    );
  });

  it('keeps data in the repository by default and resolves relative paths from where npm ran', () => {
    const { DATA_DIR: _unused, ...withoutDataDir } = base;
    expect(loadConfig(withoutDataDir).dataDir).toBe(
      path.resolve(import.meta.dirname, '../../../data'),
    );
    expect(loadConfig({ ...base, DATA_DIR: 'mydata', INIT_CWD: '/srv/portal' }).dataDir).toBe(
      '/srv/portal/mydata',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...base, PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8000,
      databaseUrl: undefined,
    });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DEMO_DATA: 'maybe',
        ADMIN_EMAIL: 'nope',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'DEMO_DATA', 'ADMIN_EMAIL'])
      expect(problems).toContain(name);
  });

  it('reads how far to trust proxies for client addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
  });

  it('enables Google sign-in only with a client id', () => {
    const config = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'cid',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
    });
    expect(config.google).toMatchObject({
      clientId: 'cid',
      userinfoUrl: 'http://127.0.0.1:9/userinfo',
    });
  });
});
