import type { Locator, Page } from '@playwright/test';

/** Drags with real mouse events, in small steps like a hand would, onto the middle of `target`. */
export const drag = async (page: Page, handle: Locator, target: Locator) => {
  // Both ends on screen: the mouse only reaches what the viewport shows.
  await target.scrollIntoViewIfNeeded();
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
  await page.mouse.move(x, to.y + to.height / 2, { steps: 25 });
  await page.mouse.move(x, to.y + to.height / 2 + 1, { steps: 2 });
  await page.mouse.up();
};
