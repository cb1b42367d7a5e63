import type { FastifyInstance } from 'fastify';

export async function staffCardRoutes(root: FastifyInstance) {
  void root;
}
