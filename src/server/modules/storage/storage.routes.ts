import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { COPYRIGHT, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { saveImage } from './storage.service.ts';

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
      const url = await saveImage(req, uploadDir, 'copyright');
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
      const url = await saveImage(req, uploadDir, `scenic-${scenicId}`);
      await writeAudit(db, req, { module: 'storage', action: 'upload', targetType: 'file', after: { url } });
      return ok(req, [url]);
    },
  );
}
