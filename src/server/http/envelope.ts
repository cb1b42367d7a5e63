import type { FastifyRequest } from 'fastify';
import { translate, type MsgKey } from './messages.ts';

/** The JSON envelope of every API response (docs/architecture.md: code 200 success, -1 session gone). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(req: FastifyRequest, data: T, msgKey: MsgKey = 'ok'): Envelope<T> {
  return { code: 200, msg: translate(msgKey, req.lang), data };
}
