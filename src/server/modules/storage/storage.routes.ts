import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { COPYRIGHT, PUBLIC, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { readFile, saveImage } from './storage.service.ts';

// hand-registered (file): multipart uploads (one file each)

export async function storageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, uploadDir } = root.ctx;

  app.post(
    storageApi.uploadSysCopyRight,
    {
      config: { access: COPYRIGHT },
      schema: {
        tags: ['copyright'],
        summary: 'Upload the site icon (multipart field "file"; jpg/png/gif by content, at most 500 KB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.array(z.string())) },
      },
    },
    async (req) => {
      const url = await saveImage(req, db, uploadDir, 'copyright');
      await writeAudit(db, req, {
        module: 'copyright',
        action: 'upload',
        targetType: 'file',
        after: { url },
      });
      return ok(req, [url]);
    },
  );

  // docs/product.md §7 image upload of the console (product images, rich-text images, avatars): any logged-in
  // staff account may upload, shop accounts too (goods images); files land in the acting area's folder
  // and are checked by content
  app.post(
    storageApi.uploadUnMove,
    {
      config: { access: { kind: 'login', shop: 'shop' } },
      schema: {
        tags: ['storage'],
        summary: 'Upload an image (multipart field "file"; jpg/png/gif by content, at most 500 KB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.array(z.string())) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const url = await saveImage(req, db, uploadDir, `scenic-${scenicId}`);
      await writeAudit(db, req, { module: 'storage', action: 'upload', targetType: 'file', after: { url } });
      return ok(req, [url]);
    },
  );

  // every uploaded file, from the store that holds it (/sys/os): public like the files themselves
  // (goods and spot images shown to the mini-program), streamed through this server or redirected
  // to the store's public base URL
  app.get(
    '/uploads/*',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['storage'],
        summary:
          'An uploaded file, from the store it was written to (302 to the store when it serves its files)',
        params: z.object({ '*': z.string() }),
      },
    },
    async (req, reply) => {
      const found = await readFile(db, uploadDir, req.params['*']);
      if (!found) throw new AppError(404, 'fileNotFound');
      if ('redirect' in found) return reply.redirect(found.redirect, 302);
      reply.header('content-type', found.contentType).header('cache-control', 'public, max-age=86400');
      if (found.object.size !== undefined) reply.header('content-length', String(found.object.size));
      return reply.send(found.object.body);
    },
  );
}
