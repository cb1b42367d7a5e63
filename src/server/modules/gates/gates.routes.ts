import type { FastifyInstance } from 'fastify';

export async function gateRoutes(root: FastifyInstance) {
  void root;
}
