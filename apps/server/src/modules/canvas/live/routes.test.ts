import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { CANVAS_CONFLICT_MESSAGE, parseCanvasData, type Canvas } from '@portal/contract/canvas';
import {
  LIVE_MESSAGES,
  decodeBinary,
  encodeBinary,
  readDiagram,
  writeDiagram,
  type LiveDiagram,
} from '@portal/contract/canvas-live';
import { canvasLive, canvasLiveUpdates, canvasVersions } from '../../../db/schema/index';
import { impersonating } from '../../../test/impersonation';
import { startSecondInstance } from '../../../test/test-app';
import { useTestWorld } from '../../../test/test-world';
import { createWorld, DENIED, UNAUTHENTICATED, type Role } from '../../clients/test-fixtures';
import { chainCanvas } from '../test-fixtures';

const { t, w } = useTestWorld(createWorld, 'lv');

type Event = { event: string; data: Record<string, unknown> };

/** An editor's side of the wire: its stream's events as they come, and its own document. */
const openEditor = async (base: string, canvasId: number, token: string, client?: number) => {
  const controller = new AbortController();
  const res = await fetch(
    `${base}/api/canvas/${canvasId}/live/stream/${client === undefined ? '' : `?client=${client}`}`,
    { headers: { authorization: `Token ${token}` }, signal: controller.signal },
  );
  const events: Event[] = [];
  const doc = new Y.Doc();
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        buffer += decoder.decode(value);
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || !data) continue;
          const parsed = { event, data: JSON.parse(data) as Record<string, unknown> };
          events.push(parsed);
          const update = parsed.data.state ?? parsed.data.update;
          if ((event === 'state' || event === 'update') && typeof update === 'string')
            Y.applyUpdate(doc, decodeBinary(update), 'server');
        }
      }
      ended = true;
    })();
    // Every stream opens with the whole state.
    await vi.waitFor(() => expect(events[0]?.event).toBe('state'), 5_000);
  }
  return {
    res,
    events,
    doc,
    get ended() {
      return ended;
    },
    diagram: () => readDiagram(doc),
    close: () => controller.abort(),
  };
};
type Editor = Awaited<ReturnType<typeof openEditor>>;

/** Who is present for an editor: every presence message its stream has carried, in order. */
const presentFor = (editor: Editor) => {
  const seen = new Awareness(new Y.Doc());
  for (const e of editor.events) {
    const message = e.event === 'awareness' ? e.data.update : e.data.awareness;
    if ((e.event === 'awareness' || e.event === 'state') && typeof message === 'string')
      applyAwarenessUpdate(seen, decodeBinary(message), 'test');
  }
  const present = new Set(seen.getStates().keys());
  seen.destroy();
  return present;
};

/** The change `edit` makes to an editor's document, as the update it would send. */
const change = (editor: Editor, edit: (diagram: LiveDiagram) => LiveDiagram) => {
  const before = Y.encodeStateVector(editor.doc);
  const current = editor.diagram();
  writeDiagram(editor.doc, edit(current), current, 'local');
  return encodeBinary(Y.encodeStateAsUpdate(editor.doc, before));
};

const renamed = (id: string, title: string) => (diagram: LiveDiagram) => ({
  ...diagram,
  nodes: diagram.nodes.map((node) =>
    node.id === id ? { ...node, data: { ...node.data, title } } : node,
  ),
});

const titles = (diagram: LiveDiagram) => diagram.nodes.map((node) => node.data.title);

const createCanvas = async (models = 3) => {
  const res = await w.as('staff').post('/api/canvas/', {
    name: 'Live model',
    client_id: w.acme.id,
    data: JSON.stringify(chainCanvas(models)),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Canvas>();
};

const live = (id: number, action: string) => `/api/canvas/${id}/live/${action}/`;

const storedDiagram = async (id: number) => {
  const res = await w.as('staff').get(`/api/canvas/${id}/`);
  const canvas = res.json<Canvas>();
  const parsed = parseCanvasData(canvas.data);
  if (!parsed.ok) throw new Error(parsed.errors.join());
  return { canvas, diagram: parsed.data };
};

let base = '';
const open: Editor[] = [];
const editor = async (canvasId: number, client?: number, token = w.tokens.staff!) => {
  const opened = await openEditor(base, canvasId, token, client);
  open.push(opened);
  return opened;
};

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(open.map((e) => e.close()));
});

