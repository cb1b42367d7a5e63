import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './envelope.ts';

/**
 * Answers `data` to a public read of the mini-program (no login): cacheable for `maxAge` seconds,
 * with a strong ETag of its JSON; 304 without a body when If-None-Match already names it. The
 * language is part of the envelope's `msg`, so it varies. Used by every `/api/public` read.
 */
export function cachedAnswer<T>(req: FastifyRequest, reply: FastifyReply, data: T, maxAge = 60) {
  const body = ok(req, data);
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply
    .header('cache-control', `public, max-age=${maxAge}`)
    .header('etag', etag)
    .header('vary', 'Accept-Language');
  const sent = req.headers['if-none-match'];
  if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return body;
}
