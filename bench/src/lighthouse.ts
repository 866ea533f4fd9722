import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import type pg from 'pg';
import puppeteer, { type Browser } from 'puppeteer-core';
import { seedCanvas } from './canvas-editor';
import { seedClientAndProject, seedEstimate, seedMember } from './estimates';
import { seedLeads } from './leads';
import { withScratchDatabase } from './scratch-database';
import { seedPlan } from './test-plan-screen';

/**
 * Lighthouse on the portal's screens (issue 30, decision 0055): the npm package driven through
 * puppeteer-core with Debian's Chromium (nothing downloads a browser), with its desktop preset
 * and its default mobile settings (a mid-range phone on slow 4G, simulated), RUNS runs of each,
 * per-metric medians, each run a cold load (empty HTTP cache) of a signed-in or visitor session.
 */

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

type FormFactor = 'desktop' | 'mobile';

const BUDGETS = {
  desktop: { performance: 95, tbt: 150 },
  mobile: { performance: 90, tbt: 300 },
  accessibility: 100,
  bestPractices: 100,
  cls: 0.02,
} as const;

type Screen = {
  /** What `BENCH_LIGHTHOUSE_SCREENS` names it by. */
  key: string;
  label: string;
  path: string;
  /** The session the web app keeps in local storage (`token`), or none for a visitor. */
  token: string | null;
  formFactors: FormFactor[];
};

type Measure = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
  tbt: number;
  /** Not budgeted; where a mobile performance score goes on slow 4G. */
  lcp: number;
  /** Script as sent (compressed) before the run ended, and how many files: what slow 4G waits on. */
  scriptKb: number;
  scripts: number;
  /** Audits of accessibility and best practices that did not pass, with their titles. */
  failing: string[];
  warnings: string[];
  ms: number;
};

const BOTH: FormFactor[] = ['desktop', 'mobile'];

/** `BENCH_LIGHTHOUSE_SCREENS=login,estimate` measures just these; unset, every screen. */
const SELECTED = (process.env.BENCH_LIGHTHOUSE_SCREENS ?? '')
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const wanted = (key: string) => SELECTED.length === 0 || SELECTED.includes(key);

/** `BENCH_LIGHTHOUSE_FORMS=mobile` measures just that form factor; unset, each screen's own. */
const FORMS = (process.env.BENCH_LIGHTHOUSE_FORMS ?? '')
  .split(',')
  .map((form) => form.trim())
  .filter(Boolean);
const formWanted = (form: FormFactor) => FORMS.length === 0 || FORMS.includes(form);

/**
 * With `BENCH_PROFILE_DIR`, each run's whole report (`lighthouse-{screen}-{form}-{n}.json`):
 * the LCP element, its phases and the requests before it, which the table does not show.
 */
const keepReport = async (name: string, report: unknown) => {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `lighthouse-${name}.json`), JSON.stringify(report));
};

/**
 * The scripts of a run's `network-requests` audit: kilobytes transferred and their number; NaN
 * for a run that failed or has no such table, which the medians then leave out.
 */
