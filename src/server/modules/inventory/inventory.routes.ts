import type { FastifyInstance } from 'fastify';

export async function inventoryRoutes(root: FastifyInstance) {
  void root;
}
