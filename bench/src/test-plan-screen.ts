import path from 'node:path';
import type { Page } from 'playwright-core';
import { FRAME_SAMPLER, cpuProfiler, launchChromium, percentile, timelineTracer } from './browser';
import { BENCH_ADMIN, startPortal } from './processes';
import { mainThreadTasks, readTrace } from './trace-summary';

/**
 * The first flow's 'Move flow down' button, scrolled into the middle of the view: where it is.
 * A string, not a function (see FRAME_SAMPLER).
 */
const FIRST_MOVE_DOWN_BUTTON = `(() => {
  const button = document.querySelector('[aria-label^="Move flow "][aria-label$=" down"]');
  button.scrollIntoView({ block: 'center', behavior: 'instant' });
  const box = button.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
})()`;

/** Resolves after the next two frames: the page has drawn what changed before it. */
const TWO_FRAMES =
  'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';

/** DESIGN §6: a test plan of 50 flows × 30 steps scrolls and reorders with no frame over 50 ms. */
const FLOWS = 50;
const STEPS = 30;
const BUDGET_MS = 50;
/** Flows are seeded this many at a time (each flow's steps in order, one after the other). */
const SEED_CONCURRENCY = 8;

const api = async <T>(url: string, token: string | null, body?: unknown): Promise<T> => {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** Believable step text: Markdown with bold, code and now and then a link or a list. */
const stepText = (flow: number, step: number) => {
  const base = `Step ${step}: open **${['checkout', 'search', 'account', 'dashboard', 'reports'][step % 5]}** and check \`status = ${flow}-${step}\``;
  if (step % 7 === 0) return `${base}, then follow [the spec](https://docs.example/flow/${flow}).`;
  if (step % 5 === 0) return `${base}:\n- the totals add up\n- the export downloads`;
  return `${base}.`;
};

/** A milestone with FLOWS × STEPS, made through the API as people would make it. */
export const seedPlan = async (url: string, token: string) => {
  const client = await api<{ id: number }>(`${url}/api/clients/`, token, { name: 'Bench QA' });
  const project = await api<{ id: number }>(`${url}/api/projects/`, token, {
    client: client.id,
    name: 'Bench QA Platform',
  });
  const milestone = await api<{ id: number }>(`${url}/api/milestones/`, token, {
    project: project.id,
    name: 'Release candidate',
  });
  const flows: number[] = [];
  for (let i = 1; i <= FLOWS; i++) {
    const flow = await api<{ id: number }>(`${url}/api/test-flows/`, token, {
      milestone: milestone.id,
      name: `Flow ${i}: ${['Sign in', 'Checkout', 'Search', 'Profile', 'Reports'][i % 5]}`,
    });
    flows.push(flow.id);
  }
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < flows.length; index = next++) {
      for (let step = 1; step <= STEPS; step++)
        await api(`${url}/api/test-steps/`, token, {
          test_flow: flows[index],
          description: stepText(index + 1, step),
          type: step % 2 ? 'INTERACT' : 'VERIFY',
        });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return milestone.id;
};

/** Records the duration of every long task (over 50 ms) in `globalThis.__longTasks`. */
const LONG_TASKS = `
  globalThis.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

const takeFrames = async (page: Page) => {
  const frames = (await page.evaluate('globalThis.__frames.slice(1)')) as number[];
  await page.evaluate('globalThis.__frames = []');
  return frames;
};

const report = (label: string, frames: number[]) => {
  const max = Math.max(0, ...frames);
  const over = frames.filter((frame) => frame > BUDGET_MS).length;
  console.log(
    `  ${label.padEnd(44)} ${String(frames.length).padStart(5)} frames, p95 ${percentile(frames, 95).toFixed(1).padStart(5)} ms, max ${max.toFixed(1).padStart(6)} ms, over ${BUDGET_MS} ms: ${over}`,
  );
};

/**
 * The test plan screen in Chromium (DESIGN §6): the time from navigation until every step is in
 * the DOM, then frame times sampled with requestAnimationFrame while wheel-scrolling through the
 * whole plan, while dragging a flow past two others, and while clicking 'Move flow down' (each
 * click waits for the server's answer, which replaces the list).
 */
export const benchTestPlanScreen = async () => {
  const portal = await startPortal();
  const browser = await launchChromium();
  try {
    const { token } = await api<{ token: string }>(`${portal.url}/api/token-auth/`, null, {
      username: BENCH_ADMIN.email,
      password: BENCH_ADMIN.password,
    });
    const seededAt = Date.now();
    const milestoneId = await seedPlan(portal.url, token);
    const seedMs = Date.now() - seededAt;

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.url}/login`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    // Warm the HTTP cache and the lazy chunks once, as a returning user has them.
    await page.goto(`${portal.url}/milestones/${milestoneId}`);
    await page.waitForSelector('.test-flow', { timeout: 60_000 });
    await page.addInitScript(FRAME_SAMPLER);
    await page.addInitScript(LONG_TASKS);
    await page.goto(`${portal.url}/milestones/${milestoneId}`);
    const renderedAt = await page.waitForFunction(
      (n) => document.querySelectorAll('li[id^="step-"]').length >= n && performance.now(),
      FLOWS * STEPS,
      { timeout: 60_000, polling: 'raf' },
    );
    const renderMs = Number(await renderedAt.jsonValue());
    await takeFrames(page);
    const loadTasks = (await page.evaluate('globalThis.__longTasks')) as number[];
    await page.waitForTimeout(500);
    await takeFrames(page);

    // Scroll with the wheel as a reader would: steadily (two notches a frame) through the first
    // 20,000 px, then a fling (seven notches a frame) through the whole plan.
    await page.mouse.move(900, 500);
    const wheel = async (delta: number, limit: number) => {
      let events = 0;
      for (; events < limit; events++) {
        await page.mouse.wheel(0, delta);
        await page.waitForTimeout(16);
        const atEnd = (await page.evaluate(
          'window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2',
        )) as boolean;
        if (atEnd) break;
      }
      return events + 1;
    };
    // With BENCH_PROFILE_DIR, each gesture's CPU profile and timeline trace (slower frames), and
    // how many of its main-thread tasks needed more CPU than a frame's budget.
    const taskLines: string[] = [];
    const profiled = async <T>(name: string, gesture: () => Promise<T>) => {
      const profile = await cpuProfiler(page, name);
      const trace = await timelineTracer(page, name);
      const result = await gesture();
      await trace.stop();
      await profile.stop();
      const dir = process.env.BENCH_PROFILE_DIR;
      if (dir) {
        const { over, longest } = mainThreadTasks(
          await readTrace(path.join(dir, `${name}.trace.json`)),
          BUDGET_MS,
        );
        taskLines.push(
          `  ${name}: ${over} main-thread tasks over ${BUDGET_MS} ms of CPU, the longest ${longest.toFixed(0)} ms`,
        );
      }
      return result;
    };
    const steadyEvents = await profiled('test-plan-wheel', () => wheel(200, 100));
    const steadyFrames = await takeFrames(page);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(300);
    await takeFrames(page);
    const flingEvents = await profiled('test-plan-fling', () => wheel(700, 400));
    const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
    const scrollFrames = await takeFrames(page);

    // Back to the top, then drag the first flow down past two others with the mouse.
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(300);
    await takeFrames(page);
    const handles = page.locator('[aria-label^="Move flow Flow"]');
    const from = await handles.nth(0).boundingBox();
    if (!from) throw new Error('the first flow handle is not on screen');
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    const { dropResponse, dropMs } = await profiled('test-plan-drag', async () => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 8, { steps: 4 });
      // Past two flows (~1,400 px each): the page auto-scrolls while the flow is held low.
      await page.mouse.move(x, 860, { steps: 30 });
      await page.waitForTimeout(1200);
      await page.mouse.move(x, 500, { steps: 20 });
      const dropped = page.waitForResponse(
        (r) => r.url().includes('/test-flows/') && r.url().includes('/move/'),
      );
      const droppedAt = Date.now();
      await page.mouse.up();
      const response = await dropped;
      const ms = Date.now() - droppedAt;
      // The frames after the drop: the plan unfolds with the flow in its new place.
      await page.waitForTimeout(300);
      return { dropResponse: response, dropMs: ms };
    });
    const dragFrames = await takeFrames(page);

    // The move buttons: each click moves the flow one place and takes the server's list.
    const clickTimes: number[] = [];
    await profiled('test-plan-buttons', async () => {
      for (let i = 0; i < 5; i++) {
        // Found and clicked as a person would, not through a Playwright locator: its selector
        // engine and actionability checks query the whole plan's 1,500 steps in the page
        // several times a click, and those were the long frames measured here. Each button is
        // named after its flow ("Move flow 'Checkout' down", decision 0027).
        const at = (await page.evaluate(FIRST_MOVE_DOWN_BUTTON)) as { x: number; y: number };
        await page.evaluate(TWO_FRAMES);
        const answered = page.waitForResponse((r) => r.url().includes('/move/'));
        const clickedAt = Date.now();
        await page.mouse.click(at.x, at.y);
        await answered;
        clickTimes.push(Date.now() - clickedAt);
        await page.waitForTimeout(150);
      }
    });
    const buttonFrames = await takeFrames(page);

    console.log(
      `\nTest plan screen in Chromium (${FLOWS} flows × ${STEPS} steps, ${(height / 1000).toFixed(0)}k px tall; seeded through the API in ${(seedMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  first render (navigation → every step in the DOM)  ${renderMs.toFixed(0).padStart(6)} ms  (no budget; longest task while loading: ${Math.max(0, ...loadTasks).toFixed(0)} ms)`,
    );
    report(`wheel, steady: ${steadyEvents} × 200 px`, steadyFrames);
    report(`wheel, fling to the end: ${flingEvents} × 700 px`, scrollFrames);
    report('dragging a flow past two others, and the drop', dragFrames);
    report("5 × 'Move flow down' (click → server's list)", buttonFrames);
    console.log(
      `  drop → server answered (${dropResponse.status()}) ${String(dropMs).padStart(5)} ms; move button → answered: median ${percentile(clickTimes, 50)} ms`,
    );
    for (const line of taskLines) console.log(line);
    console.log(
      `  (target, DESIGN §6: no frame over ${BUDGET_MS} ms while scrolling and reordering)`,
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
};
