import { gzipSync } from 'node:zlib';
import { launchChromium } from './browser';

export type BundleReport = {
  route: string;
  files: { name: string; gzip: number; transferred: number }[];
  totalGzip: number;
};

/**
 * The JavaScript a first visit to `route` downloads before the page is usable: each script's
 * gzip size (the budget's unit) and the bytes actually transferred (the server sends brotli).
 */
export const measureInitialJs = async (baseUrl: string, route: string): Promise<BundleReport> => {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: Promise<{ name: string; gzip: number; transferred: number }>[] = [];
    let lastScript = Date.now();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      lastScript = Date.now();
      scripts.push(
        (async () => {
          const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
          return {
            name: new URL(response.url()).pathname,
            gzip: gzipSync(body, { level: 9 }).length,
            transferred: sizes.responseBodySize,
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
    // On a loaded machine the entry can run past networkidle's 500 ms of quiet before the
    // route's chunks are asked for (they were missed, and answered after the browser closed):
    // the screen is drawn in <main> once they are in, then no script for a second ends the load.
    await page.locator('main').first().waitFor();
    while (Date.now() - lastScript < 1_000) await page.waitForTimeout(250);
    const files = (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
    return { route, files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0) };
  } finally {
    await browser.close();
  }
};

export const printBundle = (report: BundleReport, budgetKb: number) => {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nInitial JavaScript for ${report.route} (budget ${budgetKb} KB gzip)`);
  for (const f of report.files)
    console.log(
      `  ${f.name.padEnd(50)} ${kb(f.gzip).padStart(10)} gzip ${kb(f.transferred).padStart(10)} sent`,
    );
  const verdict = report.totalGzip <= budgetKb * 1024 ? 'within budget' : 'OVER budget';
  console.log(`  ${'total'.padEnd(50)} ${kb(report.totalGzip).padStart(10)} gzip  — ${verdict}`);
};
