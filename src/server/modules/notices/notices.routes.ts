import type { FastifyInstance } from 'fastify';

export async function noticeRoutes(root: FastifyInstance) {
  void root;
}
