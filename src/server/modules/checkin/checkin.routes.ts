import type { FastifyInstance } from 'fastify';

export async function checkinRoutes(root: FastifyInstance) {
  void root;
}
