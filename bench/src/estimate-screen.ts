import { FRAME_SAMPLER, cpuProfiler, launchChromium, percentile, timelineTracer } from './browser';

/**
 * The estimate screen in Chromium (DESIGN §6: an estimate of 1,000 items renders in ≤ 500 ms and
 * no frame takes over 50 ms during a drag): time from navigation to every item's drag handle
 * being in the DOM, then a mouse drag of the first item a few rows down, sampled frame by frame
 * with requestAnimationFrame, and the time from drop until the server's order is on screen.
 */
export const benchEstimateScreen = async (
  baseUrl: string,
  token: string,
  estimateId: number,
  handles: number,
) => {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.addInitScript(FRAME_SAMPLER);
    const renderProfile = await cpuProfiler(page, 'estimate-render');
    const renderTrace = await timelineTracer(page, 'estimate-render');
    await page.goto(`${baseUrl}/estimates/${estimateId}`);
    const renderedAt = await page.waitForFunction(
      (n) => document.querySelectorAll('[data-drag-handle]').length >= n && performance.now(),
      handles,
      { timeout: 60_000, polling: 'raf' },
    );
    const renderMs = Number(await renderedAt.jsonValue());
    // The frame that shows them: the second animation frame runs once the first one, with the
    // rows' style, layout and paint, is done.
    const paintedMs = Number(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
          ),
      ),
    );
    await renderProfile.stop();
    await renderTrace.stop();

    const itemHandles = page.locator('[data-drag-handle][aria-label^="Move item"]');
    const from = await itemHandles.nth(0).boundingBox();
    const to = await itemHandles.nth(6).boundingBox();
    if (!from || !to) throw new Error('drag handles are not on screen');
    await page.evaluate('globalThis.__frames = []');
    const dragProfile = await cpuProfiler(page, 'estimate-drag');
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, from.y + from.height / 2 + 8, { steps: 4 });
    await page.mouse.move(x, to.y + to.height / 2, { steps: 40 });
    const moved = page.waitForResponse(
      (r) => r.url().includes('/move/') && r.request().method() === 'POST',
    );
    const droppedAt = Date.now();
    await page.mouse.up();
    const response = await moved;
    const settledMs = Date.now() - droppedAt;
    const frames = (await page.evaluate('globalThis.__frames.slice(1)')) as number[];
    await dragProfile.stop();

    console.log(`\nEstimate screen in Chromium (${handles} drag handles: sections and items)`);
    console.log(
      `  first render (navigation → every row in the DOM)   ${renderMs.toFixed(0).padStart(6)} ms  (budget 500 ms)`,
    );
    console.log(
      `  … and painted (the frame after, with their layout)  ${paintedMs.toFixed(0).padStart(6)} ms`,
    );
    console.log(
      `  frames during the drag: ${frames.length}, p95 ${percentile(frames, 95).toFixed(1)} ms, max ${Math.max(0, ...frames).toFixed(1)} ms, ${frames.filter((f) => f > 50).length} over 50 ms  (budget: none over 50 ms)`,
    );
    console.log(
      `  drop → server answered (${response.status()})                     ${String(settledMs).padStart(6)} ms`,
    );
  } finally {
    await browser.close();
  }
};
