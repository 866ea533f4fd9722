import type { Locator, Page } from '@playwright/test';

/** Two animation frames: dnd-kit has measured, React has rendered what the last move did. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * Drags with real mouse events, in small steps like a hand would, onto the middle of `target`.
 *
 * The target starts in the middle of the viewport: dnd-kit scrolls the page while the pointer
 * rests near an edge, so a target near the bottom kept moving away on a slow machine and the
 * drop landed one flow further down. And the page may still be rendering the last hop of the
 * dragged row when the mouse is released, so the pointer rests a frame before letting go.
 */
export const drag = async (page: Page, handle: Locator, target: Locator) => {
  // Both ends on screen: the mouse only reaches what the viewport shows.
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Past the 5 px the mouse sensor waits for, then on to the target.
  await page.mouse.move(x, y + (to.y > from.y ? 8 : -8), { steps: 4 });
  await settle(page);
  await page.mouse.move(x, to.y + to.height / 2, { steps: 25 });
  await settle(page);
  await page.mouse.move(x, to.y + to.height / 2 + 1, { steps: 2 });
  await settle(page);
  await page.mouse.up();
};
