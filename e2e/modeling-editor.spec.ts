import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  canvasSchema,
  parseCanvasData,
  type ModelNode,
  type RelationEdge,
} from '@portal/contract/canvas';
import { signInAsAdmin } from './support/api';
import { seriousViolations } from './support/axe';
import { createCanvasViaApi } from './support/canvas-api';
import { createClientViaApi } from './support/clients-api';
import { animationsDone } from './support/settled';
import { scaled } from './support/time';

const LEAVE = 'Are you sure you want to leave? Any unsaved changes will be lost.';

/** The model boxes in the order they were added (React Flow keeps the nodes array's order). */
const boxes = (page: Page) => page.locator('.react-flow__node-model');
const box = (page: Page, title: string) =>
  page.getByRole('article', { name: `Model ${title}`, exact: true });
/** A model box by its id: the same box for everyone on a canvas, whatever order each page draws. */
const boxById = (page: Page, id: string) =>
  page.locator(`.react-flow__node-model[data-id="${id}"]`);
const idOf = async (model: Locator) => {
  const id = await model.getAttribute('data-id');
  if (!id) throw new Error('a model box without its id');
  return id;
};

/** Moves a model box by its header with real mouse events, as a person drags it. */
const moveBox = async (page: Page, model: Locator, dx: number, dy: number) => {
  const header = await model.locator('header').boundingBox();
  if (!header) throw new Error('the model is not on screen');
  const x = header.x + 24;
  const y = header.y + header.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
};

type Box = { x: number; y: number; width: number; height: number };

/** Presses the mouse in the middle of one box and lets go in the middle of the other. */
const dragMiddleToMiddle = async (page: Page, from: Box | null, to: Box | null, what: string) => {
  if (!from || !to) throw new Error(`${what} not on screen`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
};

/** Drags a relation from one model's connect handle onto the middle of another model. */
const connectBoxes = async (page: Page, from: Locator, to: Locator) =>
  dragMiddleToMiddle(
    page,
    await from.getByTitle('Drag to another model to relate them').boundingBox(),
    await to.boundingBox(),
    'the models are',
  );

const addModel = async (page: Page) => {
  const before = await boxes(page).count();
  await page.getByRole('button', { name: 'Add new model' }).click();
  await expect(boxes(page)).toHaveCount(before + 1);
  // The new box is last on this page; from here on it is known by its id, which stays its own.
  return boxById(page, await idOf(boxes(page).nth(before)));
};

/** Names a model and gives it attributes in edit mode, then leaves edit mode with done. */
const describeModel = async (
  model: Locator,
  title: string,
  attributes: { name: string; type: string; required?: boolean }[],
) => {
  await model.getByRole('button', { name: /^Edit / }).click();
  await model.getByRole('textbox', { name: 'Model title' }).fill(title);
  for (const [index, attribute] of attributes.entries()) {
    await model.getByRole('button', { name: 'Add attribute' }).click();
    const row = model.getByRole('group', { name: `Attribute ${index + 1}` });
    await expect(row.getByRole('textbox', { name: 'Attribute name' })).toBeFocused();
    await row.getByRole('textbox', { name: 'Attribute name' }).fill(attribute.name);
    await row.getByRole('combobox', { name: 'Attribute type' }).selectOption({
      label: attribute.type,
    });
    if (attribute.required) await row.getByRole('checkbox', { name: 'Required' }).check();
  }
  await model.getByRole('button', { name: 'Done' }).click();
};

/** The labels at both ends of the edge between two models, whichever way it runs. */
const endLabels = async (page: Page, edgeId: string) => ({
  start: await page.locator(`[data-edge="${edgeId}"][data-edge-label="start"]`).textContent(),
  end: await page.locator(`[data-edge="${edgeId}"][data-edge-label="end"]`).textContent(),
});

const edgeIds = (page: Page) =>
  page
    .locator('.react-flow__edge')
    .evaluateAll((edges) => edges.map((edge) => edge.getAttribute('data-id') ?? ''));

const relationsOf = (model: Locator) => model.getByRole('group', { name: 'Relations' });

/** Clicks the middle of an edge's curve, where a person would click to select it. */
const clickEdge = async (page: Page, edgeId: string) => {
  // A string: this project's e2e types have no DOM, and the page needs no more than this.
  const point = (await page.evaluate(`(() => {
    const curve = document.querySelector('.react-flow__edge[data-id="${edgeId}"] .react-flow__edge-interaction');
    const middle = curve.getPointAtLength(curve.getTotalLength() / 2);
    const screen = new DOMPoint(middle.x, middle.y).matrixTransform(curve.getScreenCTM());
    return { x: screen.x, y: screen.y };
  })()`)) as { x: number; y: number };
  await page.mouse.click(point.x, point.y);
};

const setUp = async (page: Page, request: Parameters<typeof signInAsAdmin>[1], data = '') => {
  const id = randomUUID().slice(0, 6);
  const token = await signInAsAdmin(page, request, '/experimental/modeling');
  const client = await createClientViaApi(request, token, `Diagram Co ${id}`);
  const canvas = await createCanvasViaApi(request, token, {
    name: `Shop model ${id}`,
    client_id: client.id,
    data,
  });
  return { token, client, canvas };
};

/** Someone else's save of `nodes` over `version`, through the API. */
const saveViaApi = async (
  request: APIRequestContext,
  token: string,
  id: number,
  version: number,
  nodes: ModelNode[],
) => {
  const saved = await request.patch(`/api/canvas/${id}/`, {
    headers: { Authorization: `Token ${token}` },
    data: { version, data: diagramData(nodes) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
};

/** A stored diagram to start from: models at fixed places in a view at the origin. */
const diagramData = (nodes: ModelNode[], edges: RelationEdge[] = []) =>
  JSON.stringify({ nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } });

const modelAt = (
  id: string,
  title: string,
  [x, y]: [number, number],
  data: Partial<ModelNode['data']> = {},
): ModelNode => ({
  id,
  type: 'model',
  position: { x, y },
  data: { title, fields: [], relations: [], ...data },
});

const storedData = async (request: APIRequestContext, token: string, id: number) => {
  const response = await request.get(`/api/canvas/${id}/`, {
    headers: { Authorization: `Token ${token}` },
  });
  const canvas = canvasSchema.parse(await response.json());
  const data = parseCanvasData(canvas.data);
  if (!data.ok) throw new Error(data.errors.join(', '));
  return { version: canvas.version, data: data.data };
};

/**
 * Pans the view by dragging the empty pane, as a person does; from a spot away from the toolbar,
 * the mini map and the zoom controls.
 */
const pan = async (page: Page, dy: number) => {
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!pane) throw new Error('the diagram is not on screen');
  const x = pane.x + pane.width * 0.25;
  const y = dy < 0 ? pane.y + pane.height - 30 : pane.y + 30;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy, { steps: 12 });
  await page.mouse.up();
};

/** Drags one end of an edge (its reconnect anchor) onto the middle of another model. */
const dragEdgeEnd = async (page: Page, edgeId: string, end: 'source' | 'target', to: Locator) => {
  const anchor = await page
    .locator(`.react-flow__edge[data-id="${edgeId}"] .relation-reconnect[data-end="${end}"]`)
    .boundingBox();
  await dragMiddleToMiddle(page, anchor, await to.boundingBox(), 'the edge or the model is');
};

const statusSaved = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'All changes saved' });
const statusUnsaved = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Unsaved changes' });

