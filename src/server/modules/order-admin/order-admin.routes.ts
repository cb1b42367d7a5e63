import type { FastifyInstance } from 'fastify';

export async function orderAdminRoutes(root: FastifyInstance) {
  void root;
}
