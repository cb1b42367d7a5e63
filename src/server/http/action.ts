import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '../../shared/api/common.ts';
import type { AuditModuleCode, AuditTargetCode } from '../../shared/dict/audit.ts';
import type { Db } from '../db/client.ts';
import { requireAuth, scenicScope, type Access } from './access.ts';
import type { AuditWriter } from './crud.ts';
import { ok } from './envelope.ts';

/**
 * An action as a definition (docs/architecture.md "A request through the server"), the sibling of
 * registerListResource: one definition gives a staff write its route, declared access, request and
 * answer schemas (validated, and in the OpenAPI document), the acting area and account, one
 * transaction, and the audit row written in it. The move itself is the definition's `run`: a
 * service that changes state by compare-and-set through its machine (`src/shared/domain/`), so two
 * clicks or two staff never both move the same record.
 */

/** Who acts: the caller's scenic area and account, added to the validated body. */
export interface ActingStaff {
  scenicId: number;
  adminId: number;
}

export interface ActionDefinition<B extends z.ZodObject, R extends z.ZodType> {
  method?: 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The declared access: a permission (`perm`, `shopPerm`, …) with its options. */
  access: Access;
  tag: string;
  summary: string;
  body: B;
  response: R;
  /** The audit row: its writer (the audit module's), module, action and target type. */
  audit: { write: AuditWriter; module: AuditModuleCode; action: string; targetType: AuditTargetCode };
  /** The move, in the action's transaction; its answer names the record it moved (`id`). */
  run: (
    tx: Db,
    input: z.infer<B> & ActingStaff,
    req: FastifyRequest,
  ) => Promise<z.infer<R> & { id: number | string }>;
  /** What the audit row keeps (default: the input and the answer). */
  snapshot?: (input: z.infer<B>, result: z.infer<R>) => { before?: unknown; after?: unknown };
}

/** Registers one action (see ActionDefinition). */
export function registerAction<B extends z.ZodObject, R extends z.ZodType>(
  app: FastifyInstance,
  def: ActionDefinition<B, R>,
): void {
  const { db } = app.ctx;
  const staff = (req: FastifyRequest): ActingStaff => ({
    scenicId: scenicScope(req),
    adminId: requireAuth(req).adminId,
  });
  app.route({
    method: def.method ?? 'POST',
    url: def.url,
    config: { access: def.access },
    schema: {
      tags: [def.tag],
      summary: def.summary,
      body: def.body,
      response: { 200: envelopeSchema(def.response) },
    },
    handler: async (req) => {
      const input = req.body as z.infer<B>;
      const result = await db.transaction(async (tx) => {
        const moved = await def.run(tx, { ...input, ...staff(req) }, req);
        await def.audit.write(tx, req, {
          module: def.audit.module,
          action: def.audit.action,
          targetType: def.audit.targetType,
          targetId: moved.id,
          ...(def.snapshot ? def.snapshot(input, moved) : { after: { input, result: moved } }),
        });
        return moved;
      });
      return ok(req, result);
    },
  });
}
