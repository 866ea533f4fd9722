import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { load, warmUp, type LoadResult } from './load';
import { benchEstimateScreen } from './estimate-screen';
import { withScratchDatabase } from './scratch-database';

/**
 * `GET /api/estimates/{id}/` (DESIGN §6): estimates of 10 sections × 20 items (~55 KB) and of
 * 50 × 20, seeded straight into the portal's database, read at 32 connections by staff and by a
 * member of the estimate's client (whose scope check is part of the same statements). Also
 * reports the response size and the SQL statements per request, counted by PostgreSQL itself
 * (`pg_stat_database.xact_commit`: each statement outside a transaction commits once).
 */

const SHAPES = [
  { sections: 10, items: 20 },
  { sections: 50, items: 20 },
] as const;
/** The browser measure's estimate: 1,000 items. */
const SCREEN_SHAPE = { sections: 20, items: 50 } as const;
const SEQUENTIAL_REQUESTS = 200;

/** One estimate of `sections` × `items` with believable text and 1–3 comments on every item (the peer's). */
export const seedEstimate = async (
  client: pg.Client,
  projectId: number,
  authorId: number,
  shape: { sections: number; items: number },
) => {
  await client.query('BEGIN');
  const {
    rows: [estimate],
  } = await client.query<{ id: number }>(
    `INSERT INTO estimates (project_id, name, description, scope_of_work, deliverables, not_included, safe_modifier)
     VALUES ($1, $2, $3, $4, $5, $6, 1.25) RETURNING id`,
    [
      projectId,
      `Bench estimate ${shape.sections} × ${shape.items}`,
      'A full rebuild of the customer platform.\nHours are ranges; the high end allows one extra review round.',
      'Discovery, design system, web app, API, migration and launch support.',
      'Designs in Figma, the production web app, API documentation, an editor guide.',
      'Hosting, licences, copywriting and photography.',
    ],
  );
  if (!estimate) throw new Error('bench estimate not created');
  await client.query(
    `INSERT INTO estimate_sections (estimate_id, name, "order")
     SELECT $1, 'Section ' || s || ': ' || (ARRAY['Discovery','Design','Front end','Back end','QA','Launch'])[1 + s % 6], s - 1
     FROM generate_series(1, $2::int) AS s`,
    [estimate.id, shape.sections],
  );
  await client.query(
    `INSERT INTO estimate_items (section_id, description, hours_low, hours_high, notes, questions, "order")
     SELECT s.id,
            'Item ' || n || ': build, review and test the ' || (ARRAY['checkout','search','account','dashboard','reporting'])[1 + n % 5] || ' feature',
            low, low + round((random() * 8)::numeric, 2),
            CASE WHEN n % 2 = 0 THEN 'Includes responsive layouts and accessibility checks.' ELSE '' END,
            CASE WHEN n % 4 = 0 THEN 'Which payment provider should we integrate?' ELSE '' END,
            n - 1
     FROM estimate_sections AS s
     CROSS JOIN generate_series(1, $2::int) AS n
     CROSS JOIN LATERAL (SELECT round((random() * 8)::numeric, 2) + 0 * n AS low) AS l
     WHERE s.estimate_id = $1`,
    [estimate.id, shape.items],
  );
  await client.query(
    `INSERT INTO estimate_item_comments (item_id, user_id, content)
     SELECT i.id, $2, (ARRAY['Could this be done in the first sprint?', 'Does this include the admin screens?', 'Please split design and build.'])[c]
     FROM estimate_items AS i JOIN estimate_sections AS s ON s.id = i.section_id
     CROSS JOIN LATERAL generate_series(1, 1 + floor(random() * 3)::int + 0 * i.id) AS c
     WHERE s.estimate_id = $1`,
    [estimate.id, authorId],
  );
  await client.query('COMMIT');
  return estimate.id;
};

/** A client user with a session token stored as the portal stores them (SHA-256 of the key). */
export const seedMember = async (client: pg.Client, clientId: number) => {
  const {
    rows: [user],
  } = await client.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, email_verified)
     VALUES ('bench-member@client.example', 'Bench', 'Member', true) RETURNING id`,
  );
  if (!user) throw new Error('bench member not created');
  await client.query('INSERT INTO client_users (client_id, user_id) VALUES ($1, $2)', [
    clientId,
    user.id,
  ]);
  const token = randomBytes(32).toString('hex');
  await client.query(
    `INSERT INTO auth_tokens (user_id, key_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
    [user.id, createHash('sha256').update(token).digest('hex')],
  );
  return { userId: user.id, token };
};

