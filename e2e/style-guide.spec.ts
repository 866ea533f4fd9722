import { expect, test, type Locator, type Page } from '@playwright/test';

const activePanel = (page: Page) => page.locator('[role=tabpanel][data-state=active]');

type BrowserGlobals = { getComputedStyle(element: unknown): { backgroundColor: string } };

/** An element's background as sRGB bytes, whatever colour space the browser reports it in. */
const rgb = async (locator: Locator): Promise<number[]> => {
  const color = await locator.evaluate(
    (element) =>
      (globalThis as unknown as BrowserGlobals).getComputedStyle(element).backgroundColor,
  );
  return locator.page().evaluate<number[]>(`(() => {
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.fillStyle = ${JSON.stringify(color)};
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  })()`);
};

test.describe('style guide', () => {
  test('the tab query parameter chooses the tab, and clicking a tab updates it', async ({
    page,
  }) => {
    await page.goto('/style-guide?tab=pagination');
    await expect(page).toHaveTitle(/^Style guide \| /);
    await expect(page.getByRole('tab', { name: 'Pagination' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(activePanel(page).getByRole('heading', { name: 'Pagination' })).toBeVisible();

    await page.getByRole('tab', { name: 'Date picker' }).click();
    await expect(page).toHaveURL(/[?&]tab=date-picker\b/);
    await expect(activePanel(page).getByRole('heading', { name: 'Date picker' })).toBeVisible();

    // The last tab sits beyond the scroll buttons on a narrow bar; clicking scrolls it into view.
    await page.getByRole('tab', { name: 'User search' }).click();
    await expect(page).toHaveURL(/[?&]tab=user-search\b/);
    await expect(
      activePanel(page).getByRole('combobox', { name: 'Search for a user' }),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'User search' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('an unknown tab falls back to the first one', async ({ page }) => {
    await page.goto('/style-guide?tab=nope');
    await expect(page.getByRole('tab', { name: 'Buttons' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('a confirmation dialog opens, traps focus and cancels', async ({ page }) => {
    await page.goto('/style-guide?tab=dialogs');
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project' });
    await expect(dialog).toContainText('This cannot be undone.');
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    const [red = 0, green = 0, blue = 0] = await rgb(confirm);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(80);
    expect(blue).toBeLessThan(80);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Last outcome: cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete project' })).toBeFocused();
  });

  test('a confirmation dialog confirms', async ({ page }) => {
    await page.goto('/style-guide?tab=dialogs');
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Last outcome: deleted')).toBeVisible();
  });

  test('the drawer slides in and closes with Escape', async ({ page }) => {
    await page.goto('/style-guide?tab=drawer');
    await page.getByRole('button', { name: 'Edit lead' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit lead' });
    await expect(drawer.getByLabel('First name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('a toast appears and disappears on click', async ({ page }) => {
    await page.goto('/style-guide?tab=toasts');
    await page.getByRole('button', { name: 'Show success toast' }).click();
    const toast = page.getByRole('button', { name: 'Success: Profile updated successfully' });
    await expect(toast).toBeVisible();
    await toast.click();
    await expect(page.getByText('Profile updated successfully')).toHaveCount(0);
  });

  test('pagination moves between pages and stops at the ends', async ({ page }) => {
    await page.goto('/style-guide?tab=pagination');
    const pager = activePanel(page).getByRole('navigation', { name: 'Pagination' }).first();
    await expect(pager).toContainText('1–20 of 237');
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'First page' })).toBeDisabled();

    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(pager).toContainText('21–40 of 237');
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await pager.getByRole('button', { name: 'Page 5' }).click();
    await expect(pager.getByRole('button', { name: 'Page 7' })).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 1', exact: true })).toBeVisible();

    await pager.getByRole('button', { name: 'Last page' }).click();
    await expect(pager).toContainText('221–237 of 237');
    await expect(pager.getByRole('button', { name: 'Page 12' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await expect(activePanel(page).getByText('0 of 0', { exact: true })).toBeVisible();
  });

  test('the date picker picks a day and clears it when the day is chosen again', async ({
    page,
  }) => {
    await page.goto('/style-guide?tab=date-picker');
    const trigger = page.getByRole('button', { name: /^Start date/ });
    await trigger.click();
    const calendar = page.getByRole('dialog');
    const years = await calendar
      .getByRole('combobox', { name: /year/i })
      .locator('option')
      .allTextContents();
    expect(years).toHaveLength(200);
    expect(Number(years.at(-1))).toBe(new Date().getFullYear() + 4);

    await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: 'March' });
    await calendar.getByRole('combobox', { name: /year/i }).selectOption('2024');
    await calendar.getByRole('button', { name: /March 15th, 2024/ }).click();
    await expect(calendar).toBeHidden();
    await expect(trigger).toHaveText('March 15, 2024');
    await expect(page.getByText('Value sent to the server: 2024-03-15')).toBeVisible();

    await trigger.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /March 15th, 2024/ })
      .click();
    await expect(trigger).toHaveText('Pick a date');
    await expect(page.getByText('Value sent to the server: none')).toBeVisible();
  });

  test('the multi-select counts the chosen options', async ({ page }) => {
    await page.goto('/style-guide?tab=multi-select');
    const trigger = page.getByRole('button', { name: /^Services/ });
    await expect(trigger).toHaveText('2 selected');
    await trigger.click();
    await page.getByRole('menuitemcheckbox', { name: 'Discovery' }).click();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveText('3 selected');
  });

  test('file upload takes browsed and dropped files and rejects the rest', async ({ page }) => {
    await page.goto('/style-guide?tab=file-upload');
    const panel = activePanel(page);
    await expect(panel.getByText('Drop files here')).toBeVisible();
    await expect(panel.getByText('or', { exact: true })).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Browse Files' }).click();
    await (
      await chooser
    ).setFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1536) });
    await expect(panel.getByRole('list', { name: 'Chosen files' })).toContainText('brief.pdf');
    await expect(panel.getByRole('list', { name: 'Chosen files' })).toContainText('1.5 KB');

    // A real drop: a DataTransfer carrying a file, dispatched on the drop area.
    const drop = async (name: string, type: string) => {
      // Built in the page, where DataTransfer and File exist.
      const dataTransfer = await page.evaluateHandle(
        `(() => {
          const transfer = new DataTransfer();
          transfer.items.add(new File(['x'], ${JSON.stringify(name)}, { type: ${JSON.stringify(type)} }));
          return transfer;
        })()`,
      );
      const zone = panel.getByText('Drop files here').locator('..');
      await zone.dispatchEvent('dragenter', { dataTransfer });
      await zone.dispatchEvent('dragover', { dataTransfer });
      await zone.dispatchEvent('drop', { dataTransfer });
    };
    await drop('notes.txt', 'text/plain');
    await expect(panel.getByRole('list', { name: 'Chosen files' })).toContainText('notes.txt');

    await drop('setup.exe', 'application/x-msdownload');
    await expect(page.getByText('File type not supported application/x-msdownload')).toBeVisible();

    await drop('logo.png', 'image/png');
    await drop('extra.png', 'image/png');
    await expect(
      page.getByText('Exceeded maximum number of files. Max files allowed: 3'),
    ).toBeVisible();
    await expect(
      panel.getByRole('list', { name: 'Chosen files' }).getByRole('listitem'),
    ).toHaveCount(3);
  });

  test('a tooltip names an icon button after its delay', async ({ page }) => {
    await page.goto('/style-guide?tab=tooltip');
    await page.getByRole('button', { name: 'Delete step' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Delete step');
  });

  test('the user search field lists matches in a popover', async ({ page }) => {
    await page.goto('/style-guide?tab=user-search');
    await page.getByRole('combobox', { name: 'Search for a user' }).fill('grace');
    await page.getByRole('option', { name: /Grace Hopper/ }).click();
    await expect(page.getByText('Selected: Grace Hopper <grace@example.com>')).toBeVisible();
  });
});
