import { formatFileSize } from '@portal/contract/format';
import { CANVAS_IMPORT_LIMITS, type CanvasImportResponse } from '@portal/contract/canvas-import';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * Where a syntax error the import answered is (`Syntax error at line L, column C: …`, decision
 * 0053), or null for any other message.
 */
export const syntaxErrorPosition = (message: string): { line: number; column: number } | null => {
  const found = /^Syntax error at line (\d+), column (\d+)/.exec(message);
  return found ? { line: Number(found[1]), column: Number(found[2]) } : null;
};

/** The index in `text` of a 1-based line and column, clamped to the text. */
export const textOffset = (text: string, line: number, column: number) => {
  let start = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return text.length;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  const lineEnd = end === -1 ? text.length : end;
  return Math.min(start + Math.max(column - 1, 0), lineEnd);
};

/** Why a picked file is not read, or null: the server takes at most 2 MB of SQL. */
export const sqlFileProblem = (file: { name: string; size: number }) =>
  file.size > CANVAS_IMPORT_LIMITS.sqlBytes
    ? `${file.name} is ${formatFileSize(file.size)}; a script of at most ${formatFileSize(CANVAS_IMPORT_LIMITS.sqlBytes)} can be imported.`
    : null;

/** "3 tables imported", the summary's first line. */
export const importTitle = ({ created, updated }: CanvasImportResponse) =>
  `${plural(created.length + updated.length, 'table')} imported`;

/** "3 tables imported — 2 added, 1 updated": the toast. */
export const importHeadline = (answer: CanvasImportResponse) =>
  `${importTitle(answer)} — ${answer.created.length} added, ${answer.updated.length} updated`;

/** "2 added, 1 updated · 2 relations · 5 statements skipped · 1 note": the summary's second. */
export const importDetails = ({
  created,
  updated,
  relations,
  skipped,
  notes,
}: CanvasImportResponse) =>
  [
    `${created.length} added, ${updated.length} updated`,
    plural(relations, 'relation'),
    `${plural(skipped.length, 'statement')} skipped`,
    notes.length > 0 && plural(notes.length, 'note'),
  ]
    .filter(Boolean)
    .join(' · ');

type Placed = {
  position: { x: number; y: number };
  data: { fields: unknown[]; relations: unknown[] };
};

/** A model box's size in view mode, rounded up like the import's layout estimates it. */
const boxSize = ({ data }: Placed) => ({
  width: 256,
  height: 128 + 22 * Math.max(1, data.fields.length) + 22 * Math.max(1, data.relations.length),
});

/**
 * The view onto models just imported: their top-left corner near the top left of the screen, at
 * the zoom that shows them all but never closer than 1 nor further than the editor's 0.5 (a
 * large schema is then read by panning). Null when there is nothing to show.
 */
export const viewportOnto = (
  nodes: readonly Placed[],
  screen: { width: number; height: number },
  margin = { left: 40, top: 88 },
) => {
  if (nodes.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    const { width, height } = boxSize(node);
    minX = Math.min(minX, node.position.x);
    minY = Math.min(minY, node.position.y);
    maxX = Math.max(maxX, node.position.x + width);
    maxY = Math.max(maxY, node.position.y + height);
  }
  const zoom = Math.min(
    1,
    Math.max(
      0.5,
      Math.min(
        (screen.width - 2 * margin.left) / (maxX - minX),
        (screen.height - margin.top - margin.left) / (maxY - minY),
      ),
    ),
  );
  return { x: margin.left - minX * zoom, y: margin.top - minY * zoom, zoom };
};
