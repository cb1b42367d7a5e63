import type { FastifyInstance } from 'fastify';

export async function sellingRoutes(root: FastifyInstance) {
  void root;
}
