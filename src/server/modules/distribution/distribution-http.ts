import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { FieldError } from '../../http/errors.ts';
import { decryptField } from '../auth/index.ts';

// Shared by the distributor, distributor-account and application routes.

/** An RSA-encrypted password, decrypted and checked against the password rule (400 naming `password`). */
export function decryptPassword(req: FastifyRequest, encrypted: string): string {
  const plain = decryptField(req.server.ctx.keys, 'password', encrypted);
  if (!PasswordSchema.safeParse(plain).success)
    throw new FieldError('password', ValidationMessage.passwordPolicy);
  return plain;
}

export const okSchema = envelopeSchema(z.null());
export const idSchema = envelopeSchema(z.object({ id: z.number().int() }));
