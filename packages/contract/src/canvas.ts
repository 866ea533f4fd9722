import { z } from 'zod';
import { paginated } from './common';
import { FIELD_MESSAGES, integerField, pkField, requestBody, textField } from './fields';

/**
 * DB modeling canvases (spec §2 "Modeling", §3 Canvas / Model node / Model field / Model relation /
 * Relation edge, §4 "Canvas editor", DESIGN §3). Staff only. A canvas stores its diagram as a JSON
 * *string* (`data`), as the spec's calls send it; the server parses and validates it on every
 * write with `parseCanvasData`, and the web app uses the same function to read it.
 */

/** The spec's 14 attribute types: the value stored, and the label a person reads. */
export const MODEL_FIELD_TYPES = [
  'string',
  'string[]',
  'uuid',
  'int',
  'int[]',
  'float',
  'float[]',
  'boolean',
  'boolean[]',
  'date',
  'date[]',
  'object',
  'object[]',
  'json',
] as const;
export type ModelFieldType = (typeof MODEL_FIELD_TYPES)[number];
export const MODEL_FIELD_TYPE_LABELS: Record<ModelFieldType, string> = {
  string: 'string',
  'string[]': 'string array',
  uuid: 'uuid',
  int: 'int',
  'int[]': 'int array',
  float: 'float',
  'float[]': 'float array',
  boolean: 'boolean',
  'boolean[]': 'boolean array',
  date: 'date',
  'date[]': 'date array',
  object: 'object',
  'object[]': 'object array',
  json: 'json',
};

