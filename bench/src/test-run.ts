import { launchChromium, percentile } from './browser';
import { BENCH_ADMIN, startPortal } from './processes';
import { seedPlan } from './test-plan-screen';

/** Issue 16: a run of the 50 × 30 plan: 1,500 results recorded through the API, then opened. */
const CONCURRENCY = 8;
const CLICKS = 10;
const RESULTS = ['passed', 'failed', 'blocked', 'skipped'] as const;

const call = async (url: string, token: string, method = 'GET', body?: unknown) => {
  const startedAt = performance.now();
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return { ms: performance.now() - startedAt, json: JSON.parse(text) as unknown };
};

/** Runs `task` for 0..count-1 at CONCURRENCY; answers each call's time and the wall time. */
const pool = async (count: number, task: (i: number) => Promise<number>) => {
  const times: number[] = [];
  let next = 0;
  const startedAt = performance.now();
  const worker = async () => {
    for (let i = next++; i < count; i = next++) times.push(await task(i));
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { times, wallMs: performance.now() - startedAt };
};

const line = (label: string, times: number[], wallMs: number) =>
  console.log(
    `  ${label.padEnd(46)} ${String(times.length).padStart(5)} calls in ${(wallMs / 1000).toFixed(2).padStart(5)} s, ${((times.length / wallMs) * 1000).toFixed(0).padStart(5)}/s, p50 ${percentile(times, 50).toFixed(1).padStart(5)} ms, p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms`,
  );

/**
 * In the page: when a click lands, the time; when the runner shows the step named by
 * `__next` after it, the time of the frame that paints it (a requestAnimationFrame after the
 * DOM change); and when the click's save has been answered, the end of that PATCH as the
 * browser's resource timing has it. All three on the page's clock, so Playwright's own work
 * around a click (finding the button, waiting for it to be still, scrolling it into view) is
 * not counted: a person's click has none of it.
 */
const CLICK_TO_PAINT = `
  globalThis.__clicked = 0;
  globalThis.__painted = 0;
  globalThis.__next = 0;
  document.addEventListener('click', () => { globalThis.__clicked = performance.now(); }, true);
  new MutationObserver(() => {
    if (globalThis.__painted || !document.querySelector('section[aria-label="Step ' + globalThis.__next + '"]')) return;
    requestAnimationFrame(() => { globalThis.__painted = performance.now(); });
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
`;

type ClickClock = { __clicked: number; __painted: number; __next: number };

/**
 * Records a result for every step of a 1,500-step run through the API (PATCH, 8 at a time)
 * beside the same number of token checks (`GET /api/users/auth/`) as the baseline; then, in
 * Chromium, the time from navigation until the runner answers (its Pass button is there) and
 * until the report shows all 1,500 steps, and for ten result clicks the time until the click
 * shows and until the server has saved it.
 */
export const benchTestRun = async () => {
  const portal = await startPortal();
  const browser = await launchChromium();
  try {
    const login = await fetch(`${portal.url}/api/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const milestone = await seedPlan(portal.url, token);

    const started = await call(`${portal.url}/api/test-runs/`, token, 'POST', { milestone });
    const run = started.json as { id: number; results: { id: number }[] };
    const ids = run.results.map((r) => r.id);

    const baseline = await pool(ids.length - CLICKS - 1, async () => {
      return (await call(`${portal.url}/api/users/auth/`, token)).ms;
    });
    // Every step but the first CLICKS + 1, which the clicks below record in the runner.
    const recordedIds = ids.slice(CLICKS + 1);
    const recorded = await pool(recordedIds.length, async (i) => {
      const body = { result: RESULTS[i % RESULTS.length], note: i % 10 ? '' : `Note ${i}` };
      const url = `${portal.url}/api/test-run-results/${recordedIds[i]}/`;
      return (await call(url, token, 'PATCH', body)).ms;
    });
    const read = await call(`${portal.url}/api/test-runs/${run.id}/`, token);
    const bytes = JSON.stringify(read.json).length;

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.url}/login`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    // Warm the HTTP cache and the lazy chunks once, as a returning user has them.
    await page.goto(`${portal.url}/test-runs/${run.id}`);
    await page.waitForSelector('[aria-keyshortcuts="P"]', { timeout: 60_000 });

    const openedAt = Date.now();
    await page.goto(`${portal.url}/test-runs/${run.id}`);
    await page.waitForSelector('[aria-keyshortcuts="P"]', { timeout: 60_000 });
    const runnerMs = Date.now() - openedAt;

    // Pass the first steps one after the other, as a tester does: each click records the step
    // and the runner shows the next one (the visible answer to the click); the server's answer
    // is the save. The API recording above left these steps untested.
    const shown: number[] = [];
    const sent: number[] = [];
    const saved: number[] = [];
    await page.evaluate(CLICK_TO_PAINT);
    for (let i = 0; i < CLICKS; i++) {
      await page.evaluate((next) => {
        const c = globalThis as unknown as ClickClock;
        c.__painted = 0;
        c.__next = next;
        performance.clearResourceTimings();
      }, i + 2);
      const answered = page.waitForResponse((r) => r.url().includes('/api/test-run-results/'));
      await page.click('[aria-keyshortcuts="P"]');
      // A function, not a string: the page's CSP (script-src 'self') refuses a string's eval.
      await page.waitForFunction(
        () => (globalThis as unknown as ClickClock).__painted > 0,
        undefined,
        { polling: 'raf' },
      );
      await (await answered).finished();
      const times = await page.evaluate(() => {
        const c = globalThis as unknown as ClickClock;
        const save = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/api/test-run-results/')) as
          PerformanceResourceTiming | undefined;
        return {
          shown: c.__painted - c.__clicked,
          sent: (save?.startTime ?? NaN) - c.__clicked,
          saved: (save?.responseEnd ?? NaN) - c.__clicked,
        };
      });
      shown.push(times.shown);
      sent.push(times.sent);
      saved.push(times.saved);
    }

    const reportAt = Date.now();
    await page.goto(`${portal.url}/test-runs/${run.id}/report`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('li[data-result]').length >= n,
      ids.length,
      { timeout: 60_000, polling: 'raf' },
    );
    const reportMs = Date.now() - reportAt;

    console.log(`\nTest run of ${ids.length} steps (issue 16)`);
    console.log(
      `  start the run (copies the plan)                ${started.ms.toFixed(0).padStart(6)} ms`,
    );
    line('baseline: GET /api/users/auth/', baseline.times, baseline.wallMs);
    line('PATCH /api/test-run-results/{id}/', recorded.times, recorded.wallMs);
    console.log(
      `  recording: ${((percentile(recorded.times, 50) / percentile(baseline.times, 50)) * 100).toFixed(0)} % of the baseline's p50; GET the run: ${read.ms.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB`,
    );
    console.log(
      `  runner in Chromium (navigation → Pass button) ${String(runnerMs).padStart(6)} ms`,
    );
    console.log(
      `  report in Chromium (navigation → every step)  ${String(reportMs).padStart(6)} ms`,
    );
    console.log(
      `  result click → next step painted: median ${percentile(shown, 50).toFixed(0)} ms, max ${Math.max(...shown).toFixed(0)} ms; → saved: median ${percentile(saved, 50).toFixed(0)} ms, max ${Math.max(...saved).toFixed(0)} ms (target: under 100 ms; of which click → request sent: median ${percentile(sent, 50).toFixed(0)} ms)`,
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
};
