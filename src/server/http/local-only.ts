import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether the caller is on this machine: the operations endpoints (`/metrics` without its token, the
 * backup) answer no one else. The socket's address, never a forwarded header: behind a proxy on the
 * same machine, configure the proxy not to pass these paths (docs/operations.md).
 */
export function isLocalCaller(req: FastifyRequest): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? '');
}
