import type { FastifyInstance } from 'fastify';

export async function productRoutes(root: FastifyInstance) {
  void root;
}
