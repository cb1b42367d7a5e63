import type { FastifyInstance } from 'fastify';

export async function theatreRoutes(root: FastifyInstance) {
  void root;
}
