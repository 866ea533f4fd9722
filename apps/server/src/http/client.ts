import type { FastifyRequest } from 'fastify';

/** Who is on the other end of a request, as a session remembers it (issue 27). */
export type RequestClient = { ip: string; userAgent: string };

export const clientOf = (request: FastifyRequest): RequestClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
