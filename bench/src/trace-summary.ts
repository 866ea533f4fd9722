import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

/**
 * Sums a Chromium trace (`{name}.trace.json` of `BENCH_PROFILE_DIR`) by thread and by event:
 * `npx tsx bench/src/trace-summary.ts /tmp/prof/canvas-pan.trace.json [top]`. Times are thread
 * CPU time (`tdur`) where the trace has it — what the shared machine's load disturbs least, as
 * a frame time is wall time — and each event counts its self time, without the events nested
 * in it, so the rows add up to the thread's busy time.
 */

type TraceEvent = {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

type Totals = { wall: number; cpu: number; count: number };

const add = (map: Map<string, Totals>, key: string, wall: number, cpu: number) => {
  const totals = map.get(key) ?? { wall: 0, cpu: 0, count: 0 };
  totals.wall += wall;
  totals.cpu += cpu;
  totals.count += 1;
  map.set(key, totals);
};

export const summariseTrace = (events: TraceEvent[], top = 12) => {
  const threadNames = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name)
      threadNames.set(`${event.pid}:${event.tid}`, event.args.name);

  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }

  const lines: string[] = [];
  const rows = [...byThread].map(([key, list]) => {
    // Self times: an event's time less the time of the events directly inside it.
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const self = new Map<string, Totals>();
    const stack: { event: TraceEvent; childWall: number; childCpu: number }[] = [];
    let busyWall = 0;
    let busyCpu = 0;
    const close = () => {
      const done = stack.pop()!;
      const wall = done.event.dur ?? 0;
      const cpu = done.event.tdur ?? wall;
      add(self, done.event.name, wall - done.childWall, cpu - done.childCpu);
      const parent = stack.at(-1);
      if (parent) {
        parent.childWall += wall;
        parent.childCpu += cpu;
      } else {
        busyWall += wall;
        busyCpu += cpu;
      }
    };
    for (const event of list) {
      while (stack.length > 0) {
        const open = stack.at(-1)!.event;
        if (event.ts >= open.ts + (open.dur ?? 0)) close();
        else break;
      }
      stack.push({ event, childWall: 0, childCpu: 0 });
    }
    while (stack.length > 0) close();
    return { name: threadNames.get(key) ?? key, busyWall, busyCpu, self };
  });
  rows.sort((a, b) => b.busyCpu - a.busyCpu);
  for (const row of rows) {
    if (row.busyCpu < 1000) continue;
    lines.push(
      `${row.name}: busy ${(row.busyWall / 1000).toFixed(0)} ms wall, ${(row.busyCpu / 1000).toFixed(0)} ms CPU`,
    );
    const events = [...row.self].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, top);
    for (const [name, totals] of events)
      lines.push(
        `  ${name.padEnd(44)} ${(totals.cpu / 1000).toFixed(1).padStart(8)} ms CPU ${(totals.wall / 1000).toFixed(1).padStart(8)} ms wall ×${totals.count}`,
      );
  }
  return lines.join('\n');
};

/**
 * The renderer main thread's top-level tasks by their own CPU time: how many took over `overMs`
 * and the longest. A frame whose task needs more CPU than the budget is over it on any machine;
 * one that is over only in wall time waited for a core (the machine's load).
 */
export const mainThreadTasks = (events: TraceEvent[], overMs: number) => {
  const main = new Set<string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      main.add(`${event.pid}:${event.tid}`);
  const tasks = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts);
  const cpu: number[] = [];
  const ends = new Map<string, number>();
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    if (task.ts < (ends.get(thread) ?? -1)) continue;
    ends.set(thread, task.ts + (task.dur ?? 0));
    cpu.push((task.tdur ?? task.dur ?? 0) / 1000);
  }
  return { over: cpu.filter((ms) => ms > overMs).length, longest: Math.max(0, ...cpu) };
};

/** The events of a trace file as `browser.stopTracing()` writes it. */
export const readTrace = async (path: string) => {
  const parsed = JSON.parse(await readFile(path, 'utf8')) as
    TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
};

// Run as a script (not imported by a bench part): sum the trace named on the command line.
const file = process.argv[2];
if (file && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const events = await readTrace(file);
  console.log(summariseTrace(events, Number(process.argv[3] ?? 12)));
  const { over, longest } = mainThreadTasks(events, 50);
  console.log(
    `renderer main thread: ${over} tasks over 50 ms of CPU, the longest ${longest.toFixed(0)} ms`,
  );
}
