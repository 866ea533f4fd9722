import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import {
  LEAD_EXPORT_COLUMNS,
  LEAD_IMPORT_MAX_BYTES,
  LEAD_PIPELINE_MESSAGES as P,
  type Lead,
} from '@portal/contract/leads';
import { leads } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { createLeadWorld, insertLead } from './test-helpers';

const { t, w } = useTestWorld(createLeadWorld, 'csv');

beforeEach(async () => {
  await t.db.delete(leads);
});

const staff = () => w.as('staff');
const leadCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]?.n ?? 0;

const csvFile = (text: string | Buffer, filename = 'leads.csv') => ({
  name: 'file',
  filename,
  type: 'text/csv',
  data: typeof text === 'string' ? Buffer.from(text, 'utf8') : text,
});

const importCsv = (text: string | Buffer, dryRun?: boolean | string) =>
  staff().upload('/api/leads/import/', [
    ...(dryRun === undefined ? [] : [{ name: 'dry_run', value: String(dryRun) }]),
    csvFile(text),
  ]);

const exportCsv = async (query = '') => {
  const res = await staff().get(`/api/leads/export/${query}`);
  expect(res.statusCode).toBe(200);
  return res;
};

const records = (body: string) =>
  parse(body, { bom: true, columns: true }) as Record<string, string>[];

/** Every lead the list shows for a query, all pages. */
const listAll = async (query: string) => {
  const found: Lead[] = [];
  for (let page = 1; ; page++) {
    const res = await staff().get(`/api/leads/?page_size=100&page=${page}${query}`);
    const body = res.json() as { results: Lead[]; next: string | null };
    found.push(...body.results);
    if (!body.next) return found;
  }
};

const at = (iso: string) => new Date(iso);

const seedVariety = async () => {
  await insertLead(t, {
    firstName: 'Ada',
    lastName: 'Smith',
    email: 'ada@smith.example',
    company: 'Analytical, "Engines" Ltd',
    status: 'negotiation',
    message: 'Line one\nLine two, with a comma',
    metadata: { utm_source: 'newsletter', 'page title': 'Prices & plans' },
    phone: '+44 20 7946 0958',
    createdAt: at('2024-01-02T03:04:05.678Z'),
  });
  await insertLead(t, {
    firstName: 'Zoë',
    lastName: 'Smithson',
    email: 'zoe@example.test',
    title: '=HYPERLINK("http://evil.example")',
    status: 'won',
    createdAt: at('2024-02-01T00:00:00.000Z'),
  });
  await insertLead(t, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.example',
    status: 'won',
    notes: 'Not exported: internal.',
    createdAt: at('2024-03-01T12:00:00.000Z'),
  });
  // More than one batch of the duplicate check (200 rows a query).
  for (let i = 0; i < 230; i++)
    await insertLead(t, {
      firstName: `Bulk${i}`,
      lastName: i % 2 ? 'Smith' : 'Jones',
      email: `bulk${i}@example.test`,
      status: i % 3 ? 'new' : 'contacted',
      createdAt: at(`2023-0${(i % 9) + 1}-10T10:00:${String(i % 60).padStart(2, '0')}.000Z`),
    });
};

