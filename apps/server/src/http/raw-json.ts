import type { FastifyReply } from 'fastify';
import type { CursorPaginated, Paginated } from '@portal/contract/common';

/**
 * A response body already written in the wire shape by the query that read it (PostgreSQL's own
 * JSON, decision 0024): sent untouched, without a parse, a zod pass and a JSON.stringify in
 * Node. Only for answers whose shape the query itself guarantees; tests parse them against the
 * route's response schema so the shape stays proven.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Sends `value`: raw JSON text as is, anything else through the route's serializer. */
export const sendAnswer = (reply: FastifyReply, value: unknown) =>
  value instanceof RawJson
    ? reply.type('application/json; charset=utf-8').send(value.text)
    : reply.send(value);

/** Whether a page's rows are wire text (see `rawPage`); an empty page goes through the schema. */
export const isRawJsonList = (rows: readonly unknown[]): rows is RawJson[] =>
  rows[0] instanceof RawJson;

/**
 * A page whose entries are already wire text (the lead list, decision 0032): the envelope as
 * `JSON.stringify` writes it (`count`, `next`, `previous`, the serializer's order), then the
 * entries joined as they are.
 */
export const rawPage = ({
  results,
  ...envelope
}: Paginated<RawJson> | CursorPaginated<RawJson>): RawJson => {
  const head = JSON.stringify(envelope);
  return new RawJson(`${head.slice(0, -1)},"results":[${results.map((r) => r.text).join(',')}]}`);
};