/** The toolbar compares contents once edits pause (a quarter second): wait past that. */
const afterStatusPause = (page: Page) => page.waitForTimeout(600);

test('staff draw a data model: models, attributes, relations and their labels, deletes, save, reload, DDL', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const { token, client, canvas } = await setUp(page, request);
  await page.goto(`/experimental/modeling/${canvas.id}`);
  await expect(page).toHaveTitle(`${canvas.name} | Studio Portal`);
  await expect(page.getByRole('heading', { name: canvas.name })).toBeVisible();
  await expect(page.getByText(client.name)).toBeVisible();
  await expect(page.getByText('This canvas is empty')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  const customer =
    await test.step('add two models, name them and give them attributes', async () => {
      const first = await addModel(page);
      await expect(first).toContainText('New Model');
      await expect(page.getByText('This canvas is empty')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
      // New models appear at the top left of the view: each moves to its own place first.
      await moveBox(page, first, 40, 150);
      await describeModel(first, 'Customer', [
        { name: 'email', type: 'string', required: true },
        { name: 'tags', type: 'string array' },
        { name: 'age', type: 'int' },
      ]);
      const second = await addModel(page);
      await moveBox(page, second, 440, 150);
      await describeModel(second, 'Order', [
        { name: 'total', type: 'float', required: true },
        { name: 'placed_on', type: 'date' },
        { name: 'meta', type: 'json' },
      ]);
      const model = box(page, 'Customer');
      await expect(model.getByRole('group', { name: 'Attributes' })).toContainText('email');
      await expect(model.getByRole('group', { name: 'Attributes' })).toContainText('string array');
      await expect(box(page, 'Order').getByRole('group', { name: 'Attributes' })).toContainText(
        'float',
      );
      return model;
    });
  const order = box(page, 'Order');

  await test.step("'Add attribute' waits for a name, and done drops unnamed ones", async () => {
    await order.getByRole('button', { name: 'Edit Order' }).click();
    await order.getByRole('button', { name: 'Add attribute' }).click();
    const add = order.getByRole('button', { name: 'Add attribute' });
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(add).toHaveAccessibleDescription('Name the attribute you added first');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(order.getByRole('textbox', { name: 'Attribute name' })).toHaveCount(4);
    await order.getByRole('button', { name: 'Done' }).click();
    await expect(
      order.getByRole('group', { name: 'Attributes' }).getByRole('listitem'),
    ).toHaveCount(3);
  });

  const customerOrder =
    await test.step('drag a relation from Customer to Order: 1 at both ends', async () => {
      await connectBoxes(page, customer, order);
      await expect(page.locator('.react-flow__edge')).toHaveCount(1);
      const [edge] = await edgeIds(page);
      expect(await endLabels(page, edge!)).toEqual({ start: '1', end: '1' });
      await expect(relationsOf(customer)).toContainText('Order');
      await expect(relationsOf(customer)).toContainText('OneToOne');
      await expect(relationsOf(order)).toContainText('Customer');
      // Screen readers hear the models and the type, not React Flow's ids.
      await expect(page.getByRole('group', { name: 'Customer to Order, OneToOne' })).toHaveCount(1);
      // Nothing is added for a pair already joined, either way.
      await connectBoxes(page, order, customer);
      await expect(page.locator('.react-flow__edge')).toHaveCount(1);
      await expect(relationsOf(order).getByRole('listitem')).toHaveCount(1);
      return edge!;
    });

  await test.step('OneToMany on Customer makes Order ManyToOne and the labels follow', async () => {
    await customer.getByRole('button', { name: 'Edit Customer' }).click();
    await customer
      .getByRole('group', { name: 'Relation 1' })
      .getByRole('combobox', { name: 'Relation type' })
      .selectOption('OneToMany');
    await customer.getByRole('button', { name: 'Done' }).click();
    await expect(relationsOf(order)).toContainText('ManyToOne');
    expect(await endLabels(page, customerOrder)).toEqual({ start: '1', end: '1...*' });
    await expect(page.getByRole('group', { name: 'Customer to Order, OneToMany' })).toHaveCount(1);
    await order.getByRole('button', { name: 'Edit Order' }).click();
    const relation = order.getByRole('group', { name: 'Relation 1' });
    await expect(relation.getByRole('combobox', { name: 'Relation target' })).toHaveValue(/.+/);
    await expect(
      relation.getByRole('combobox', { name: 'Relation target' }).locator('option:checked'),
    ).toHaveText('Customer');
    await expect(relation.getByRole('combobox', { name: 'Relation type' })).toHaveValue(
      'ManyToOne',
    );
  });

  await test.step("toggling Required changes that model's end of the edge", async () => {
    const relation = order.getByRole('group', { name: 'Relation 1' });
    await relation.getByRole('checkbox', { name: 'Required' }).uncheck();
    await expect(page.locator(`[data-edge="${customerOrder}"][data-edge-label="end"]`)).toHaveText(
      '0...*',
    );
    await relation.getByRole('checkbox', { name: 'Required' }).check();
    await expect(page.locator(`[data-edge="${customerOrder}"][data-edge-label="end"]`)).toHaveText(
      '1...*',
    );
    await relation.getByRole('checkbox', { name: 'Required' }).uncheck();
    await order.getByRole('button', { name: 'Done' }).click();
    expect(await endLabels(page, customerOrder)).toEqual({ start: '1', end: '0...*' });
  });

  await test.step("a relation added in edit mode: 'Connect a model...' until a target is chosen", async () => {
    const product = await addModel(page);
    await moveBox(page, product, 440, 430);
    await describeModel(product, 'Product', [{ name: 'sku', type: 'uuid', required: true }]);
    await order.getByRole('button', { name: 'Edit Order' }).click();
    await order.getByRole('button', { name: 'Add relation' }).click();
    const relation = order.getByRole('group', { name: 'Relation 2' });
    const target = relation.getByRole('combobox', { name: 'Relation target' });
    await expect(target.locator('option:checked')).toHaveText('Connect a model...');
    const addRelation = order.getByRole('button', { name: 'Add relation' });
    await expect(addRelation).toHaveAttribute('aria-disabled', 'true');
    await addRelation.focus();
    await page.keyboard.press('Enter');
    await expect(order.getByRole('combobox', { name: 'Relation target' })).toHaveCount(2);
    // Customer is joined to Order already; a model cannot relate to itself.
    await expect(target.getByRole('option', { name: 'Customer' })).toBeDisabled();
    await expect(target.getByRole('option', { name: 'Order' })).toHaveCount(0);
    await relation.getByRole('combobox', { name: 'Relation type' }).selectOption('ManyToMany');
    await target.selectOption({ label: 'Product' });
    await order.getByRole('button', { name: 'Done' }).click();
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    await expect(relationsOf(box(page, 'Product'))).toContainText('Order');
    await expect(relationsOf(box(page, 'Product'))).toContainText('ManyToMany');
  });

  await test.step('deleting an edge removes the relation on both models', async () => {
    const before = await edgeIds(page);
    await connectBoxes(page, customer, box(page, 'Product'));
    await expect(page.locator('.react-flow__edge')).toHaveCount(3);
    const added = (await edgeIds(page)).find((id) => !before.includes(id))!;
    await expect(relationsOf(box(page, 'Product'))).toContainText('Customer');
    await clickEdge(page, added);
    await page.keyboard.press('Backspace');
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    await expect(relationsOf(box(page, 'Product'))).not.toContainText('Customer');
    await expect(relationsOf(customer).getByRole('listitem')).toHaveCount(1);
  });

  await test.step('deleting a model removes it and every relation pointing to it', async () => {
    const scratch = await addModel(page);
    await moveBox(page, scratch, 40, 470);
    await connectBoxes(page, scratch, customer);
    await expect(page.locator('.react-flow__edge')).toHaveCount(3);
    await expect(relationsOf(customer)).toContainText('New Model');
    await scratch.getByRole('button', { name: 'Delete New Model' }).click();
    await expect(boxes(page)).toHaveCount(3);
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    await expect(relationsOf(customer)).not.toContainText('New Model');
    await expect(relationsOf(customer).getByRole('listitem')).toHaveCount(1);
  });

  await test.step("Save says 'Saved!', and a reload finds it all", async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.reload();
    await expect(boxes(page)).toHaveCount(3);
    await expect(box(page, 'Customer').getByRole('group', { name: 'Attributes' })).toContainText(
      'tags',
    );
    await expect(relationsOf(box(page, 'Customer'))).toContainText('OneToMany');
    await expect(relationsOf(box(page, 'Order'))).toContainText('ManyToOne');
    await expect(relationsOf(box(page, 'Order'))).toContainText('Product');
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    expect(await endLabels(page, customerOrder)).toEqual({ start: '1', end: '0...*' });

    const stored = await request.get(`/api/canvas/${canvas.id}/`, {
      headers: { Authorization: `Token ${token}` },
    });
    const saved = canvasSchema.parse(await stored.json());
    const data = parseCanvasData(saved.data);
    expect(data.ok).toBe(true);
    if (data.ok) {
      expect(data.data.nodes.map((node) => node.data.title).sort()).toEqual([
        'Customer',
        'Order',
        'Product',
      ]);
      // Only the documented keys are stored, none of React Flow's own.
      expect(Object.keys(data.data.nodes[0]!).sort()).toEqual(['data', 'id', 'position', 'type']);
    }
  });

  await test.step('the exports of the saved model: PostgreSQL, then the other formats', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'SQL, DBML, Prisma, Mermaid…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export the data model' });
    const ddl = dialog.getByLabel('PostgreSQL export');
    await expect(ddl).toContainText(
      'CREATE TABLE "customer" (\n  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n  "email" text NOT NULL,\n  "tags" text[],\n  "age" integer\n);',
    );
    // OneToMany from Customer: the key is on Order, nullable as Order's side is optional.
    await expect(ddl).toContainText('"meta" json,\n  "customer_id" bigint\n);');
    await expect(ddl).toContainText('"total" double precision NOT NULL');
    await expect(ddl).toContainText('"placed_on" date');
    await expect(ddl).toContainText(
      'ALTER TABLE "order" ADD FOREIGN KEY ("customer_id") REFERENCES "customer" ("id");',
    );
    await expect(ddl).toContainText(
      'CREATE TABLE "order_product" (\n  "order_id" bigint NOT NULL,\n  "product_id" bigint NOT NULL,\n  PRIMARY KEY ("order_id", "product_id")\n);',
    );
    let download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download .sql' }).click();
    expect((await download).suggestedFilename()).toMatch(/^shop-model-.*\.sql$/);

    for (const [tab, text, extension] of [
      ['MySQL', 'CREATE TABLE `customer` (', 'sql'],
      ['DBML', 'Ref: order.customer_id > customer.id', 'dbml'],
      ['Prisma', 'model Customer {', 'prisma'],
      ['Mermaid', 'customer ||--o{ order', 'mmd'],
    ] as const) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expect(dialog.getByLabel(`${tab} export`)).toContainText(text);
      download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: `Download .${extension}` }).click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`));
    }
    await dialog.getByRole('tab', { name: 'Mermaid' }).click();
    // For a person to look at (the run's output folder): the dialog must not look broken.
    await page.screenshot({ path: test.info().outputPath('canvas-export-dialog.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the diagram downloads as PNG and SVG', async () => {
    for (const [item, extension] of [
      ['PNG image', 'png'],
      ['SVG image', 'svg'],
    ] as const) {
      await page.getByRole('button', { name: 'Export' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: item }).click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`));
    }
  });
});

