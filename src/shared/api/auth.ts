import { z } from 'zod';
import { key, required } from './fields.ts';

export { authApi, oauthTokenApi } from './endpoints.ts';

/** Plain-text password rule, checked by the console before encrypting and by the server after decrypting. */
export const PasswordSchema = z
  .string()
  .regex(/^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,64}$/, { error: key('passwordPolicy') });

/** A value encrypted with the server's RSA public key (RSA-OAEP, SHA-256), base64. */
export const EncryptedSchema = z
  .string()
  .min(1, { error: key('required') })
  .max(1024)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: key('encrypted') });

export const UsernameSchema = required(64);

/**
 * POST /login/oauth/token form body (docs/product.md §7): password grant, refresh_token grant, or the
 * client_credentials grant of a machine client (sales channel, OTA, gate).
 */
export const TokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: UsernameSchema,
    password: EncryptedSchema,
    scope: z.string().max(64).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z
      .string()
      .min(1, { error: key('required') })
      .max(256),
    scope: z.string().max(64).optional(),
  }),
  z.object({
    grant_type: z.literal('client_credentials'),
    scope: z.string().max(64).optional(),
  }),
]);

/** docs/product.md §3 login response (OAuth2 token shape, not enveloped). */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().describe('seconds until the access token expires'),
  refresh_expires_in: z.number().int(),
  createTime: z.string().describe('ISO time the token was issued'),
  roles: z.array(z.string()),
  token_type: z.literal('bearer'),
  avatar: z.string(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** docs/product.md §7 getUserinfo data. */
export const UserinfoSchema = z.object({
  admId: z.number().int(),
  user_name: z.string(),
  admNickname: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  scenicId: z.number().int().nullable(),
  scenicName: z.string().nullable(),
  timeZone: z
    .string()
    .describe(
      "the acting area's time zone (IANA), whose calendar day is the console's today; Asia/Shanghai without an area",
    ),
  admType: z.number().int(),
  payType: z.number().int(),
  authorities: z.array(z.string()),
  author: z.array(z.string()).describe('role codes of the account'),
  mustChangePassword: z.boolean(),
});
export type Userinfo = z.infer<typeof UserinfoSchema>;

export const ChangePasswordSchema = z.object({
  oldPassword: EncryptedSchema,
  newPassword: EncryptedSchema,
});

/** Public forced change of an initial password (console route /changePassword). */
export const ChangeInitialPasswordSchema = z.object({
  username: UsernameSchema,
  oldPassword: EncryptedSchema,
  newPassword: EncryptedSchema,
});

export const GetClientQuerySchema = z.object({
  clientId: required(64),
});