const scriptsSent = (lhr: Result) => {
  const details = lhr.audits['network-requests']?.details;
  const items = lhr.runtimeError
    ? undefined
    : (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
        ?.items;
  if (!items) return { scriptKb: NaN, scripts: NaN };
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return {
    scriptKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    scripts: scripts.length,
  };
};

/** One Lighthouse run of `url` in a fresh tab, with `token` in local storage and no HTTP cache. */
const audit = async (
  browser: Browser,
  origin: string,
  screen: Screen,
  formFactor: FormFactor,
  run: number,
): Promise<Measure> => {
  const page = await browser.newPage();
  try {
    // The session is set on the origin first; Lighthouse must then keep it (disableStorageReset)
    // but the HTTP cache is cleared here, as Lighthouse itself would: every run is a first visit.
    await page.goto(`${origin}/api/health/live`);
    await page.evaluate((token) => {
      localStorage.clear();
      if (token) localStorage.setItem('token', token);
    }, screen.token);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const started = Date.now();
    const result = await lighthouse(
      `${origin}${screen.path}`,
      {
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      },
      formFactor === 'desktop' ? (desktopConfig as Config) : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${screen.path}`);
    const { lhr } = result;
    await keepReport(`${screen.key}-${formFactor}-${run + 1}`, lhr);
    // A run Lighthouse could not finish (a runtime error: no paint seen, a page that hung) has
    // no scores; it is reported, and left out of the medians rather than counted as 0.
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : NaN;
    };
    const failing = ['accessibility', 'best-practices'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1)
        .map((a) => {
          // The first element it names, so that the report says where to look.
          const details = a!.details;
          const first = details?.type === 'table' ? details.items[0]?.node : undefined;
          const where = (first as { selector?: string } | undefined)?.selector;
          return `${category}: ${a!.id} (${a!.title})${where ? ` at ${where}` : ''}`;
        }),
    );
    if (lhr.runtimeError)
      failing.push(`run failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // What moved, when anything did: the elements Lighthouse names for the largest shifts.
    const shifts = lhr.audits['layout-shifts']?.details;
    if (shifts?.type === 'table')
      for (const item of shifts.items.slice(0, 3)) {
        const node = item.node as { selector?: string; snippet?: string } | undefined;
        const score = Number(item.score ?? 0);
        if (score > 0.005)
          failing.push(
            `layout shift ${score.toFixed(3)}: ${node?.selector ?? node?.snippet ?? '?'}`,
          );
      }
    if (lhr.finalDisplayedUrl !== `${origin}${screen.path}`)
      throw new Error(`${screen.path} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      ...scriptsSent(lhr),
      failing,
      warnings: lhr.runWarnings,
      ms: Date.now() - started,
    };
  } finally {
    await page.close();
  }
};

/** The median of the finite values (a failed run's are NaN); NaN when there are none. */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const mark = (met: boolean) => (met ? 'met' : 'NOT met');

const printTable = (rows: { screen: Screen; formFactor: FormFactor; runs: Measure[] }[]) => {
  console.log(
    `\nLighthouse ${RUNS} runs, median of each measure (budgets: performance ≥ ${BUDGETS.desktop.performance} desktop / ≥ ${BUDGETS.mobile.performance} mobile, accessibility ${BUDGETS.accessibility}, best practices ${BUDGETS.bestPractices}, CLS ≤ ${BUDGETS.cls}, TBT ≤ ${BUDGETS.desktop.tbt} / ${BUDGETS.mobile.tbt} ms)`,
  );
  console.log(
    `${'screen'.padEnd(34)} ${'form'.padEnd(7)} ${'perf'.padStart(11)} ${'a11y'.padStart(11)} ${'best pr.'.padStart(11)} ${'CLS'.padStart(15)} ${'TBT ms'.padStart(14)} ${'LCP ms'.padStart(7)} ${'JS KB/files'.padStart(11)}  runs`,
  );
  const failures = new Set<string>();
  for (const { screen, formFactor, runs } of rows) {
    const m = (pick: (r: Measure) => number) => median(runs.map(pick));
    const performance = m((r) => r.performance);
    const accessibility = m((r) => r.accessibility);
    const bestPractices = m((r) => r.bestPractices);
    const cls = m((r) => r.cls);
    const tbt = m((r) => r.tbt);
    const budget = BUDGETS[formFactor];
    const cell = (value: string, met: boolean, width: number) =>
      `${value} ${met ? '✓' : '✗'}`.padStart(width);
    console.log(
      [
        screen.label.padEnd(34),
        formFactor.padEnd(7),
        cell(performance.toFixed(0), performance >= budget.performance, 11),
        cell(accessibility.toFixed(0), accessibility >= BUDGETS.accessibility, 11),
        cell(bestPractices.toFixed(0), bestPractices >= BUDGETS.bestPractices, 11),
        cell(cls.toFixed(3), cls <= BUDGETS.cls, 15),
        cell(tbt.toFixed(0), tbt <= budget.tbt, 14),
        m((r) => r.lcp)
          .toFixed(0)
          .padStart(7),
        `${m((r) => r.scriptKb).toFixed(0)}/${m((r) => r.scripts).toFixed(0)}`.padStart(11),
        ` ${runs.map((r) => (Number.isFinite(r.performance) ? r.performance : 'failed')).join('/')} perf, ${(median(runs.map((r) => r.ms)) / 1000).toFixed(0)} s each`,
      ].join(' '),
    );
    for (const run of runs) {
      for (const failing of run.failing)
        failures.add(`${screen.label} (${formFactor}): ${failing}`);
      for (const warning of run.warnings)
        failures.add(`${screen.label} (${formFactor}): warning: ${warning}`);
    }
    const allMet =
      performance >= budget.performance &&
      accessibility >= BUDGETS.accessibility &&
      bestPractices >= BUDGETS.bestPractices &&
      cls <= BUDGETS.cls &&
      tbt <= budget.tbt;
    if (!allMet) failures.add(`${screen.label} (${formFactor}): budgets ${mark(false)}`);
  }
  if (failures.size > 0) {
    console.log('  What did not pass (any run):');
    for (const failure of failures) console.log(`  - ${failure}`);
  }
};

/**
 * The estimate as a client has it: a version sent to her, and the working copy changed since,
 * so that staff see the version and its changes on the page and the client the version to sign.
 */
const sendAndEdit = async (url: string, token: string, seeder: pg.Client, estimateId: number) => {
  const call = async (path: string, method: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await call(`/api/estimates/${estimateId}/send/`, 'POST', { message: 'For your approval.' });
  const { rows } = await seeder.query<{ id: number }>(
    `SELECT i.id FROM estimate_items AS i JOIN estimate_sections AS s ON s.id = i.section_id
     WHERE s.estimate_id = $1 ORDER BY s."order", i."order" LIMIT 1`,
    [estimateId],
  );
  await call(`/api/estimate-items/${rows[0]!.id}/`, 'PATCH', { hours_high: '24.00' });
};

/**
 * Seeds one portal with what every selected screen shows (100,000 leads, an estimate of 10 × 20
 * items with 1–3 comments each and a client user, a test plan of 50 flows × 30 steps and a run of
 * it, a canvas of 300 models), then runs Lighthouse on each screen, one run at a time.
 */
export const benchLighthouse = async () => {
  await withScratchDatabase({ label: 'lighthouse' }, async ({ portal, seeder, token }) => {
    const screens: Screen[] = [];
    const add = (
      key: string,
      label: string,
      path: string,
      as: string | null,
      formFactors: FormFactor[] = BOTH,
    ) => {
      if (wanted(key)) screens.push({ key, label, path, token: as, formFactors });
    };
    add('login', '/login (visitor)', '/login', null);
    add('home-staff', '/home (staff)', '/home', token);
    if (['estimate', 'home-client'].some(wanted)) {
      const { clientId, projectId } = await seedClientAndProject(seeder);
      const member = await seedMember(seeder, clientId);
      const id = await seedEstimate(seeder, projectId, member.userId, { sections: 10, items: 20 });
      await sendAndEdit(portal.url, token, seeder, id);
      add('home-client', '/home (client user)', '/home', member.token);
      add('estimate', '/estimates/{id} (10 × 20)', `/estimates/${id}`, token);
    }
    if (wanted('leads')) {
      await seedLeads(seeder, 100_000);
      add('leads', '/leads (100,000)', '/leads', token);
    }
    if (['milestone', 'test-run'].some(wanted)) {
      const milestone = await seedPlan(portal.url, token);
      add('milestone', '/milestones/{id} (50 × 30)', `/milestones/${milestone}`, token);
      if (wanted('test-run')) {
        const res = await fetch(`${portal.url}/api/test-runs/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
          body: JSON.stringify({ milestone }),
        });
        if (!res.ok) throw new Error(`test run not started: ${res.status} ${await res.text()}`);
        const run = (await res.json()) as { id: number };
        add('test-run', '/test-runs/{id} (1,500 steps)', `/test-runs/${run.id}`, token);
      }
    }
    if (wanted('canvas')) {
      const { canvas } = await seedCanvas(portal.url, token);
      // Desktop only: the editor is a pointer-and-keyboard tool (issue 30).
      add('canvas', 'canvas (300 models)', `/experimental/modeling/${String(canvas.id)}`, token, [
        'desktop',
      ]);
    }
    await seeder.query('ANALYZE');

    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const rows = [];
      const loadBefore = loadavg();
      for (const screen of screens)
        for (const formFactor of screen.formFactors.filter(formWanted)) {
          const runs: Measure[] = [];
          for (let i = 0; i < RUNS; i++)
            runs.push(await audit(browser, portal.url, screen, formFactor, i));
          rows.push({ screen, formFactor, runs });
        }
      printTable(rows);
      const load = (l: number[]) => l.map((n) => n.toFixed(1)).join(' ');
      console.log(
        `  (load average ${load(loadBefore)} before, ${load(loadavg())} after; ${cpus().length} cores)`,
      );
    } finally {
      await browser.close();
    }
  });
};