export const RELATION_TYPES = ['OneToOne', 'OneToMany', 'ManyToOne', 'ManyToMany'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Which end of the relation's edge this model sits on. */
export const RELATION_SIDES = ['source', 'target'] as const;
export type RelationSide = (typeof RELATION_SIDES)[number];

/** Edge end labels (spec §4): 'one' side 1 / 0...1, 'many' side 1...* / 0...*. */
export const EDGE_LABELS = ['1', '0...1', '1...*', '0...*'] as const;
export type EdgeLabel = (typeof EDGE_LABELS)[number];

/**
 * The label at a model's end of an edge, from that model's own relation (decision 0013): a 'one'
 * end is 1 or 0...1, a 'many' end 1...* or 0...*, after Required.
 */
export const endLabel = ({
  type,
  required,
}: {
  type: RelationType;
  required: boolean;
}): EdgeLabel =>
  type.startsWith('One') ? (required ? '1' : '0...1') : required ? '1...*' : '0...*';

export const MODEL_NODE_TYPE = 'model';
export const RELATION_EDGE_TYPE = 'labeled';

export const CANVAS_LIMITS = {
  name: 255,
  /** Bytes of the `data` string, UTF-8. */
  dataBytes: 2 * 1024 * 1024,
  /** Generous bounds that keep one canvas renderable; the bench uses 300 / 600. */
  nodes: 2_000,
  edges: 5_000,
  title: 255,
  label: 255,
  fieldsPerModel: 500,
  relationsPerModel: 500,
} as const;
const L = CANVAS_LIMITS;

const finite = z.number().finite();
const id = z.string().min(1).max(255);

export const modelFieldSchema = z.object({
  /** The attribute's name; empty only while being edited (done drops empty ones). */
  label: z.string().max(L.label),
  type: z.enum(MODEL_FIELD_TYPES),
  required: z.boolean(),
});
export type ModelField = z.infer<typeof modelFieldSchema>;

export const modelRelationSchema = z.object({
  /** Target node id; null while a relation being edited has no target yet ('Connect a model...'). */
  to: id.nullable(),
  sourceOrTarget: z.enum(RELATION_SIDES),
  type: z.enum(RELATION_TYPES),
  required: z.boolean(),
});
export type ModelRelation = z.infer<typeof modelRelationSchema>;

export const modelNodeDataSchema = z.object({
  title: z.string().max(L.title),
  fields: z.array(modelFieldSchema).max(L.fieldsPerModel),
  relations: z.array(modelRelationSchema).max(L.relationsPerModel),
});
export type ModelNodeData = z.infer<typeof modelNodeDataSchema>;

/**
 * A model box. Loose at the top level: React Flow keeps its own keys on nodes (`measured`,
 * `selected`, ...) and a save must not fail because of them; what the product reads is checked.
 */
export const modelNodeSchema = z.looseObject({
  id,
  type: z.literal(MODEL_NODE_TYPE),
  position: z.object({ x: finite, y: finite }),
  data: modelNodeDataSchema,
});
export type ModelNode = z.infer<typeof modelNodeSchema>;

export const relationEdgeSchema = z.looseObject({
  id,
  source: id,
  target: id,
  sourceHandle: z.string().max(255).nullish(),
  targetHandle: z.string().max(255).nullish(),
  type: z.literal(RELATION_EDGE_TYPE),
  data: z.object({ startLabel: z.enum(EDGE_LABELS), endLabel: z.enum(EDGE_LABELS) }),
});
export type RelationEdge = z.infer<typeof relationEdgeSchema>;

export const viewportSchema = z.object({ x: finite, y: finite, zoom: finite.positive() });
export type Viewport = z.infer<typeof viewportSchema>;

/** The diagram: ids unique, every edge and relation pointing at a model that exists. */
export const canvasDataSchema = z
  .object({
    nodes: z.array(modelNodeSchema).max(L.nodes),
    edges: z.array(relationEdgeSchema).max(L.edges),
    viewport: viewportSchema,
  })
  .superRefine((canvas, ctx) => {
    const nodeIds = new Set<string>();
    canvas.nodes.forEach((node, index) => {
      if (nodeIds.has(node.id))
        ctx.addIssue({
          code: 'custom',
          path: ['nodes', index, 'id'],
          message: `Duplicate node id "${node.id}".`,
        });
      nodeIds.add(node.id);
    });
    canvas.nodes.forEach((node, index) =>
      node.data.relations.forEach((relation, r) => {
        if (relation.to === null) return;
        const path = ['nodes', index, 'data', 'relations', r, 'to'];
        if (!nodeIds.has(relation.to))
          ctx.addIssue({ code: 'custom', path, message: `Unknown node id "${relation.to}".` });
        else if (relation.to === node.id)
          ctx.addIssue({
            code: 'custom',
            path,
            message: 'A relation must point to another model.',
          });
      }),
    );
    const edgeIds = new Set<string>();
    canvas.edges.forEach((edge, index) => {
      if (edgeIds.has(edge.id))
        ctx.addIssue({
          code: 'custom',
          path: ['edges', index, 'id'],
          message: `Duplicate edge id "${edge.id}".`,
        });
      edgeIds.add(edge.id);
      for (const end of ['source', 'target'] as const)
        if (!nodeIds.has(edge[end]))
          ctx.addIssue({
            code: 'custom',
            path: ['edges', index, end],
            message: `Unknown node id "${edge[end]}".`,
          });
    });
  });
export type CanvasData = z.infer<typeof canvasDataSchema>;

export const emptyCanvasData = (): CanvasData => ({
  nodes: [],
  edges: [],
  viewport: { x: 0, y: 0, zoom: 1 },
});

export type CanvasDataResult = { ok: true; data: CanvasData } | { ok: false; errors: string[] };

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * UTF-8 length as it is stored, without TextEncoder/Buffer, so the contract needs neither DOM nor
 * Node types. A surrogate pair is 4 bytes; a lone surrogate is written as U+FFFD, 3 bytes.
 */
export const utf8ByteLength = (text: string) => {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
};

/**
 * Reads a stored or submitted `data` string. '' is a new, empty canvas. Errors name where the
 * problem is (`nodes.3.data.fields.0.type: Invalid option ...`), at most 10 of them.
 */
export const parseCanvasData = (text: string): CanvasDataResult => {
  if (text === '') return { ok: true, data: emptyCanvasData() };
  if (text.length > L.dataBytes || utf8ByteLength(text) > L.dataBytes)
    return {
      ok: false,
      errors: [`Ensure the canvas data is at most ${L.dataBytes / 1024 / 1024} MB.`],
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      errors: [`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const result = canvasDataSchema.safeParse(json);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    errors: result.error.issues
      .slice(0, 10)
      .map((issue) =>
        issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      ),
  };
};

// The resource.

/** `GET /api/canvas/{id}/` and each list entry; `data` as stored (a JSON string, '' when new). */
export const canvasSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  data: z.string(),
  /** Bumped by every write; send it back with an update to be told about a newer save (409). */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Canvas = z.infer<typeof canvasSchema>;

/** List entries leave the (possibly 2 MB) diagram out. */
export const canvasSummarySchema = canvasSchema.omit({ data: true });
export type CanvasSummary = z.infer<typeof canvasSummarySchema>;
export const canvasListSchema = paginated(canvasSummarySchema);

/** `POST /api/canvas/` `{name, data: "", client_id}`; answers the canvas (with its `id`). */
export const canvasCreateRequestSchema = requestBody({
  name: textField(L.name),
  client_id: pkField(),
  /** The spec sends ''; a diagram may be given too. Checked by `parseCanvasData`. */
  data: z.string({ error: FIELD_MESSAGES.notAString }).optional(),
});
export type CanvasCreateRequest = z.infer<typeof canvasCreateRequestSchema>;

/**
 * `PUT`/`PATCH /api/canvas/{id}/` `{data, name?, version?}`. With `version` (or an `If-Match`
 * header of the same value) a save over a newer one answers 409 `canvasConflictSchema`.
 */
export const canvasUpdateRequestSchema = requestBody({
  name: textField(L.name).optional(),
  data: z.string({ error: FIELD_MESSAGES.notAString }).optional(),
  version: integerField({ min: 0, max: 2_147_483_647 }).optional(),
});
export type CanvasUpdateRequest = z.infer<typeof canvasUpdateRequestSchema>;

export const CANVAS_CONFLICT_MESSAGE =
  'This canvas was saved by someone else since you opened it. Reload it to see their changes.';

/** 409: the canvas has moved on; `version` is the current one. */
export const canvasConflictSchema = z.object({
  detail: z.string(),
  version: z.number().int(),
});
export type CanvasConflict = z.infer<typeof canvasConflictSchema>;
