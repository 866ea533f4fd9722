import { performance } from 'node:perf_hooks';
import { seedLeads, withLeadsDatabase } from './leads';
import { groupProcesses } from './processes';

/**
 * Leads CSV (DESIGN §6, issue 18): `GET /api/leads/export/` of 100,000 and then 1,000,000 leads
 * — rows per second and the server process's peak memory while it streams, beside its memory at
 * rest — and then `POST /api/leads/import/` of a 100,000-row file into that table, dry run and
 * real (every row checked for duplicates against the leads already there).
 */

const MB = 1024 * 1024;

/** Resident memory (bytes) of the largest process in the server's process group: the server. */
const serverRss = async (group: number): Promise<number> =>
  Math.max(0, ...(await groupProcesses(group)).map((process) => process.rss));

/** Samples the server's memory every 50 ms while `work` runs; answers the peak. */
const peakWhile = async <T>(group: number, work: () => Promise<T>) => {
  let peak = await serverRss(group);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await serverRss(group));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const result = await work();
    return { result, peak };
  } finally {
    running = false;
    await sampler;
  }
};

/** Downloads the export, counting bytes and lines as they stream in; nothing is kept. */
const download = async (url: string, auth: Record<string, string>) => {
  const response = await fetch(`${url}/api/leads/export/`, { headers: auth });
  if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { bytes, rows: lines - 1 };
};

/**
 * Runs `work` once, timing it and sampling the server's memory, and prints one row of the table:
 * rows, bytes, time, rows/s, memory at rest and at the peak.
 */
const measured = async (
  label: string,
  group: number,
  work: () => Promise<{ rows: number; bytes: number; note?: string }>,
) => {
  const rest = await serverRss(group);
  const started = performance.now();
  const { result, peak } = await peakWhile(group, work);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    [
      label.padEnd(30),
      result.rows.toLocaleString('en').padStart(11),
      `${(result.bytes / MB).toFixed(0)} MB`.padStart(8),
      `${seconds.toFixed(1)} s`.padStart(8),
      Math.round(result.rows / seconds)
        .toLocaleString('en')
        .padStart(10),
      `${(rest / MB).toFixed(0)} MB`.padStart(9),
      `${(peak / MB).toFixed(0)} MB`.padStart(9),
      result.note ?? '',
    ].join(' '),
  );
};

const exportLine = (label: string, url: string, group: number, auth: Record<string, string>) =>
  measured(label, group, () => download(url, auth));

/** A CRM-style file of `count` people nobody in the seeded data is (their own email domain). */
const importFile = (count: number) => {
  const lines = ['First Name,Last Name,E-mail,Phone,Company,Job Title,Lead Status,Lead Source'];
  const statuses = ['New', 'Contacted', 'No Response', 'Negotiation', 'Won'];
  for (let i = 0; i < count; i++)
    lines.push(
      `Imported,Person${i},imported.person${i}@crm-import.example,,Import Co ${i % 500},` +
        `Buyer,${statuses[i % statuses.length]},Trade fair ${i % 12}`,
    );
  return `${lines.join('\n')}\n`;
};

const importLine = async (
  label: string,
  url: string,
  group: number,
  auth: Record<string, string>,
  csv: string,
  dryRun: boolean,
) => {
  const form = new FormData();
  form.append('dry_run', String(dryRun));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
  await measured(label, group, async () => {
    const response = await fetch(`${url}/api/leads/import/`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const body = (await response.json()) as { rows: number; created: number; errors: unknown[] };
    if (!response.ok || body.errors.length > 0)
      throw new Error(`import failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return {
      rows: body.rows,
      bytes: csv.length,
      note: `  created ${body.created.toLocaleString('en')}`,
    };
  });
};

const header = () =>
  console.log(
    `${'measure'.padEnd(30)} ${'rows'.padStart(11)} ${'size'.padStart(8)} ${'time'.padStart(8)} ${'rows/s'.padStart(10)} ${'RSS rest'.padStart(9)} ${'RSS peak'.padStart(9)}`,
  );

export const benchLeadCsv = async () => {
  const million = process.env.BENCH_LEADS_MILLION !== '0';
  await withLeadsDatabase(async ({ where, portal, seeder, auth }) => {
    const group = portal.group;
    if (group === undefined) throw new Error('the portal has no process group');
    console.log(`\nLeads CSV on ${where} (server process memory: resident set size)`);
    await seedLeads(seeder, 100_000);
    header();
    await exportLine('export, 100,000 leads', portal.url, group, auth);
    if (million) {
      await seedLeads(seeder, 900_000);
      header();
      await exportLine('export, 1,000,000 leads', portal.url, group, auth);
    } else {
      console.log('\n(BENCH_LEADS_MILLION=0: the 1,000,000-lead export was skipped.)');
    }
    // Every imported row is checked against every lead already there.
    const csv = importFile(100_000);
    await importLine('import dry run, 100,000 rows', portal.url, group, auth, csv, true);
    await importLine('import, 100,000 rows', portal.url, group, auth, csv, false);
  });
};
