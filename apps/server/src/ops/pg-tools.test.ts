import { describe, expect, it } from 'vitest';
import { pickPgTool, type PgTool } from './pg-tools';

const tool = (major: number, where: string): PgTool => ({
  name: 'pg_dump',
  path: `${where}/pg_dump`,
  major,
  version: `${major}.1`,
});

describe('pickPgTool', () => {
  const found = [tool(18, '/opt/pg18'), tool(15, '/usr/lib/postgresql/15/bin'), tool(16, '/a')];

  it('takes the oldest that is not older than the server, the first found of a version', () => {
    expect(pickPgTool('pg_dump', found, 15).path).toBe('/usr/lib/postgresql/15/bin/pg_dump');
    expect(pickPgTool('pg_dump', found, 16).path).toBe('/a/pg_dump');
    expect(pickPgTool('pg_dump', [...found, tool(16, '/b')], 16).path).toBe('/a/pg_dump');
    expect(pickPgTool('pg_dump', found, 17).path).toBe('/opt/pg18/pg_dump');
  });

  it('names what it found and how to get the right one when none fits', () => {
    expect(() => pickPgTool('pg_dump', found, 19)).toThrow(
      "No pg_dump of PostgreSQL 19 or newer was found (found 18 at /opt/pg18/pg_dump, 15 at /usr/lib/postgresql/15/bin/pg_dump, 16 at /a/pg_dump): install PostgreSQL's client programs of that version (Debian: postgresql-client-19) or set PG_BIN_DIR to the folder that holds them.",
    );
    expect(() => pickPgTool('pg_restore', [], 15)).toThrow(/^No pg_restore of PostgreSQL 15 /);
  });
});
