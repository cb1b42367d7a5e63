import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  storageSettingApi,
  StorageSettingSchema,
  StorageSettingUpdateSchema,
  StorageTestResultSchema,
} from '../../../shared/api/storage-settings.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { saveStorageSetting, storageSettingOf, testStore } from './storage-settings.service.ts';

const manage = perm('admin:storage:manage');

/** docs/product.md §2 /sys/os, §7 `POST /web/api/admin/storage/update` (issue 31): where uploads are kept. */
export async function storageSettingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, uploadDir } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    storageSettingApi.query,
    {
      config: { access: manage },
      schema: {
        tags: ['sys'],
        summary:
          'The active object store (the secret key only as set / not set) and the files each store holds',
        response: { 200: envelopeSchema(StorageSettingSchema) },
      },
    },
    async (req) => ok(req, await storageSettingOf(db)),
  );

  registerAction(root, {
    url: storageSettingApi.update,
    access: manage,
    tag: 'sys',
    summary:
      'Saves and activates a store: the local disk or an S3-compatible place; an empty secret keeps the stored one of that endpoint and bucket. Earlier files stay where they are, readable.',
    body: StorageSettingUpdateSchema,
    response: StorageSettingSchema,
    audit: { write: writeAudit, module: 'setting', action: 'storage.settings', targetType: 'storageStore' },
    run: async (tx, { adminId, scenicId: _scenicId, ...input }) => {
      const { id, before, after } = await saveStorageSetting(tx, adminId, input);
      return audited(await storageSettingOf(tx), { targetId: id, before, after });
    },
  });

  // hand-registered: a probe that changes nothing (written, read back and deleted)
  app.post(
    storageSettingApi.test,
    {
      config: { access: manage },
      schema: {
        tags: ['sys'],
        summary:
          'Tests the store the form describes: writes a probe object, reads it back and deletes it; saves nothing',
        body: StorageSettingUpdateSchema,
        response: { 200: envelopeSchema(StorageTestResultSchema) },
      },
    },
    async (req) => ok(req, await testStore(db, uploadDir, req.body)),
  );
}
