import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { testRunSchema } from '@portal/contract/test-runs';
import { adminToken, createVerifiedUser, signInWithToken } from './support/api';
import { createClientWithProjectViaApi } from './support/clients-api';
import { ADMIN } from './support/env';
import { linkClientUser } from './support/estimates-api';
import { mailsTo, nextMail } from './support/mail';
import { pngFixture } from './support/png';
import { createFlowsViaApi, createMilestoneViaApi } from './support/test-plans-api';
import { scaled } from './support/time';

/**
 * Issue 16 end to end: staff start a run of a milestone's test plan, record results with the
 * keyboard, attach a screenshot and complete the run; the client user signs it off with a note
 * (one step failed), staff get an email, and the milestone shows the sign-off.
 */

const stepHeading = (page: Page) => page.getByText(/^Step \d+ of \d+$/);
const resultButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Result' }).getByRole('button', { name: new RegExp(`^${name}`) });

test('staff run a test plan with the keyboard; the client signs it off with a note', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const id = randomUUID().slice(0, 6);
  const token = await adminToken(request);
  const { client, project } = await createClientWithProjectViaApi(request, token, {
    client: `Initech ${id}`,
    project: `Initech Shop ${id}`,
  });
  const milestone = await createMilestoneViaApi(request, token, {
    project: project.id,
    name: `Launch ${id}`,
  });
  await createFlowsViaApi(request, token, milestone.id, [
    { name: 'Checkout', steps: ['Add a **mug** to the cart', 'The total reads $12', 'Pay'] },
    { name: 'Account', steps: ['Sign out'] },
  ]);
  const member = await createVerifiedUser(request, 'initech', {
    first_name: 'Peter',
    last_name: 'Gibbons',
  });
  await linkClientUser(request, token, client.id, member.user.id);

  await test.step('staff start a run from the milestone page', async () => {
    await signInWithToken(page, token, `/milestones/${milestone.id}`);
    const runs = page.getByRole('region', { name: 'Test runs' });
    await expect(runs.getByText(/No runs yet/)).toBeVisible();
    await runs.getByRole('button', { name: 'Start test run' }).click();
    await expect(page).toHaveURL(/\/test-runs\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Run 1', level: 1 })).toBeVisible();
    await expect(stepHeading(page)).toHaveText('Step 1 of 4');
    await expect(page.getByText('Add a mug to the cart')).toBeVisible();
    await expect(page.getByText('0 of 4 recorded')).toBeVisible();
  });

  await test.step('results are recorded with P, F, B, S, N and →, a note and a screenshot', async () => {
    await page.keyboard.press('p');
    await expect(stepHeading(page)).toHaveText('Step 2 of 4');
    // A failure stays on its step, for its note and screenshot.
    await page.keyboard.press('f');
    await expect(resultButton(page, 'Fail')).toHaveAttribute('aria-pressed', 'true');
    await expect(stepHeading(page)).toHaveText('Step 2 of 4');
    await page.getByLabel('Note').fill('The total reads $21.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach screenshot' }).click();
    await (
      await chooser
    ).setFiles({ name: 'total.png', mimeType: 'image/png', buffer: pngFixture() });
    const thumbnail = page.getByRole('img', { name: 'total.png' });
    await expect(thumbnail).toBeVisible();
    // The signed link loads in an <img> without a token header.
    await expect
      .poll(() =>
        thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(64);
    await page.keyboard.press('n');
    await expect(stepHeading(page)).toHaveText('Step 3 of 4');
    await page.keyboard.press('b');
    await expect(resultButton(page, 'Blocked')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(stepHeading(page)).toHaveText('Step 4 of 4');
    await expect(page.getByText('Account', { exact: true })).toBeVisible();
    await page.keyboard.press('s');
    await expect(page.getByText('4 of 4 recorded')).toBeVisible();
  });

  let runId = 0;
  await test.step('the server holds every result, the note and the screenshot', async () => {
    runId = Number(/\/test-runs\/(\d+)/.exec(page.url())?.[1]);
    await expect
      .poll(async () => {
        const response = await request.get(`/api/test-runs/${runId}/`, {
          headers: { Authorization: `Token ${token}` },
        });
        const run = testRunSchema.parse(await response.json());
        return run.results.map((r) => [r.result, r.note, r.attachments.length]);
      })
      .toEqual([
        ['passed', '', 0],
        ['failed', 'The total reads $21.', 1],
        ['blocked', '', 0],
        ['skipped', '', 0],
      ]);
    // A reload shows what was saved (another runner would see the same).
    await page.reload();
    await expect(page.getByText('4 of 4 recorded')).toBeVisible();
  });

  await test.step('staff complete the run and see its report, without a sign-off button', async () => {
    await page.getByRole('button', { name: 'Complete run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete run' });
    await expect(dialog).toContainText('Every step has a result.');
    await dialog.getByRole('button', { name: 'Complete run' }).click();
    await expect(page).toHaveURL(new RegExp(`/test-runs/${runId}/report$`));
    await expect(page.getByRole('heading', { name: 'Run 1 report' })).toBeVisible();
    await expect(page.getByText('Waiting for sign-off', { exact: true })).toBeVisible();
    const checkout = page.getByRole('region', { name: 'Checkout' });
    await expect(checkout.getByText('The total reads $21.')).toBeVisible();
    await expect(checkout.getByRole('img', { name: 'total.png' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign off' })).toHaveCount(0);
  });

  await test.step('the client user signs off, with the note a failed step requires', async () => {
    const already = (await mailsTo(ADMIN.email)).length;
    await signInWithToken(page, member.token, `/milestones/${milestone.id}`);
    const runs = page.getByRole('region', { name: 'Test runs' });
    await runs.getByRole('link', { name: /Run 1/ }).click();
    await expect(page).toHaveURL(new RegExp(`/test-runs/${runId}/report$`));
    await page.getByRole('button', { name: 'Sign off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign off this test run' });
    await dialog.getByLabel('Full name').fill('Peter Gibbons');
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Explain the failed or blocked steps before signing off.',
    );
    await dialog.getByLabel('Note (required)').fill('The total is fixed in the next release.');
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    await expect(dialog).toBeHidden();
    const signature = page
      .getByRole('status')
      .filter({ hasText: /Signed off by Peter Gibbons on/ });
    await expect(signature).toBeVisible();
    // The Sign off button is gone: focus is on the signature, not <body>.
    await expect(signature).toBeFocused();
    await expect(page.getByText('The total is fixed in the next release.')).toBeVisible();

    const mail = await nextMail(ADMIN.email, already);
    // (A long subject is folded onto a second header line; its start is on the first.)
    expect(mail.subject).toContain(`Initech ${id} signed off Launch ${id} of Initech Shop ${id}`);
    expect(mail.text).toContain('Peter Gibbons signed off the test run "Run 1"');
    expect(mail.text).toContain('The total is fixed in the next release.');
  });

  await test.step('the milestone shows the sign-off', async () => {
    await page.getByRole('link', { name: 'Test plan' }).click();
    await expect(page).toHaveURL(new RegExp(`/milestones/${milestone.id}$`));
    const runs = page.getByRole('region', { name: 'Test runs' });
    await expect(runs.getByText(/Signed off by Peter Gibbons on/)).toBeVisible();
    await expect(runs.getByRole('link', { name: /Run 1.*Signed off/ })).toBeVisible();
    await expect(
      runs.getByRole('img', { name: 'Results: 1 passed, 1 failed, 1 blocked, 1 skipped' }),
    ).toBeVisible();
  });
});

test('the runner hears the first key, keeps a failure on screen, and never overwrites a result by itself', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const id = randomUUID().slice(0, 6);
  const token = await adminToken(request);
  const { project } = await createClientWithProjectViaApi(request, token, {
    client: `Hooli ${id}`,
    project: `Hooli Mail ${id}`,
  });
  const milestone = await createMilestoneViaApi(request, token, {
    project: project.id,
    name: `Beta ${id}`,
  });
  const steps = ['Open the inbox', 'Write', 'Attach', 'Send', 'Archive', 'Sign out'];
  await createFlowsViaApi(request, token, milestone.id, [{ name: 'Mail', steps }]);
  const serverResults = async () => {
    const runId = Number(/\/test-runs\/(\d+)/.exec(page.url())?.[1]);
    const response = await request.get(`/api/test-runs/${runId}/`, {
      headers: { Authorization: `Token ${token}` },
    });
    return testRunSchema.parse(await response.json()).results.map((r) => r.result);
  };

  await signInWithToken(page, token, `/milestones/${milestone.id}`);
  await page.getByRole('button', { name: 'Start test run' }).click();
  // P the moment the runner shows its first step (the milestone page lists the steps too).
  await expect(stepHeading(page)).toHaveText('Step 1 of 6');
  await page.keyboard.press('p');
  await expect(stepHeading(page)).toHaveText('Step 2 of 6');

  // Fail stays on its step, for the note; N moves on.
  await page.keyboard.press('f');
  await expect(resultButton(page, 'Fail')).toHaveAttribute('aria-pressed', 'true');
  await expect(stepHeading(page)).toHaveText('Step 2 of 6');
  await page.getByLabel('Note').fill('The editor is blank.');
  await page.getByLabel('Note').press('Tab');
  await page.keyboard.press('n');
  await expect(stepHeading(page)).toHaveText('Step 3 of 6');
  await page.keyboard.press('p');
  await page.keyboard.press('b');
  await expect(stepHeading(page)).toHaveText('Step 4 of 6');
  await page.keyboard.press('n');
  await page.keyboard.press('s');
  await expect(stepHeading(page)).toHaveText('Step 6 of 6');
  await page.keyboard.press('p');
  await expect(page.getByText('6 of 6 recorded')).toBeVisible();

  // Every step has a result: more P presses change nothing, and the runner offers to complete.
  const done = page.getByRole('status').filter({ hasText: 'Every step has a result' });
  await expect(done).toBeVisible();
  for (let i = 0; i < 4; i++) await page.keyboard.press('p');
  await expect(stepHeading(page)).toHaveText('Step 6 of 6');
  const recorded = ['passed', 'failed', 'passed', 'blocked', 'skipped', 'passed'];
  await expect.poll(serverResults).toEqual(recorded);
  await expect(page.getByRole('img', { name: /1 failed, 1 blocked, 1 skipped/ })).toBeVisible();

  // A step the person goes back to is theirs to change.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('p');
  await expect.poll(serverResults).toEqual(recorded.with(4, 'passed'));

  await done.getByRole('button', { name: 'Complete run' }).click();
  await expect(page.getByRole('dialog', { name: 'Complete run' })).toContainText(
    'Every step has a result.',
  );
});
