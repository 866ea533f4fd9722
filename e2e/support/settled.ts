import { expect, type Page } from '@playwright/test';

/**
 * Waits until a screen has loaded what it shows: its heading is there and no request has finished
 * for half a second. (Spinners are no sign: the style guide shows them on purpose.)
 *
 * Playwright's `networkidle` never comes on a signed-in screen: the notification bell keeps its
 * live stream open for as long as the page lives (decision 0023). A request finishes into the
 * page's resource timing list, the open stream never does, so "nothing new in that list for a
 * moment" is network idleness without the stream.
 */
export const screenSettled = async (page: Page) => {
  await page.waitForLoadState('load');
  await expect(page.locator('h1').first()).toBeVisible();
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        let seen = performance.getEntriesByType('resource').length;
        const check = () => {
          const now = performance.getEntriesByType('resource').length;
          if (now === seen) done();
          else {
            seen = now;
            setTimeout(check, 500);
          }
        };
        setTimeout(check, 500);
      }),
  );
};

/**
 * Waits until the page's running animations and transitions have ended (a drawer sliding in, a
 * toast fading in). Endless ones (a spinner) never end, so only those with an end are waited for.
 */
export const animationsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
