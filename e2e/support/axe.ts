import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { animationsDone } from './settled';

/**
 * axe skips the contrast of text of one or two characters ("too short to determine if it is
 * actual text"), which is exactly what step and flow numbers, counts and badges are: with
 * `ignoreLength` it checks them too (issue 19).
 */
const axeSource = `${axe.source};axe.configure({ checks: [{ id: 'color-contrast', options: { ignoreLength: true } }] });`;

/**
 * Serious and critical WCAG 2.2 A/AA violations on the page as it is now (or in the part of it
 * `only.include` selects), one line each (2.2 adds the size of a pointer's target, 2.5.8: issue
 * 26).
 *
 * Axe reads colours as they are painted: a toast or a popover still fading in has a lower
 * contrast than it will have a moment later, so the check waits for running animations and
 * transitions to end first, as a person's eye would.
 */
export const seriousViolations = async (page: Page, only?: { include: string }) => {
  await animationsDone(page);
  const builder = new AxeBuilder({ page, axeSource }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
  ]);
  // `include`: one part of the page (an open dialog), not what earlier steps left around it.
  const result = await (only ? builder.include(only.include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};
