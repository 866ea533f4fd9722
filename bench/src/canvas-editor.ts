import path from 'node:path';
import type { Page } from 'playwright-core';
import { MODEL_FIELD_TYPES, RELATION_TYPES, type ModelField } from '@portal/contract/canvas';
import {
  connect,
  setRelationRequired,
  setRelationType,
  toCanvasData,
  type Diagram,
} from '../../apps/web/src/features/modeling/lib/canvas-rules';
import * as Y from 'yjs';
import {
  decodeBinary,
  encodeBinary,
  liveModels,
  liveStateEventSchema,
} from '@portal/contract/canvas-live';
import {
  FRAME_SAMPLER,
  cpuProfiler,
  launchChromium,
  mainThreadUse,
  percentile,
  timelineTracer,
  type MainThreadUse,
} from './browser';
import { BENCH_ADMIN, startPortal } from './processes';

/**
 * The canvas editor in Chromium (DESIGN §6: with 300 models and 600 relations the p95 frame time
 * stays ≤ 16.7 ms while panning and while dragging a model). The bench saves such a canvas
 * through the API, opens the editor, and reports the time from navigation until every model and
 * edge is drawn, then the frame times (requestAnimationFrame deltas) while the mouse pans the
 * pane and while it drags a model.
 */

const MODELS = 300;
const RELATIONS = 600;
const COLUMNS = 20;
const TARGET_MS = 16.7;
/** requestAnimationFrame deltas of a 60 Hz display jitter around 16.67 ms. */
const JITTER_MS = 0.5;

/** A deterministic generator, so every run draws the same diagram. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_664_525 + 1_013_904_223) % 2 ** 32;
  return seed / 2 ** 32;
};

const NAMES = ['id', 'name', 'email', 'created_at', 'status', 'total', 'tags', 'notes', 'owner'];

/** 300 models on a grid, each joined to its right and lower neighbours and a few far ones. */
export const benchDiagram = (): Diagram => {
  const random = seeded(42);
  let diagram: Diagram = {
    nodes: Array.from({ length: MODELS }, (_, i) => ({
      id: `m${i}`,
      type: 'model' as const,
      position: { x: (i % COLUMNS) * 420, y: Math.floor(i / COLUMNS) * 340 },
      data: {
        title: `Model ${i + 1}`,
        fields: Array.from({ length: 3 + (i % 4) }, (_, f): ModelField => ({
          label: NAMES[(i + f) % NAMES.length]!,
          type: MODEL_FIELD_TYPES[(i * 7 + f) % MODEL_FIELD_TYPES.length]!,
          required: (i + f) % 3 === 0,
        })),
        relations: [],
      },
    })),
    edges: [],
  };
  const join = (a: number, b: number) => {
    if (b >= MODELS || a === b) return;
    const next = connect(diagram, `m${a}`, `m${b}`, {}, `e${diagram.edges.length}`);
    if (next === diagram) return;
    const index = next.nodes[a]!.data.relations.length - 1;
    diagram = setRelationType(next, `m${a}`, index, RELATION_TYPES[(a + b) % 4]!);
    diagram = setRelationRequired(diagram, `m${a}`, index, random() < 0.7);
  };
  for (let i = 0; i < MODELS && diagram.edges.length < RELATIONS; i++) {
    if (i % COLUMNS !== COLUMNS - 1) join(i, i + 1);
    join(i, i + COLUMNS);
  }
  while (diagram.edges.length < RELATIONS)
    join(Math.floor(random() * MODELS), Math.floor(random() * MODELS));
  return diagram;
};

const api = async (url: string, token: string | null, method: string, body?: unknown) => {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
};

/** The bench's canvas (benchDiagram) saved through the API under a client of its own. */
export const seedCanvas = async (url: string, token: string) => {
  const client = await api(`${url}/api/clients/`, token, 'POST', { name: 'Bench Canvas Client' });
  const diagram = benchDiagram();
  const data = JSON.stringify(toCanvasData(diagram, { x: 40, y: 80, zoom: 0.75 }));
  const canvas = await api(`${url}/api/canvas/`, token, 'POST', {
    name: 'Bench canvas',
    client_id: client.id,
    data,
  });
  return { canvas, diagram, data };
};

/** A point of the empty pane near the view's centre, to start a pan where no model is. */
const FIND_PANE_POINT = `(() => {
  const pane = document.querySelector('.react-flow__pane').getBoundingClientRect();
  const cx = pane.left + pane.width / 2, cy = pane.top + pane.height / 2;
  for (let r = 0; r < 400; r += 8)
    for (let a = 0; a < 360; a += 30) {
      const x = cx + r * Math.cos(a * Math.PI / 180), y = cy + r * Math.sin(a * Math.PI / 180);
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.classList.contains('react-flow__pane')) return { x, y };
    }
  return null;
})()`;

