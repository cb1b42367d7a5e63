import type { FastifyInstance } from 'fastify';

export async function printTemplateRoutes(root: FastifyInstance) {
  void root;
}