describe('GET /api/leads/export/', () => {
  it('is the filtered list as CSV: same leads, same order, every column', async () => {
    await seedVariety();
    for (const query of ['', '?search=smith', '?status=won', '?search=smith&status=won']) {
      const res = await exportCsv(query);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-.*\.csv"$/);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      expect(res.body.slice(1).split('\n')[0]).toBe(LEAD_EXPORT_COLUMNS.join(','));
      const listed = await listAll(query.replace('?', '&'));
      expect(listed.length).toBeGreaterThan(0);
      const rows = records(res.body);
      expect(rows.map((r) => Number(r.id))).toEqual(listed.map((l) => l.id));
      rows.forEach((row, i) => {
        const lead = listed[i] as Lead;
        expect(row).toEqual({
          id: String(lead.id),
          first_name: lead.first_name,
          last_name: lead.last_name,
          email: lead.email,
          phone: lead.phone,
          company: lead.company,
          title: lead.title.startsWith('=') ? `'${lead.title}` : lead.title,
          status: lead.status,
          message: lead.message,
          created_at: lead.created_at,
          metadata: expect.any(String),
        });
        expect(JSON.parse(row.metadata ?? '')).toEqual(lead.metadata);
      });
    }
  });

  it('gives its database connection back after each download', async () => {
    await seedVariety();
    // The test pool has 5 connections: a leaked cursor connection would stall the tenth export.
    for (let i = 0; i < 10; i++) expect(records((await exportCsv()).body)).toHaveLength(233);
    expect((await staff().get('/api/leads/')).json().count).toBe(233);
  });

  it('lets go of its cursor and connection when the download is abandoned', async () => {
    await t.db.execute(sql`INSERT INTO leads (first_name, last_name, email)
      SELECT 'Many', 'Leads', 'many' || n || '@example.test' FROM generate_series(1, 60000) AS n`);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const abort = new AbortController();
    const res = await fetch(`${address}/api/leads/export/`, {
      headers: { authorization: `Token ${w.tokens.staff}` },
      signal: abort.signal,
    });
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(first?.value?.byteLength).toBeGreaterThan(0);
    abort.abort();
    // Every connection is back in the pool (none is held by a cursor nobody reads).
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
    expect((await staff().get('/api/leads/?search=many')).json().count).toBe(60000);
  });

  it('answers a header row alone when nothing matches, and 400 for a bad filter', async () => {
    const res = await exportCsv('?search=nobody');
    expect(res.body).toBe(`\uFEFF${LEAD_EXPORT_COLUMNS.join(',')}\n`);
    const bad = await staff().get('/api/leads/export/?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['"lost" is not a valid choice.'] });
  });
});

describe('POST /api/leads/import/', () => {
  it('round-trips an export exactly', async () => {
    await seedVariety();
    const first = (await exportCsv()).body;
    await t.db.delete(leads);

    const res = await importCsv(first);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ dry_run: false, rows: 233, created: 233, errors: [] });
    const second = (await exportCsv()).body;
    const withoutIds = (body: string) => records(body).map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(second)).toEqual(withoutIds(first));

    // The same file again repeats every lead: each row is reported, none is created twice.
    const again = await importCsv(first);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ rows: 233, created: 0, errors: [] });
    expect(again.json().duplicates).toHaveLength(233);
    expect(await leadCount()).toBe(233);
  });

  it('runs one import at a time: a second at once is a 409, and no row is created twice', async () => {
    const file = [
      'first_name,last_name,email',
      ...Array.from({ length: 2_000 }, (_, i) => `Lee,Row${i},row${i}@together.test`),
    ].join('\n');
    const answers = await Promise.all([importCsv(file), importCsv(file)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json()).toEqual({ detail: P.importRunning });
    expect(await leadCount()).toBe(2_000);
    // Once the first has finished, the same file is an import of duplicates, not of new rows.
    const after = await importCsv(file);
    expect(after.json()).toMatchObject({ created: 0 });
    expect(await leadCount()).toBe(2_000);
  });

  it('reads CRM headers by alias, labels as statuses, unknown columns into metadata', async () => {
    const file = [
      'First Name,Last Name,E-mail,Phone Number,Company Name,Job Title,Lead Status,Lead Source,Empty',
      'Ada,Lovelace,ada@example.test,555 0100 200,Analytical,Countess,No Response,Conference,',
      '"Grace","Hopper","grace@navy.example","","Navy","","won","Referral",""',
    ].join('\r\n');
    const dry = await importCsv(file, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      dry_run: true,
      rows: 2,
      created: 0,
      duplicates: [],
      duplicates_in_file: [],
      errors: [],
      columns: [
        { header: 'First Name', field: 'first_name' },
        { header: 'Last Name', field: 'last_name' },
        { header: 'E-mail', field: 'email' },
        { header: 'Phone Number', field: 'phone' },
        { header: 'Company Name', field: 'company' },
        { header: 'Job Title', field: 'title' },
        { header: 'Lead Status', field: 'status' },
        { header: 'Lead Source', field: 'metadata.Lead Source' },
        { header: 'Empty', field: 'metadata.Empty' },
      ],
      preview: [
        {
          row: 2,
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.test',
          company: 'Analytical',
          status: 'no-response',
        },
        {
          row: 3,
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@navy.example',
          company: 'Navy',
          status: 'won',
        },
      ],
    });
    expect(await leadCount()).toBe(0);

    const res = await importCsv(file, false);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 2 });
    // Arrived at the same moment, they are listed in the file's order.
    expect((await listAll('')).map((l) => l.first_name)).toEqual(['Ada', 'Grace']);
    const ada = (await listAll('&search=ada'))[0];
    expect(ada).toMatchObject({
      phone: '555 0100 200',
      title: 'Countess',
      status: 'no-response',
      metadata: { 'Lead Source': 'Conference' },
    });
  });

  it('creates nothing when any row is bad, and names every bad row and field', async () => {
    const file = [
      'first_name,last_name,email,status,created_at,metadata',
      'Ok,One,ok1@example.test,new,,',
      'Bad,Email,not-an-email,new,,',
      'Ok,Two,ok2@example.test,,2024-05-01T09:30:00Z,"{""a"":""b""}"',
      ',Nameless,nameless@example.test,lost,yesterday,[1]',
      'Too,Many,cells@example.test,new,,,extra',
    ].join('\n');
    for (const dryRun of [false, true]) {
      const res = await importCsv(file, dryRun);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ dry_run: dryRun, rows: 5, created: 0, duplicates: [] });
      expect(res.json().errors).toEqual([
        { row: 3, field: 'email', message: 'Enter a valid email address.' },
        { row: 5, field: 'metadata', message: P.importBadMetadata },
        { row: 5, field: 'first_name', message: 'This field may not be blank.' },
        { row: 5, field: 'status', message: '"lost" is not a valid choice.' },
        { row: 5, field: 'created_at', message: P.importBadDate },
        { row: 6, field: 'non_field_errors', message: P.importRowLength(7, 6) },
      ]);
    }
    expect(await leadCount()).toBe(0);
  });

  it('refuses metadata JSON that PostgreSQL cannot store, on its row, instead of failing', async () => {
    const file = [
      'first_name,last_name,email,metadata',
      'Nul,Value,nul@example.test,"{""a"":""x\\u0000y""}"',
      'Nul,Key,key@example.test,"{""\\u0000"":""y""}"',
      'Lone,Surrogate,lone@example.test,"{""a"":""\\ud800""}"',
    ].join('\n');
    const res = await importCsv(file);
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual(
      [2, 3, 4].map((row) => ({ row, field: 'metadata', message: P.importBadMetadata })),
    );
    const nulLater = Buffer.concat([
      Buffer.from('first_name,last_name,email\n'),
      Buffer.alloc(70 * 1024, 'a'),
      Buffer.from([0]),
    ]);
    const binary = await importCsv(nulLater);
    expect(binary.json()).toEqual({ file: [P.importNotText] });
    expect(await leadCount()).toBe(0);
  });

  it('refuses a first-seen date PostgreSQL cannot hold or no calendar has, on its row', async () => {
    // Year 0 (and a zone that moves year 1 back into it) parsed in JavaScript and failed at the
    // INSERT (a 500); a 30 February was read as 2 March; year 1 was read back as 2001 (issue 27).
    const impossible = [
      '0000-01-01',
      '0000-06-15T12:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '0001-01-01T00:00:00Z',
      '0100-01-01T00:00:00+00:30',
      '2026-02-30',
      '2026-02-29T10:00:00Z',
      '2026-04-31 09:00',
      '2026-13-01',
    ];
    const file = [
      'first_name,last_name,email,created_at',
      ...impossible.map((date, i) => `Day,${i},day${i}@example.test,${date}`),
    ].join('\n');
    for (const dryRun of [true, false]) {
      const res = await importCsv(file, dryRun);
      expect(res.statusCode).toBe(200);
      expect(res.json().errors).toEqual(
        impossible.map((_, i) => ({ row: i + 2, field: 'created_at', message: P.importBadDate })),
      );
    }
    expect(await leadCount()).toBe(0);

    // The first and last moments read back as written are taken.
    const bounds = [
      'first_name,last_name,email,created_at',
      'First,Day,first@example.test,0100-01-01T00:00:00Z',
      'Last,Day,last@example.test,9999-12-31T23:59:59Z',
      'Leap,Day,leap@example.test,2024-02-29',
    ].join('\n');
    const res = await importCsv(bounds);
    expect(res.json()).toMatchObject({ created: 3, errors: [] });
    const rows = await t.db.select({ createdAt: leads.createdAt }).from(leads);
    expect(rows.map((r) => r.createdAt.toISOString()).sort()).toEqual([
      '0100-01-01T00:00:00.000Z',
      '2024-02-29T00:00:00.000Z',
      '9999-12-31T23:59:59.000Z',
    ]);
  });

  it('skips and reports rows that repeat an existing lead by email or phone', async () => {
    const known = await insertLead(t, { email: 'Known@Example.test', phone: '(555) 010-0200' });
    const file = [
      'first_name,last_name,email,phone',
      'Same,Email,known@example.TEST,',
      'Same,Phone,other@example.test,555.010.0200',
      'Short,Phone,short@example.test,0200',
    ].join('\n');
    const res = await importCsv(file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      created: 1,
      duplicates: [
        { row: 2, lead: known.id, reason: 'email' },
        { row: 3, lead: known.id, reason: 'phone' },
      ],
    });
    expect(await leadCount()).toBe(2);
  });

  it('refuses an impossible date on its row instead of failing or moving it to another day', async () => {
    const dates = [
      '0000-01-01',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31T10:00:00Z',
      '2026-01-01T25:00:00Z',
      '2026-01-01T10:60:00Z',
      // Past PostgreSQL's reach once in UTC: year 0, year 10000.
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:30:00-01:00',
    ];
    const file = [
      'first_name,last_name,email,created_at',
      ...dates.map((date, i) => `Bad,Date,bad${i}@example.test,${date}`),
    ].join('\n');
    const res = await importCsv(file, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual(
      dates.map((_, i) => ({ row: i + 2, field: 'created_at', message: P.importBadDate })),
    );
    // Each alone, as a real import: the row is refused, not written nor a 500.
    for (const date of dates) {
      const one = await importCsv(
        `first_name,last_name,email,created_at\nA,B,a@example.test,${date}`,
      );
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        created: 0,
        errors: [{ row: 2, field: 'created_at', message: P.importBadDate }],
      });
    }
    expect(await leadCount()).toBe(0);
  });

  it('reads the dates it can store as the same instant, a time without a zone as UTC', async () => {
    const file = [
      'first_name,last_name,email,created_at',
      'Leap,Day,leap@example.test,2024-02-29',
      'First,Year,first@example.test,0100-01-01T00:00:00Z',
      'Last,Year,last@example.test,9999-12-31T23:59:59.999Z',
      'No,Zone,nozone@example.test,2024-05-01 09:30',
      'Offset,Zone,offset@example.test,2024-05-01T09:30:00+0200',
    ].join('\n');
    const res = await importCsv(file);
    expect(res.statusCode).toBe(201);
    const byEmail = new Map((await listAll('')).map((l) => [l.email, l.created_at]));
    expect(Object.fromEntries(byEmail)).toEqual({
      'leap@example.test': '2024-02-29T00:00:00.000Z',
      'first@example.test': '0100-01-01T00:00:00.000Z',
      'last@example.test': '9999-12-31T23:59:59.999Z',
      'nozone@example.test': '2024-05-01T09:30:00.000Z',
      'offset@example.test': '2024-05-01T07:30:00.000Z',
    });
  });

  it('creates one lead for an email (or phone) that a file repeats, and reports the others', async () => {
    const known = await insertLead(t, { email: 'known@example.test' });
    const file = [
      'first_name,last_name,email,phone',
      'Ada,One,ada@example.test,',
      'Ada,Two,ADA@example.test,',
      'Known,One,known@example.test,',
      'Known,Two,Known@Example.test,',
      'Phone,One,phone1@example.test,555 010 0200',
      'Phone,Two,phone2@example.test,(555) 010-0200',
      'Ada,Three,ada@example.test,',
    ].join('\n');
    const dry = await importCsv(file, true);
    expect(dry.json()).toMatchObject({
      created: 0,
      errors: [],
      duplicates: [
        { row: 4, lead: known.id, reason: 'email' },
        { row: 5, lead: known.id, reason: 'email' },
      ],
      duplicates_in_file: [
        { row: 3, same_as_row: 2, reason: 'email' },
        { row: 7, same_as_row: 6, reason: 'phone' },
        { row: 8, same_as_row: 2, reason: 'email' },
      ],
    });
    expect(dry.json().preview.map((p: Lead) => p.last_name)).toEqual(['One', 'One']);
    const res = await importCsv(file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 2 });
    expect((await listAll('')).map((l) => l.email).sort()).toEqual([
      'ada@example.test',
      'known@example.test',
      'phone1@example.test',
    ]);
  });

  it.each([
    [
      'binary data',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      P.importNotText,
    ],
    [
      'Latin-1 text',
      Buffer.from('first_name,last_name,email\nRen\xe9,Roy,r@example.test\n', 'latin1'),
      P.importNotUtf8,
    ],
    [
      'UTF-16 text',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('email\n', 'utf16le')]),
      P.importNotUtf8,
    ],
    ['an empty file', Buffer.alloc(0), P.importEmpty],
    ['a header alone', Buffer.from('first_name,last_name,email\n'), P.importNoRows],
    ['no email column', Buffer.from('first_name,last_name\nA,B\n'), P.importMissingColumn('email')],
    ['no name column', Buffer.from('email\na@example.test\n'), P.importMissingColumn('first_name')],
  ])('answers 400 on file for %s and creates nothing', async (_what, data, message) => {
    const res = await importCsv(data);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [message] });
    expect(await leadCount()).toBe(0);
  });

  it('answers 400 for broken quoting, naming the problem', async () => {
    const res = await importCsv('first_name,last_name,email\n"Ada,Lovelace,ada@example.test\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().file[0]).toMatch(/^This file could not be read as CSV: .*quote/i);
    expect(await leadCount()).toBe(0);
  });

  it('answers 400 for a file over 20 MB, no file, or a bad dry_run', async () => {
    const big = Buffer.alloc(LEAD_IMPORT_MAX_BYTES + 1, 'a');
    const tooBig = await importCsv(big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ file: [P.importTooLarge] });

    const none = await staff().upload('/api/leads/import/', [{ name: 'dry_run', value: 'true' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ file: [P.importNoFile] });

    const json = await staff().post('/api/leads/import/', { file: 'first_name' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ file: [P.importNoFile] });

    const dry = await importCsv('first_name,last_name,email\nA,B,a@example.test\n', 'maybe');
    expect(dry.statusCode).toBe(400);
    expect(dry.json()).toEqual({ dry_run: ['Must be a valid boolean.'] });
    expect(await leadCount()).toBe(0);
  });

  it('answers 400 on dry_run when it is given twice, and writes nothing', async () => {
    const file = csvFile('first_name,last_name,email\nA,B,a@example.test\n');
    for (const query of ['?dry_run=true&dry_run=false', '?dry_run=false&dry_run=true']) {
      const res = await staff().upload(`/api/leads/import/${query}`, [file]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ dry_run: [FIELD_MESSAGES.givenTwice] });
    }
    const twice = await staff().upload('/api/leads/import/', [
      { name: 'dry_run', value: 'true' },
      { name: 'dry_run', value: 'false' },
      file,
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ dry_run: [FIELD_MESSAGES.givenTwice] });
    // The query and the form disagreeing is the same ambiguity.
    const both = await staff().upload('/api/leads/import/?dry_run=true', [
      { name: 'dry_run', value: 'false' },
      file,
    ]);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ dry_run: [FIELD_MESSAGES.givenTwice] });
    expect(await leadCount()).toBe(0);
  });

  it('splits a full name column and takes dry_run from the query too', async () => {
    const res = await staff().upload('/api/leads/import/?dry_run=true', [
      csvFile('Name,Email\nAda King Lovelace,ada@example.test\nPrince,prince@example.test\n'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().preview.map((p: Lead) => [p.first_name, p.last_name])).toEqual([
      ['Ada', 'King Lovelace'],
    ]);
    // A one-word name has no last name, which a lead needs.
    expect(res.json().errors).toEqual([
      { row: 3, field: 'last_name', message: 'This field may not be blank.' },
    ]);
  });
});
