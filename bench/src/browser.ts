import { chromium } from 'playwright-core';

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
