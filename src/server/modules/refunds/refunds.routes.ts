import type { FastifyInstance } from 'fastify';

export async function refundRoutes(root: FastifyInstance) {
  void root;
}