test('leaving with changes not yet sent asks first, by link, back button or closing the tab', async ({
  page,
  request,
  context,
}) => {
  const { canvas } = await setUp(page, request);
  // Opened from the list, so that the browser's back button stays in the app (a page.goto would
  // start a new document, and going back from it would be the browser's business).
  const open = page.getByRole('link', { name: canvas.name, exact: true });
  await page.reload();
  await open.click();
  await expect(page.getByText('This canvas is empty')).toBeVisible();

  await test.step('with nothing changed, leaving does not ask', async () => {
    await page.getByRole('link', { name: 'Back to canvases' }).click();
    await expect(page).toHaveURL(/\/experimental\/modeling$/);
    await page.goBack();
    await expect(page.getByText('This canvas is empty')).toBeVisible();
  });

  // Changes reach the server as they are made (decision 0056): only while it cannot be reached
  // are they waiting, and only then is there something to lose.
  await context.setOffline(true);
  await addModel(page);
  const prompt = page.getByRole('dialog', { name: 'Leave this canvas?' });
  /** The prompt is up: Cancel closes it, and the editor stays with its one unsaved model. */
  const cancelLeaving = async () => {
    await expect(prompt).toContainText(LEAVE);
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/experimental/modeling/${canvas.id}$`));
    await expect(boxes(page)).toHaveCount(1);
  };
  /** Leave goes on to the canvas list, throwing the change away. */
  const leave = async () => {
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/experimental\/modeling$/);
  };

  await test.step('the back button asks; Cancel stays with the changes', async () => {
    await page.getByRole('link', { name: 'Back to canvases' }).click();
    await cancelLeaving();
  });

  await test.step('a link in the navigation asks too', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Estimates' })
      .click();
    await cancelLeaving();
  });

  await test.step("the browser's back button asks too; Cancel stays", async () => {
    await page.goBack();
    await cancelLeaving();
  });

  await test.step('logging out asks first; Cancel keeps the work and the session', async () => {
    await page.getByRole('banner').getByRole('button', { name: /admin/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await cancelLeaving();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect(statusUnsaved(page)).toBeVisible();
  });

  await test.step('closing the tab asks the browser to confirm', async () => {
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const shown = await dialog;
    expect(shown.type()).toBe('beforeunload');
    await shown.dismiss();
    expect(page.isClosed()).toBe(false);
  });

  // Whether a change made offline reaches the server after Leave depends on the browser (a
  // request it held may still go out); Leave itself must go on without waiting for it.
  await test.step('Leave goes on', async () => {
    await page.getByRole('link', { name: 'Back to canvases' }).click();
    await leave();
    await context.setOffline(false);
    await open.click();
    await expect(page.getByRole('button', { name: 'Add new model' })).toBeVisible();
  });

  await test.step("Leave after the browser's back button goes back", async () => {
    await context.setOffline(true);
    await addModel(page);
    await page.goBack();
    await leave();
    await context.setOffline(false);
    await page.goForward();
    await expect(page.getByRole('button', { name: 'Add new model' })).toBeVisible();
  });

  await test.step('online, a change is sent at once: nothing to ask about', async () => {
    const before = await boxes(page).count();
    await addModel(page);
    await expect(statusUnsaved(page)).toBeVisible();
    // Written back as a version once the edits pause: it has reached the server.
    await expect(statusSaved(page)).toBeVisible();
    await page.getByRole('link', { name: 'Back to canvases' }).click();
    await expect(page).toHaveURL(/\/experimental\/modeling$/);
    await open.click();
    await expect(boxes(page)).toHaveCount(before + 1);
  });
});

test('two people on one canvas: each sees the other live, both edits stay, undo is their own', async ({
  page,
  request,
  browser,
}) => {
  // Two people, each step waiting for the other to see it, and a connection lost and back.
  test.setTimeout(scaled(120_000));
  const { canvas } = await setUp(page, request);
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const second = await otherContext.newPage();
  await signInAsAdmin(second, request, `/experimental/modeling/${canvas.id}`);
  await page.goto(`/experimental/modeling/${canvas.id}`);
  await expect(page.getByText('This canvas is empty')).toBeVisible();
  await expect(second.getByText('This canvas is empty')).toBeVisible();
  const live = { timeout: scaled(2_000) };
  const ids = { invoice: '', payment: '' };

  await test.step('each sees that the other is here', async () => {
    await expect(page.getByRole('list', { name: /^Also here: / })).toBeVisible(live);
    await expect(second.getByRole('list', { name: /^Also here: / })).toBeVisible(live);
  });

  await test.step('one adds two models and connects them; the other sees it without reloading', async () => {
    // Each moved out from under the toolbar, where new models appear.
    const invoice = await addModel(page);
    ids.invoice = await idOf(invoice);
    await moveBox(page, invoice, 40, 150);
    await describeModel(invoice, 'Invoice', [{ name: 'total', type: 'float' }]);
    const payment = await addModel(page);
    ids.payment = await idOf(payment);
    await moveBox(page, payment, 0, 420);
    await describeModel(payment, 'Payment', []);
    await connectBoxes(page, box(page, 'Invoice'), box(page, 'Payment'));
    await expect(page.locator('.react-flow__edge')).toHaveCount(1);
    await expect(box(second, 'Invoice')).toBeVisible(live);
    await expect(box(second, 'Payment')).toBeVisible(live);
    await expect(second.locator('.react-flow__edge')).toHaveCount(1, live);
    await expect(box(second, 'Invoice')).toContainText('total');
    // The whole editor with models, a relation and someone else here (Lighthouse's audit found
    // a name on the connect dots, which are for the pointer only).
    expect(await seriousViolations(second)).toEqual([]);
  });

  await test.step('both edit different models at once, and both edits stay', async () => {
    // By id, not by name (a box's name follows its title as it is typed) nor by place (each page
    // draws the shared models in the order it learnt them).
    await Promise.all([
      describeModel(boxById(page, ids.invoice), 'Invoice v2', []),
      describeModel(boxById(second, ids.payment), 'Payment v2', []),
    ]);
    for (const person of [page, second]) {
      await expect(box(person, 'Invoice v2')).toBeVisible(live);
      await expect(box(person, 'Payment v2')).toBeVisible(live);
    }
  });

  await test.step("a model one selects is outlined for the other, with the person's name", async () => {
    await box(page, 'Payment v2').locator('header h3').click();
    await expect(box(second, 'Payment v2').getByText(/admin/i)).toBeVisible(live);
  });

  await test.step('undo takes back only what this person did', async () => {
    // An empty spot of the diagram, clear of the models, the toolbar and the mini map.
    await page.locator('.react-flow__pane').click({ position: { x: 760, y: 420 } });
    await page.keyboard.press('Control+z');
    for (const person of [page, second]) {
      await expect(box(person, 'Invoice')).toBeVisible(live);
      await expect(box(person, 'Payment v2')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(box(second, 'Invoice v2')).toBeVisible(live);
  });

  await test.step('Save writes a version of what both did: no conflict, and a reload shows it', async () => {
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(second.getByText('Saved!')).toBeVisible();
    await expect(second.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible(
      live,
    );
    await page.reload();
    await expect(box(page, 'Invoice v2')).toBeVisible();
    await expect(box(page, 'Payment v2')).toBeVisible();
  });

  await test.step('offline, changes wait (and leaving asks); back online they reach the other', async () => {
    await otherContext.setOffline(true);
    await addModel(second);
    await expect(second.getByRole('alert').filter({ hasText: 'Not connected' })).toBeVisible({
      timeout: scaled(5_000),
    });
    await second.getByRole('link', { name: 'Back to canvases' }).click();
    const prompt = second.getByRole('dialog', { name: 'Leave this canvas?' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await otherContext.setOffline(false);
    await expect(boxes(page)).toHaveCount(3, { timeout: scaled(15_000) });
    await expect(second.getByRole('alert').filter({ hasText: 'Not connected' })).toHaveCount(0, {
      timeout: scaled(15_000),
    });
  });
  await otherContext.close();
});

test('edit mode survives a box panned off screen; only real changes count as unsaved', async ({
  page,
  request,
}) => {
  const { token, canvas } = await setUp(
    page,
    request,
    diagramData([
      modelAt('customer', 'Customer', [40, 40], {
        fields: [{ label: 'email', type: 'string', required: true }],
      }),
    ]),
  );
  await page.goto(`/experimental/modeling/${canvas.id}`);
  const customer = box(page, 'Customer');
  const names = customer.getByRole('textbox', { name: 'Attribute name' });
  await expect(statusSaved(page)).toBeVisible();

  await test.step('an attribute not named yet is no unsaved change', async () => {
    await customer.getByRole('button', { name: 'Edit Customer' }).click();
    await customer.getByRole('button', { name: 'Add attribute' }).click();
    await expect(names).toHaveCount(2);
    await afterStatusPause(page);
    await expect(statusSaved(page)).toBeVisible();
  });

  await test.step('panned off screen and back, the box is still in edit mode', async () => {
    await pan(page, -560);
    // React Flow draws only what is on screen: the box is gone from the page.
    await expect(boxes(page)).toHaveCount(0);
    await pan(page, 560);
    await expect(boxes(page)).toHaveCount(1);
    await expect(customer.getByRole('textbox', { name: 'Model title' })).toBeVisible();
    await expect(names).toHaveCount(2);
    await expect(names.nth(1)).toHaveValue('');
  });

  await test.step('Save in edit mode stores what done would, and leaves the box in edit mode', async () => {
    await customer.getByRole('textbox', { name: 'Model title' }).fill('Customers');
    await expect(statusUnsaved(page)).toBeVisible();
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Saved!')).toBeVisible();
    await expect(statusSaved(page)).toBeVisible();
    const { data } = await storedData(request, token, canvas.id);
    expect(data.nodes[0]?.data.title).toBe('Customers');
    expect(data.nodes[0]?.data.fields.map((field) => field.label)).toEqual(['email']);
    await expect(
      box(page, 'Customers').getByRole('textbox', { name: 'Attribute name' }),
    ).toHaveCount(2);
  });

  const customers = box(page, 'Customers');

  await test.step('a letter typed and deleted again is no change', async () => {
    // The box's name follows its title as it is typed: find the one title box on the page.
    const title = page.getByRole('textbox', { name: 'Model title' });
    await title.press('End');
    await title.press('x');
    await expect(statusUnsaved(page)).toBeVisible();
    await title.press('Backspace');
    await expect(statusSaved(page)).toBeVisible();
    await customers.getByRole('button', { name: 'Done' }).click();
    await expect(
      customers.getByRole('group', { name: 'Attributes' }).getByRole('listitem'),
    ).toHaveCount(1);
    await afterStatusPause(page);
    await expect(statusSaved(page)).toBeVisible();
  });

  await test.step('a box dragged away and back is no change', async () => {
    await moveBox(page, customers, 120, 60);
    await expect(statusUnsaved(page)).toBeVisible();
    await moveBox(page, customers, -120, -60);
    await expect(statusSaved(page)).toBeVisible();
  });

  await test.step('so leaving does not ask', async () => {
    await pan(page, 120);
    await page.getByRole('link', { name: 'Back to canvases' }).click();
    await expect(page).toHaveURL(/\/experimental\/modeling$/);
  });
});

test("an edge's end dragged to another model moves the relation there, type and Required kept", async ({
  page,
  request,
}) => {
  const { token, canvas } = await setUp(
    page,
    request,
    diagramData(
      [
        modelAt('customer', 'Customer', [40, 40], {
          relations: [{ to: 'order', sourceOrTarget: 'source', type: 'OneToMany', required: true }],
        }),
        modelAt('order', 'Order', [520, 40], {
          relations: [
            { to: 'customer', sourceOrTarget: 'target', type: 'ManyToOne', required: false },
          ],
        }),
        modelAt('invoice', 'Invoice', [520, 330]),
      ],
      [
        {
          id: 'e1',
          source: 'customer',
          target: 'order',
          sourceHandle: 'source',
          targetHandle: 'target',
          type: 'labeled',
          data: { startLabel: '1', endLabel: '0...*' },
        },
      ],
    ),
  );
  await page.goto(`/experimental/modeling/${canvas.id}`);
  const [customer, order, invoice] = [
    box(page, 'Customer'),
    box(page, 'Order'),
    box(page, 'Invoice'),
  ];
  await expect(page.getByRole('group', { name: 'Customer to Order, OneToMany' })).toHaveCount(1);

  await test.step('the target end onto Invoice', async () => {
    await dragEdgeEnd(page, 'e1', 'target', invoice);
    await expect(page.getByRole('group', { name: 'Customer to Invoice, OneToMany' })).toHaveCount(
      1,
    );
    await expect(relationsOf(order)).toContainText('No relations');
    await expect(relationsOf(invoice)).toContainText('Customer');
    await expect(relationsOf(invoice)).toContainText('ManyToOne');
    await expect(relationsOf(customer)).toContainText('Invoice');
    expect(await endLabels(page, 'e1')).toEqual({ start: '1', end: '0...*' });
    await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  });

  await test.step('the source end onto Order', async () => {
    await dragEdgeEnd(page, 'e1', 'source', order);
    await expect(page.getByRole('group', { name: 'Order to Invoice, OneToMany' })).toHaveCount(1);
    await expect(relationsOf(customer)).toContainText('No relations');
    await expect(relationsOf(order)).toContainText('Invoice');
    await expect(relationsOf(order)).toContainText('OneToMany');
    expect(await endLabels(page, 'e1')).toEqual({ start: '1', end: '0...*' });
  });

  await test.step('onto the model at the other end: nothing, a model does not relate to itself', async () => {
    await dragEdgeEnd(page, 'e1', 'target', order);
    await expect(page.getByRole('group', { name: 'Order to Invoice, OneToMany' })).toHaveCount(1);
    await expect(relationsOf(order).getByRole('listitem')).toHaveCount(1);
  });

  await test.step('saved as it is drawn', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    const { data } = await storedData(request, token, canvas.id);
    expect(data.edges).toEqual([
      expect.objectContaining({ id: 'e1', source: 'order', target: 'invoice' }),
    ]);
    expect(data.nodes.find((node) => node.id === 'invoice')?.data.relations).toEqual([
      { to: 'order', sourceOrTarget: 'target', type: 'ManyToOne', required: false },
    ]);
  });
});

test("a canvas reopened after someone else's save shows that save, and saving goes on from it", async ({
  page,
  request,
}) => {
  const { token, canvas } = await setUp(
    page,
    request,
    diagramData([modelAt('customer', 'Customer', [40, 40])]),
  );
  const link = page.getByRole('link', { name: canvas.name, exact: true });
  await page.reload();
  await link.click();
  await expect(box(page, 'Customer')).toBeVisible();
  await page.getByRole('link', { name: 'Back to canvases' }).click();
  await expect(page).toHaveURL(/\/experimental\/modeling$/);

  // Someone else saves meanwhile, while this tab still holds the canvas it just showed.
  await saveViaApi(request, token, canvas.id, canvas.version, [
    modelAt('customer', 'Customer', [40, 40]),
    modelAt('invoice', 'Invoice', [420, 40]),
  ]);

  await link.click();
  await expect(box(page, 'Invoice')).toBeVisible();
  await expect(boxes(page)).toHaveCount(2);
  await addModel(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved!')).toBeVisible();
  expect((await storedData(request, token, canvas.id)).data.nodes).toHaveLength(3);
});

test('the history lists every version and restores an earlier one as a new version', async ({
  page,
  request,
}) => {
  // Versions 1 and 2 made through the API, so that the history's first lines are known: the
  // editor writes a version of its own whenever the edits pause (decision 0056).
  const { token, canvas } = await setUp(
    page,
    request,
    diagramData([modelAt('invoice', 'Invoice', [80, 200])]),
  );
  await saveViaApi(request, token, canvas.id, 1, [
    modelAt('invoice', 'Invoice', [80, 200]),
    modelAt('payment', 'Payment', [480, 200]),
  ]);
  await page.goto(`/experimental/modeling/${canvas.id}`);
  await expect(box(page, 'Payment')).toBeVisible();

  const history = page.getByRole('dialog', { name: 'History' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await test.step('History lists the versions, newest first', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Version 2 · Saved');
    await expect(versions.nth(0)).toContainText('Current');
    await expect(versions.nth(0)).toContainText('2 models');
    await expect(versions.nth(1)).toContainText('Version 1 · Created');
    await expect(versions.nth(1)).toContainText('1 model');
    await expect(versions.nth(0).getByRole('button', { name: /^Restore/ })).toHaveCount(0);
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('canvas-history.png') });
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);
  });

  await test.step('an edit is written back on its own as the next version', async () => {
    await addModel(page);
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.getByRole('button', { name: 'History' }).click();
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(0)).toContainText('Version 3 · Saved');
    await expect(versions.nth(0)).toContainText('3 models');
  });

  await test.step('restoring opens version 1 as version 4', async () => {
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    const question = page.getByRole('dialog', { name: 'Restore version 1?' });
    await expect(question).toContainText('becomes version 4');
    await question.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Version 1 restored as version 4')).toBeVisible();
    await expect(history).toHaveCount(0);
    await expect(box(page, 'Invoice')).toBeVisible();
    await expect(box(page, 'Payment')).toHaveCount(0);
    await expect(boxes(page)).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  });

  await test.step('the restore is a version of its own, and saving goes on from it', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    await expect(versions.nth(0)).toContainText('Version 4 · Restored from version 1');
    await expect(versions).toHaveCount(4);
    await page.keyboard.press('Escape');
    await describeModel(boxes(page).nth(0), 'Invoice v2', []);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    expect((await storedData(request, token, canvas.id)).data.nodes[0]?.data.title).toBe(
      'Invoice v2',
    );
  });
});

const SHOP_SQL = `-- two tables and the key between them
CREATE TABLE customer (
  id bigint PRIMARY KEY,
  email text NOT NULL
);

CREATE TABLE orders (
  id bigint PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customer (id),
  total numeric(10, 2)
);

CREATE INDEX orders_customer_idx ON orders (customer_id);
`;

const BROKEN_SQL = `CREATE TABLE product (
  id bigint PRIMARY KEY,
  name tex t
);
`;

// As mysqldump --no-data writes it.
const MYSQL_DUMP = `/*!40101 SET NAMES utf8mb4 */;
DROP TABLE IF EXISTS \`product\`;
CREATE TABLE \`product\` (
  \`id\` int NOT NULL AUTO_INCREMENT,
  \`name\` varchar(255) NOT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE \`order_line\` (
  \`id\` int NOT NULL AUTO_INCREMENT,
  \`product_id\` int NOT NULL,
  \`quantity\` int NOT NULL DEFAULT '1',
  PRIMARY KEY (\`id\`),
  KEY \`product_id\` (\`product_id\`),
  CONSTRAINT \`order_line_ibfk_1\` FOREIGN KEY (\`product_id\`) REFERENCES \`product\` (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
`;

test('staff import SQL: a PostgreSQL script pasted, a syntax error shown at its line, a MySQL dump from a file', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const { token, canvas } = await setUp(page, request);
  await page.goto(`/experimental/modeling/${canvas.id}`);
  await expect(page.getByText('This canvas is empty')).toBeVisible();
  const opener = page.getByRole('button', { name: 'Import SQL' });
  const dialog = page.getByRole('dialog', { name: 'Import SQL' });
  const script = dialog.getByRole('textbox', { name: 'SQL script' });
  const summary = page.getByRole('region', { name: 'Import summary' });

  await test.step('a PostgreSQL script pasted becomes two models and their relation', async () => {
    await opener.click();
    await expect(script).toBeFocused();
    await expect(dialog.getByRole('radio', { name: 'PostgreSQL' })).toBeChecked();
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('import-sql-dialog-empty.png') });

    await page.keyboard.insertText(SHOP_SQL);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page.getByText('2 tables imported — 2 added, 0 updated').first()).toBeVisible();
    await expect(box(page, 'customer')).toBeVisible();
    await expect(box(page, 'orders')).toBeVisible();
    await expect(box(page, 'orders')).toContainText('total');
    await expect(page.locator('.react-flow__edge')).toHaveCount(1);
    await expect(statusSaved(page)).toBeVisible();

    await expect(summary).toContainText('2 added, 0 updated · 1 relation · 1 statement skipped');
    await summary.getByRole('button', { name: /tables imported/ }).click();
    await expect(summary).toContainText('Added (2)');
    await expect(summary).toContainText('line 13');
    await expect(summary).toContainText('CREATE INDEX orders_customer_idx');
    await animationsDone(page);
    await page.screenshot({ path: test.info().outputPath('import-sql-canvas-after.png') });

    const stored = await storedData(request, token, canvas.id);
    expect(stored.version).toBe(canvas.version + 1);
    expect(stored.data.nodes.map((node) => node.data.title).sort()).toEqual(['customer', 'orders']);
    expect(stored.data.edges).toHaveLength(1);
  });

  await test.step('the editor took the new version: a save after the import goes on from it', async () => {
    await moveBox(page, box(page, 'customer'), 0, 60);
    await expect(statusUnsaved(page)).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    await expect(statusSaved(page)).toBeVisible();
  });

  await test.step('a syntax error is shown at the script with its line and column', async () => {
    await opener.click();
    await script.fill(BROKEN_SQL);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const message = dialog.getByText(/^Syntax error at line 3, column 12: /);
    await expect(message).toBeVisible();
    await expect(script).toHaveAttribute('aria-invalid', 'true');
    await expect(script).toBeFocused();
    // The caret is on the error: line 3, column 12 of the script.
    expect(await page.evaluate('document.activeElement.selectionStart')).toBe(
      BROKEN_SQL.indexOf('t\n);'),
    );
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('import-sql-dialog-error.png') });

    // Escape with a script typed asks before throwing it away.
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  await test.step('a MySQL dump picked from a file, over an unsaved edit saved first', async () => {
    await addModel(page);
    await expect(statusUnsaved(page)).toBeVisible();
    await opener.click();
    await expect(dialog).toContainText('This canvas has unsaved changes');
    await dialog.getByText('MySQL', { exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Open a .sql file' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'shop-mysql.sql',
      mimeType: 'application/sql',
      buffer: Buffer.from(MYSQL_DUMP),
    });
    await expect(dialog.getByText('shop-mysql.sql')).toBeVisible();
    await expect(script).toHaveValue(MYSQL_DUMP);
    await dialog.getByRole('button', { name: 'Save and import' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('2 tables imported — 2 added, 0 updated').first()).toBeVisible();
    await expect(box(page, 'product')).toBeVisible();
    await expect(box(page, 'order_line')).toBeVisible();
    await expect(statusSaved(page)).toBeVisible();

    const stored = await storedData(request, token, canvas.id);
    // The new model was saved first, then the dump imported beside it.
    expect(stored.data.nodes.map((node) => node.data.title).sort()).toEqual([
      'New Model',
      'customer',
      'order_line',
      'orders',
      'product',
    ]);
    expect(stored.data.edges).toHaveLength(2);
  });
});