describe('live canvas permissions', () => {
  const denied: [Role, number, object][] = [
    ['visitor', 401, UNAUTHENTICATED],
    ['outsider', 403, DENIED],
    ['member', 403, DENIED],
  ];

  it.each(denied)('a %s can neither join nor change a live canvas', async (role, status, body) => {
    const canvas = await createCanvas();
    const api = w.as(role);
    const update = encodeBinary(Y.encodeStateAsUpdate(new Y.Doc()));
    for (const res of [
      await api.get(live(canvas.id, 'stream')),
      await api.post(live(canvas.id, 'update'), { update }),
      await api.post(live(canvas.id, 'awareness'), { update }),
      await api.post(live(canvas.id, 'save'), {}),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    // Nothing was opened, changed or saved.
    expect(await t.db.select().from(canvasLive).where(eq(canvasLive.canvasId, canvas.id))).toEqual(
      [],
    );
    expect((await storedDiagram(canvas.id)).canvas.version).toBe(1);
  });

  it('staff impersonating a client user is that client user: refused', async () => {
    const canvas = await createCanvas();
    const asMember = await impersonating(t, w.users.member.id, w.users.staff.id);
    const res = await asMember.post(live(canvas.id, 'save'), {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(DENIED);
  });

  it('an unknown canvas is a 404 on every live call', async () => {
    const staff = w.as('staff');
    const update = encodeBinary(Y.encodeStateAsUpdate(new Y.Doc()));
    for (const res of [
      await staff.get(live(999_999, 'stream')),
      await staff.post(live(999_999, 'update'), { update }),
      await staff.post(live(999_999, 'save'), {}),
    ])
      expect(res.statusCode).toBe(404);
  });
});

describe('editing together', () => {
  it('a change one editor sends reaches the other, and both edits stay', async () => {
    const canvas = await createCanvas();
    const [ana, ben] = [await editor(canvas.id), await editor(canvas.id)];
    // Both start from the stored diagram.
    expect(titles(ana.diagram())).toEqual(['Model 0', 'Model 1', 'Model 2']);
    expect(ana.events[0]?.data).toMatchObject({ version: 1 });

    // Each renames a different model from the same starting point, at once.
    const fromAna = change(ana, renamed('model-0', 'Customer'));
    const fromBen = change(ben, renamed('model-2', 'Invoice'));
    const answers = await Promise.all([
      w.as('staff').post(live(canvas.id, 'update'), { update: fromAna }),
      w.as('staff').post(live(canvas.id, 'update'), { update: fromBen }),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    for (const who of [ana, ben])
      await vi.waitFor(
        () => expect(titles(who.diagram())).toEqual(['Customer', 'Model 1', 'Invoice']),
        2_000,
      );
  });

  it('Save writes the shared document back as a version, with its history', async () => {
    const canvas = await createCanvas();
    const ana = await editor(canvas.id);
    const update = change(ana, (diagram) => ({
      ...diagram,
      // Model 2 goes, with its relation and edge; a half-typed attribute is not saved.
      nodes: renamed(
        'model-1',
        'Order',
      )(diagram).nodes.flatMap((node) =>
        node.id === 'model-2'
          ? []
          : node.id === 'model-1'
            ? [
                {
                  ...node,
                  data: {
                    ...node.data,
                    fields: [...node.data.fields, { label: '', type: 'string', required: false }],
                    relations: node.data.relations.filter((r) => r.to !== 'model-2'),
                  },
                },
              ]
            : [node],
      ),
      edges: diagram.edges.filter((edge) => edge.target !== 'model-2'),
    }));
    expect((await w.as('staff').post(live(canvas.id, 'update'), { update })).statusCode).toBe(200);
    const saved = await w.as('staff').post(live(canvas.id, 'save'), {
      viewport: { x: 10, y: 20, zoom: 0.75 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    const { canvas: after, diagram } = await storedDiagram(canvas.id);
    expect(after.version).toBe(2);
    expect(titles(diagram)).toEqual(['Model 0', 'Order']);
    expect(diagram.edges).toHaveLength(1);
    expect(diagram.viewport).toEqual({ x: 10, y: 20, zoom: 0.75 });
    expect(diagram.nodes[1]?.data.fields.some((field) => field.label === '')).toBe(false);
    // Both editors hear that it is saved; the half-typed attribute stays in the shared copy.
    await vi.waitFor(
      () => expect(ana.events.some((e) => e.event === 'saved' && e.data.version === 2)).toBe(true),
      2_000,
    );
    expect(ana.diagram().nodes[1]?.data.fields.at(-1)?.label).toBe('');
    const [version] = await t.db
      .select()
      .from(canvasVersions)
      .where(eq(canvasVersions.canvasId, canvas.id))
      .orderBy(canvasVersions.version)
      .offset(1);
    expect(version).toMatchObject({ kind: 'saved', models: 2, savedById: w.users.staff.id });

    // Saving again with nothing new makes no version.
    const again = await w.as('staff').post(live(canvas.id, 'save'), {
      viewport: { x: 10, y: 20, zoom: 0.75 },
    });
    expect(again.json<Canvas>().version).toBe(2);
  });

  it('writes back on its own once the edits pause', async () => {
    const canvas = await createCanvas();
    const ana = await editor(canvas.id);
    const update = change(ana, renamed('model-0', 'Autosaved'));
    await w.as('staff').post(live(canvas.id, 'update'), { update });
    await vi.waitFor(
      async () => expect(titles((await storedDiagram(canvas.id)).diagram)[0]).toBe('Autosaved'),
      { timeout: 8_000, interval: 250 },
    );
  });

  it('a save the old way: stale is still a 409; current reaches the open editors', async () => {
    const canvas = await createCanvas();
    const ana = await editor(canvas.id);
    const update = change(ana, renamed('model-0', 'Live edit'));
    await w.as('staff').post(live(canvas.id, 'update'), { update });
    await w.as('staff').post(live(canvas.id, 'save'), {});
    const stale = await w.as('staff').patch(`/api/canvas/${canvas.id}/`, {
      data: JSON.stringify(chainCanvas(1)),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: CANVAS_CONFLICT_MESSAGE, version: 2 });

    const current = await w.as('staff').patch(`/api/canvas/${canvas.id}/`, {
      data: JSON.stringify(chainCanvas(1)),
      version: 2,
    });
    expect(current.statusCode).toBe(200);
    await vi.waitFor(() => expect(titles(ana.diagram())).toEqual(['Model 0']), 2_000);
    await vi.waitFor(
      () => expect(ana.events.some((e) => e.event === 'saved' && e.data.version === 3)).toBe(true),
      2_000,
    );
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const canvas = await createCanvas();
    const ana = await editor(canvas.id);
    const staff = w.as('staff');
    const cases: [object, string][] = [
      [{}, 'This field is required.'],
      [{ update: 'not base64!' }, 'Must be base64 (a Yjs update or awareness message).'],
      [{ update: encodeBinary(new Uint8Array([255, 1, 2, 3, 4])) }, LIVE_MESSAGES.unreadable],
    ];
    for (const [body, message] of cases) {
      const res = await staff.post(live(canvas.id, 'update'), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ update: [message] });
    }
    // Past a canvas's limit of models.
    const tooMany = change(ana, (diagram) => ({
      nodes: Array.from({ length: 2_001 }, (_, i) => ({
        ...diagram.nodes[0]!,
        id: `many-${i}`,
        data: { title: `M${i}`, fields: [], relations: [] },
      })),
      edges: [],
    }));
    const limit = await staff.post(live(canvas.id, 'update'), { update: tooMany });
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toEqual({ update: ['A canvas holds at most 2000 models.'] });
    // Presence must be the sender's own.
    const awareness = new Awareness(new Y.Doc());
    awareness.setLocalState({
      person: { id: w.users.member.id, name: 'Dana', color: '#000' },
      selection: [],
    });
    const someoneElse = encodeBinary(encodeAwarenessUpdate(awareness, [awareness.clientID]));
    const res = await staff.post(live(canvas.id, 'awareness'), { update: someoneElse });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ update: [LIVE_MESSAGES.notPresence] });
    awareness.destroy();

    const fresh = await editor(canvas.id);
    expect(titles(fresh.diagram())).toEqual(['Model 0', 'Model 1', 'Model 2']);
  });
});

describe('two instances', () => {
  it('share a canvas: changes and presence cross, and presence leaves with its editor', async () => {
    const second = await startSecondInstance(t);
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const canvas = await createCanvas();
      const ana = await editor(canvas.id, 1717);
      // Ana is here before the second instance has any editor of the canvas.
      const anaDoc = new Y.Doc();
      anaDoc.clientID = 1717;
      const anaPresence = new Awareness(anaDoc);
      anaPresence.setLocalState({
        person: { id: w.users.staff.id, name: 'Lee Park', color: '#b45309' },
        selection: [],
      });
      const anaHere = await w.as('staff').post(live(canvas.id, 'awareness'), {
        update: encodeBinary(encodeAwarenessUpdate(anaPresence, [1717])),
      });
      expect(anaHere.statusCode).toBe(204);
      await vi.waitFor(
        () => expect(ana.events.some((e) => e.event === 'awareness')).toBe(true),
        2_000,
      );
      const ben = await openEditor(otherBase, canvas.id, w.tokens.staff!, 4242);
      // Ben, on the second instance, learns that Ana is here.
      await vi.waitFor(() => expect(presentFor(ben).has(1717)).toBe(true), 2_000);
      anaPresence.destroy();

      // Ana's change, taken by the first instance, reaches Ben on the second.
      const update = change(ana, renamed('model-1', 'Shipment'));
      await w.as('staff').post(live(canvas.id, 'update'), { update });
      await vi.waitFor(() => expect(titles(ben.diagram())[1]).toBe('Shipment'), 2_000);

      // Ben's change, taken by the second instance; a save on the first has both (its copy of
      // the document catches up from the log), and folds the log into the stored state.
      const fromBen = change(ben, renamed('model-2', 'Carrier'));
      /** A live call as staff, to the second instance. */
      const toSecond = (action: string, update: string) =>
        second.app.inject({
          method: 'POST',
          url: live(canvas.id, action),
          headers: { authorization: `Token ${w.tokens.staff}` },
          payload: { update },
        });
      const taken = await toSecond('update', fromBen);
      expect(taken.statusCode).toBe(200);
      expect((await w.as('staff').post(live(canvas.id, 'save'), {})).statusCode).toBe(200);
      expect(titles((await storedDiagram(canvas.id)).diagram)).toEqual([
        'Model 0',
        'Shipment',
        'Carrier',
      ]);
      expect(
        await t.db
          .select()
          .from(canvasLiveUpdates)
          .where(eq(canvasLiveUpdates.canvasId, canvas.id)),
      ).toEqual([]);

      // Ben's presence, sent to his instance, reaches Ana; when his stream ends, it leaves.
      const own = new Y.Doc();
      own.clientID = 4242;
      const awareness = new Awareness(own);
      awareness.setLocalState({
        person: { id: w.users.staff.id, name: 'Lee Park', color: '#0ea5e9' },
        selection: ['model-1'],
      });
      const presence = encodeBinary(encodeAwarenessUpdate(awareness, [4242]));
      const sent = await toSecond('awareness', presence);
      expect(sent.statusCode).toBe(204);
      await vi.waitFor(() => expect(presentFor(ana).has(4242)).toBe(true), 2_000);
      await ben.close();
      await vi.waitFor(() => expect(presentFor(ana).has(4242)).toBe(false), 3_000);
      awareness.destroy();
    } finally {
      await second.close();
    }
  });
});