/** The header of the model box nearest the view's centre: where a person grabs a model. */
const FIND_MODEL_HEADER = `(() => {
  const pane = document.querySelector('.react-flow__pane').getBoundingClientRect();
  const cx = pane.left + pane.width / 2, cy = pane.top + pane.height / 2;
  let best = null;
  for (const header of document.querySelectorAll('.react-flow__node-model header')) {
    const box = header.getBoundingClientRect();
    const d = Math.hypot(box.left + 30 - cx, box.top + box.height / 2 - cy);
    const id = header.closest('.react-flow__node').dataset.id;
    if (!best || d < best.d) best = { x: box.left + 30, y: box.top + box.height / 2, d, id };
  }
  return best;
})()`;

const VIEWPORT_TRANSFORM = `document.querySelector('.react-flow__viewport').style.transform`;

/** How often the second person's changes are sent while the first pans (a drag sends ~12/s). */
const SECOND_EDITOR_MS = 100;

/**
 * A second person in the editor (issue 29): the canvas's live document read from its stream, then
 * `ids` moved a little every SECOND_EDITOR_MS, each change sent as the editor sends it. Answers
 * how to stop, with the time each change took to be answered.
 */
const secondEditor = async (url: string, token: string, canvasId: number, ids: string[]) => {
  const controller = new AbortController();
  const stream = await fetch(`${url}/api/canvas/${canvasId}/live/stream/`, {
    headers: { authorization: `Token ${token}` },
    signal: controller.signal,
  });
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let match: RegExpExecArray | null;
  while (!(match = /event: state\ndata: (.*)\n\n/.exec(text))) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the live stream ended before its state');
    text += decoder.decode(value);
  }
  const doc = new Y.Doc();
  Y.applyUpdate(doc, decodeBinary(liveStateEventSchema.parse(JSON.parse(match[1]!)).state));
  const answered: number[] = [];
  let step = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const before = Y.encodeStateVector(doc);
      step++;
      for (const id of ids) {
        const model = liveModels(doc).get(id);
        const at = model?.get('position') as { x: number; y: number } | undefined;
        if (model && at) model.set('position', { x: at.x + 8, y: at.y + (step % 2 ? 4 : -4) });
      }
      const update = encodeBinary(Y.encodeStateAsUpdate(doc, before));
      const started = performance.now();
      await api(`${url}/api/canvas/${canvasId}/live/update/`, token, 'POST', { update });
      answered.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, SECOND_EDITOR_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    controller.abort();
    doc.destroy();
    return answered;
  };
};

/** The ids of the models drawn now. */
const DRAWN_MODEL_IDS = `[...document.querySelectorAll('.react-flow__node-model')].map((node) => node.closest('.react-flow__node').dataset.id)`;

/**
 * The frame times of one gesture; with `BENCH_PROFILE_DIR`, also its CPU profile and timeline
 * trace as `{name}.cpuprofile` and `{name}.trace.json` (the frames of a profiled run are slower).
 */
const sampleFrames = async (page: Page, name: string, gesture: () => Promise<void>) => {
  const trace = await timelineTracer(page, name);
  const profile = await cpuProfiler(page, name);
  await page.evaluate('globalThis.__frames = []');
  const use = await mainThreadUse(page);
  await gesture();
  // Let the last frame of the gesture land.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  const thread = await use.stop();
  const frames = (await page.evaluate('globalThis.__frames.slice(1)')) as number[];
  await profile.stop();
  await trace.stop();
  return { frames, thread };
};

const report = (label: string, { frames, thread }: { frames: number[]; thread: MainThreadUse }) => {
  const p95 = percentile(frames, 95);
  const max = Math.max(0, ...frames);
  const verdict = p95 <= TARGET_MS + JITTER_MS ? 'met' : 'over';
  const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
  console.log(
    `  ${label.padEnd(44)} ${String(frames.length).padStart(5)} frames, p95 ${p95.toFixed(1).padStart(5)} ms, max ${max.toFixed(1).padStart(6)} ms  (target p95 ≤ ${TARGET_MS} ms, ${verdict}); main thread busy ${percent(thread.busy)} (script ${percent(thread.script)})`,
  );
};