export const seedClientAndProject = async (client: pg.Client) => {
  const {
    rows: [row],
  } = await client.query<{ client_id: number; project_id: number }>(
    `WITH c AS (INSERT INTO clients (name, slug) VALUES ('Bench Client', 'bench-client') RETURNING id)
     INSERT INTO projects (client_id, name, slug) SELECT id, 'Bench Platform', 'bench-platform' FROM c
     RETURNING client_id, id AS project_id`,
  );
  if (!row) throw new Error('bench project not created');
  return { clientId: row.client_id, projectId: row.project_id };
};

/** Statements the database committed for `datname` so far (flushed stats, read from elsewhere). */
const committed = async (admin: pg.Client, datname: string) => {
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ n: string }>(
    'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1',
    [datname],
  );
  return Number(rows[0]?.n ?? 0);
};

// An idle backend flushes its statistics within 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL).
const STATS_FLUSH_MS = 11_000;

/** Statements committed so far, once every backend has flushed its statistics. */
const settledCount = async (admin: pg.Client, datname: string) => {
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
  // A backend that was busy until the last moment may flush a little later still: the count is
  // settled once a second has passed without it moving (a load run's 65,000 commits were once
  // counted against the next 200 sequential requests: 455 "statements" a request).
  for (let last = await committed(admin, datname), tries = 0; tries < 5; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await committed(admin, datname);
    if (now === last) return now;
    last = now;
  }
  console.log('  (the commit count did not settle: background jobs commit too; SQL/req is high)');
  return committed(admin, datname);
};

/** Sequential requests to `url`; answers nothing, the database counts them. */
const sequential = async (url: string, headers: Record<string, string>) => {
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
  }
};

const line = (r: LoadResult, size: string, statements: string) =>
  [
    r.name.padEnd(40),
    r.rps.toFixed(0).padStart(8),
    r.p50.toFixed(1).padStart(8),
    r.p99.toFixed(1).padStart(8),
    size.padStart(10),
    statements.padStart(10),
    r.errors + r.non2xx > 0 ? ` ${r.errors} errors, ${r.non2xx} non-2xx of ${r.requests}` : '',
  ].join(' ');

/**
 * Runs on a database of its own: a scratch database on the PostgreSQL server in DATABASE_URL
 * when set, else on an embedded PostgreSQL started here; the portal is started on it.
 */
export const benchEstimates = async (options: { seconds: number; screenOnly?: boolean }) => {
  await withScratchDatabase(
    { label: 'estimates' },
    async ({ where, name, admin, portal, seeder, token: staffToken, auth: staff }) => {
      const { clientId, projectId } = await seedClientAndProject(seeder);
      const member = await seedMember(seeder, clientId);
      const memberAuth = { authorization: `Token ${member.token}` };
      const ids = [];
      for (const shape of options.screenOnly ? [] : SHAPES)
        ids.push({ shape, id: await seedEstimate(seeder, projectId, member.userId, shape) });
      await seeder.query('VACUUM ANALYZE');

      // `estimate-screen` alone skips the load runs: the browser measure is what it is for.
      if (!options.screenOnly) {
        console.log(`\nEstimate detail on ${where}`);
        console.log(
          `${'measure (32 connections)'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'size'.padStart(10)} ${'SQL/req'.padStart(10)}`,
        );
        const runs = ids.flatMap(({ shape, id }) =>
          (
            [
              ['staff', staff],
              ['member', memberAuth],
            ] as const
          ).map(([who, headers]) => ({
            name: `GET /api/estimates/{id}/ ${shape.sections}×${shape.items} (${who})`,
            url: `${portal.url}/api/estimates/${id}/`,
            headers,
          })),
        );
        const measured = [];
        for (const run of runs) {
          const res = await fetch(run.url, { headers: run.headers });
          if (!res.ok) throw new Error(`${run.url}: ${res.status} ${await res.text()}`);
          const size = `${((await res.arrayBuffer()).byteLength / 1024).toFixed(1)} KB`;
          await warmUp(run.url, run.headers);
          measured.push({
            size,
            result: await load({ ...run, seconds: options.seconds }),
          });
        }
        // Then the statements per request, each set of sequential requests between two flushes.
        let before = await settledCount(admin, name);
        for (const [i, run] of runs.entries()) {
          await sequential(run.url, run.headers);
          const after = await settledCount(admin, name);
          const { size, result } = measured[i]!;
          console.log(line(result, size, ((after - before) / SEQUENTIAL_REQUESTS).toFixed(2)));
          before = after;
        }
        console.log(
          '  (SQL/req counts every statement the database committed during sequential requests,\n' +
            '   the token check included; target ≥ 500 req/s and p99 ≤ 100 ms at 10 × 20.)',
        );
      }
      const screenId = await seedEstimate(seeder, projectId, member.userId, SCREEN_SHAPE);
      await seeder.query('ANALYZE');
      await benchEstimateScreen(
        portal.url,
        staffToken,
        screenId,
        SCREEN_SHAPE.sections * (SCREEN_SHAPE.items + 1),
      );
    },
  );
};
