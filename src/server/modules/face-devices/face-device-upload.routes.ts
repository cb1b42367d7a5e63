import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { FaceEventsResultSchema, FaceEventsUploadSchema } from '../../../shared/api/face-devices.ts';
import { terminalDeviceApi } from '../../../shared/api/terminals.ts';
import { deviceOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { deviceTerminal, logDeviceRefusals } from '../terminals/index.ts';
import { recordFaceEvents } from './face-devices.service.ts';

// hand-registered (file): a device's calls with its own client token, not staff actions

/** What a face device uploads with its own client token (docs/decisions.md "Face devices"). */
export async function faceDeviceUploadRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  logDeviceRefusals(root);

  app.post(
    terminalDeviceApi.faceEvents,
    {
      config: { access: deviceOf('faceDevice') },
      schema: {
        tags: ['face-devices'],
        summary:
          'A face device’s observations (≤ 200 per batch), stored once per nonce and flagged as alarms by the server from the device’s settings (fever, health code not admitted, liveness failed)',
        body: FaceEventsUploadSchema,
        response: { 200: envelopeSchema(FaceEventsResultSchema) },
      },
    },
    async (req) => {
      const t = await deviceTerminal(db, req, ['faceDevice']);
      return ok(req, await recordFaceEvents(db, t, req.body.events));
    },
  );
}
