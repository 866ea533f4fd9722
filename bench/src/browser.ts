import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

/** Debian's Chromium, headless, as the e2e tests drive it; nothing downloads a browser. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

/**
 * Records the time between animation frames in `globalThis.__frames`. A string, not a function:
 * tsx would wrap a function's inner names in helpers the page lacks.
 */
export const FRAME_SAMPLER = `
  globalThis.__frames = [];
  let last = performance.now();
  const tick = (now) => { globalThis.__frames.push(now - last); last = now; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
`;

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * How busy the page's main thread is from this call until `stop()`: the share of the wall time
 * Chromium spent in tasks, and in script. Frame times are counted in whole frames of a 60 Hz
 * display, so a p95 of 16.7 ms says nothing of how close each frame came to missing; this does.
 * Chromium's own counters (CDP `Performance.getMetrics`), cheap enough to leave on.
 */
export const mainThreadUse = async (page: Page) => {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const read = async () => {
    const { metrics } = await session.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
    return { at: performance.now(), task: value('TaskDuration'), script: value('ScriptDuration') };
  };
  const start = await read();
  return {
    stop: async () => {
      const end = await read();
      await session.detach();
      const wallSeconds = (end.at - start.at) / 1000;
      return {
        busy: (end.task - start.task) / wallSeconds,
        script: (end.script - start.script) / wallSeconds,
      };
    },
  };
};

export type MainThreadUse = Awaited<ReturnType<Awaited<ReturnType<typeof mainThreadUse>>['stop']>>;

/**
 * With `BENCH_PROFILE_DIR` set, records a CPU profile of the page (V8 samples every 100 µs)
 * from this call until `stop()` and writes it there as `{name}.cpuprofile`, which Chromium's
 * DevTools (Performance panel) opens. Without it both are no-ops, so measures stay unprofiled.
 */
export const cpuProfiler = async (page: Page, name: string) => {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return { stop: async () => undefined };
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.send('Profiler.stop');
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${name}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      console.log(`  (CPU profile: ${file})`);
    },
  };
};

/** What a devtools.timeline trace records: frames, style, layout, paint, raster, compositing. */
const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'gpu',
  'viz',
  'toplevel',
  'v8.execute',
];

/**
 * With `BENCH_PROFILE_DIR` set, records a `devtools.timeline` trace of the browser (Chromium's
 * Tracing, as DevTools' Performance panel does) from this call until `stop()` and writes it there
 * as `{name}.trace.json`: where a frame's time goes when the CPU profile shows mostly native work
 * (style, layout, paint, raster, compositing). `bench/src/trace-summary.ts` sums it by thread.
 * Without it both are no-ops.
 */
export const timelineTracer = async (page: Page, name: string) => {
  const dir = process.env.BENCH_PROFILE_DIR;
  const browser = page.context().browser();
  if (!dir || !browser) return { stop: async () => undefined };
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.trace.json`);
  await browser.startTracing(page, { path: file, categories: TIMELINE_CATEGORIES });
  return {
    stop: async () => {
      await browser.stopTracing();
      console.log(`  (timeline trace: ${file})`);
    },
  };
};
