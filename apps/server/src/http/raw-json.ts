import type { FastifyReply } from 'fastify';

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