export const benchCanvasEditor = async () => {
  const portal = await startPortal();
  const browser = await launchChromium();
  try {
    const { token } = (await api(`${portal.url}/api/token-auth/`, null, 'POST', {
      username: BENCH_ADMIN.email,
      password: BENCH_ADMIN.password,
    })) as { token: string };
    const { canvas, diagram, data } = await seedCanvas(portal.url, token);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${portal.url}/login`);
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    await page.addInitScript(FRAME_SAMPLER);
    const loadProfile = await cpuProfiler(page, 'canvas-load');
    const loadTrace = await timelineTracer(page, 'canvas-load');
    await page.goto(`${portal.url}/experimental/modeling/${String(canvas.id)}`);
    // The editor draws only the models in view (onlyRenderVisibleElements): loaded means those
    // are drawn and measured. A function here — a string would need eval, which the portal's CSP
    // forbids — with no inner named functions, which tsx would wrap in helpers the page lacks.
    const drawnAt = await page.waitForFunction(
      () =>
        document.querySelectorAll('.react-flow__node-model').length > 0 &&
        document.querySelectorAll('.react-flow__edge').length > 0 &&
        !document.querySelector('.react-flow__node[style*="visibility: hidden"]') &&
        performance.now(),
      undefined,
      { timeout: 120_000, polling: 'raf' },
    );
    const loadMs = Number(await drawnAt.jsonValue());
    await loadProfile.stop();
    await loadTrace.stop();
    // Settle: fonts, the minimap, the first measurements.
    await page.waitForTimeout(500);

    const pane = (await page.evaluate(FIND_PANE_POINT)) as { x: number; y: number } | null;
    if (!pane) throw new Error('no empty spot of the pane to start a pan from');
    const viewportBefore = await page.evaluate(VIEWPORT_TRANSFORM);
    const panning = await sampleFrames(page, 'canvas-pan', async () => {
      await page.mouse.move(pane.x, pane.y);
      await page.mouse.down();
      for (let i = 1; i <= 90; i++)
        await page.mouse.move(pane.x - i * 6, pane.y - Math.sin(i / 12) * 120, { steps: 1 });
      await page.mouse.up();
    });

    // The frames mean something only if the gesture did what it says.
    if ((await page.evaluate(VIEWPORT_TRANSFORM)) === viewportBefore)
      throw new Error('the pan did not move the view');
    // What the pan brought into view, to look at: models drawn as they come (not measured before).
    const shots = process.env.BENCH_PROFILE_DIR;
    if (shots) await page.screenshot({ path: path.join(shots, 'canvas-after-pan.png') });

    const header = (await page.evaluate(FIND_MODEL_HEADER)) as {
      x: number;
      y: number;
      id: string;
    } | null;
    if (!header) throw new Error('no model on screen to drag');
    const nodeTransform = `document.querySelector('.react-flow__node[data-id="${header.id}"]').style.transform`;
    const nodeBefore = await page.evaluate(nodeTransform);
    const dragging = await sampleFrames(page, 'canvas-drag', async () => {
      await page.mouse.move(header.x, header.y);
      await page.mouse.down();
      for (let i = 1; i <= 90; i++)
        await page.mouse.move(header.x + i * 4, header.y + Math.sin(i / 10) * 100, { steps: 1 });
      await page.mouse.up();
    });
    if ((await page.evaluate(nodeTransform)) === nodeBefore)
      throw new Error('the drag did not move the model');

    // The pan again, while a second person moves three of the models in view.
    const inView = ((await page.evaluate(DRAWN_MODEL_IDS)) as string[]).slice(0, 3);
    const watched = `document.querySelector('.react-flow__node[data-id="${inView[0]}"]').style.transform`;
    const watchedBefore = await page.evaluate(watched);
    const stopSecond = await secondEditor(portal.url, token, Number(canvas.id), inView);
    const panPoint = (await page.evaluate(FIND_PANE_POINT)) as { x: number; y: number } | null;
    if (!panPoint) throw new Error('no empty spot of the pane to start a pan from');
    const together = await sampleFrames(page, 'canvas-pan-together', async () => {
      await page.mouse.move(panPoint.x, panPoint.y);
      await page.mouse.down();
      for (let i = 1; i <= 90; i++)
        await page.mouse.move(panPoint.x + i * 3, panPoint.y + Math.sin(i / 12) * 60, {
          steps: 1,
        });
      await page.mouse.up();
    });
    const answers = await stopSecond();
    if ((await page.evaluate(watched)) === watchedBefore)
      throw new Error("the second person's changes never reached the editor");
    const tokenChecks: number[] = [];
    for (let i = 0; i < answers.length; i++) {
      const started = performance.now();
      await api(`${portal.url}/api/users/auth/`, token, 'GET');
      tokenChecks.push(performance.now() - started);
    }

    const sizeKb = (new TextEncoder().encode(data).length / 1024).toFixed(0);
    console.log(
      `\nCanvas editor in Chromium (${MODELS} models, ${diagram.edges.length} relations, ${sizeKb} KB of data, 1440×900)`,
    );
    console.log(
      `  load (navigation → the models in view drawn)     ${loadMs.toFixed(0).padStart(6)} ms`,
    );
    report('frames while panning the pane', panning);
    report('frames while dragging a model', dragging);
    report('frames while panning, another person editing', together);
    console.log(
      `  the other person's ${answers.length} changes answered in: median ${percentile(answers, 50).toFixed(1)} ms, p95 ${percentile(answers, 95).toFixed(1)} ms (a token check, one at a time: median ${percentile(tokenChecks, 50).toFixed(1)} ms)`,
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
};
