import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authApi,
  ChangeInitialPasswordSchema,
  ChangePasswordSchema,
  GetClientQuerySchema,
  oauthTokenApi,
  TokenRequestSchema,
  UserinfoSchema,
  type TokenResponse,
  type Userinfo,
} from '../../../shared/api/auth.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/area-clock.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { ACCOUNT, PUBLIC, requireAuth } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { authMessages } from './auth.messages.ts';
import { admins } from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { oauthClients } from '../oauth/index.ts';
import {
  authenticateClient,
  checkCredentials,
  checkNewPassword,
  findScenicAreas,
  issueClientToken,
  issueTokens,
  loadGrants,
  originOf,
  recordLoginSuccess,
  requireGrant,
  revokeAccountTokens,
  revokeToken,
  rotateRefreshToken,
  setPassword,
  type AdminRow,
  type IssuedTokens,
} from './auth.service.ts';
import { verifyPassword } from '../../lib/password.ts';
import { decryptField } from '../../http/password-transport.ts';

// hand-registered (file): sign-in, the token endpoint and the account's own session: their own authentication, not staff actions on a record

export async function authRoutes(root: FastifyInstance) {
  await tokenRoutes(root);
  await sessionRoutes(root);
}

/** What a console or terminal needs to sign in: its client credential, the public key, tokens. */
async function tokenRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, keys } = root.ctx;

  app.get(
    authApi.getClient,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Basic credential of the public console client (docs/product.md §7); msg carries it',
        querystring: GetClientQuerySchema,
      },
    },
    async (req) => {
      const [client] = await db
        .select()
        .from(oauthClients)
        .where(eq(oauthClients.clientId, req.query.clientId));
      if (!client || !client.isPublic || !client.publicSecret || client.status !== ENABLED) {
        throw new AppError(404, 'clientNotFound');
      }
      const credential = Buffer.from(`${client.clientId}:${client.publicSecret}`).toString('base64');
      return { code: 200, msg: credential, data: null };
    },
  );

  app.get(
    authApi.getPublicKey,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'RSA public key (SPKI DER, base64) for RSA-OAEP/SHA-256 encryption of passwords',
        response: { 200: envelopeSchema(z.object({ publicKey: z.string() })) },
      },
    },
    async (req) => ok(req, { publicKey: keys.publicKey }),
  );

  app.post(
    oauthTokenApi.token,
    {
      config: { access: PUBLIC },
      preHandler: root.passwordAttempts,
      schema: {
        tags: ['auth'],
        summary:
          'OAuth2 token: password grant (password encrypted), refresh_token grant, or client_credentials grant (machine clients)',
        description: 'Basic client authentication. Bad credentials: HTTP 401 with data "invalid_grant".',
        body: TokenRequestSchema,
      },
    },
    async (req): Promise<TokenResponse> => {
      const client = await authenticateClient(db, req.headers.authorization);
      const body = req.body;
      requireGrant(client, body.grant_type);
      const origin = originOf(req);
      if (body.grant_type === 'client_credentials') {
        // a confidential client's own token; a public client's credential is no secret
        if (client.isPublic) throw new AppError(400, 'unsupportedGrant', { data: 'unsupported_grant_type' });
        const issued = await issueClientToken(db, client, origin);
        return {
          access_token: issued.accessToken,
          refresh_token: '',
          expires_in: issued.accessTtl,
          refresh_expires_in: 0,
          createTime: issued.createdAt.toISOString(),
          roles: [],
          token_type: 'bearer',
          avatar: '',
          scope: client.scope,
        };
      }
      if (body.grant_type === 'refresh_token') {
        const { admin, issued } = await rotateRefreshToken(db, client, body.refresh_token, origin);
        return tokenResponse(admin, issued, client.scope);
      }
      const password = decryptField(keys, 'password', body.password);
      const admin = await checkCredentials(
        db,
        config,
        { username: body.username, password, clientId: client.clientId, kind: 'admin' },
        origin,
      );
      if (admin.mustChangePassword) {
        throw new AppError(403, 'passwordChangeRequired', { data: 'password_change_required' });
      }
      await recordLoginSuccess(db, admin, client.clientId, 'admin', origin);
      const issued = await issueTokens(db, admin.id, client, 'admin', origin);
      return tokenResponse(admin, issued, client.scope);
    },
  );

  async function tokenResponse(admin: AdminRow, issued: IssuedTokens, scope: string): Promise<TokenResponse> {
    const { roleCodes } = await loadGrants(db, admin.id);
    return {
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken ?? '',
      expires_in: issued.accessTtl,
      refresh_expires_in: issued.refreshTtl,
      createTime: issued.createdAt.toISOString(),
      roles: roleCodes,
      token_type: 'bearer',
      avatar: admin.avatar,
      scope,
    };
  }
}

/** The signed-in account: who it is, sign-out, password changes. */
async function sessionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, keys } = root.ctx;

  app.get(
    authApi.getUserinfo,
    {
      config: { access: ACCOUNT },
      schema: {
        tags: ['auth'],
        summary: 'The logged-in account (docs/product.md §7); authorities are its permission strings',
        response: { 200: envelopeSchema(UserinfoSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const [admin] = await db.select().from(admins).where(eq(admins.id, auth.adminId));
      if (!admin) throw new AppError(401, 'unauthorized');
      const areas = await findScenicAreas(db, auth.scenicId == null ? [] : [auth.scenicId]);
      const area = auth.scenicId == null ? undefined : areas.get(auth.scenicId);
      const info: Userinfo = {
        admId: admin.id,
        user_name: admin.username,
        admNickname: admin.nickname,
        avatar: admin.avatar,
        introduction: admin.introduction,
        scenicId: auth.scenicId,
        scenicName: area?.name ?? null,
        timeZone: area?.timeZone ?? DEFAULT_TIME_ZONE,
        admType: admin.admType,
        payType: admin.payType,
        authorities: auth.permissions,
        author: auth.roleCodes,
        mustChangePassword: admin.mustChangePassword,
      };
      return ok(req, info);
    },
  );

  app.get(
    authApi.logout,
    { config: { access: ACCOUNT }, schema: { tags: ['auth'], summary: 'Revokes the current token pair' } },
    async (req) => {
      const auth = requireAuth(req);
      await revokeToken(db, auth.tokenId, 'logout');
      return ok(req, null, 'logoutOk');
    },
  );

  app.post(
    authApi.changePassword,
    {
      config: { access: ACCOUNT },
      // it checks the old password: a stolen session must not guess it faster than a login
      preHandler: root.passwordAttempts,
      schema: {
        tags: ['auth'],
        summary: 'Change own password (both encrypted); signs out every other session',
        body: ChangePasswordSchema,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const oldPlain = decryptField(keys, 'oldPassword', req.body.oldPassword);
      const newPlain = decryptField(keys, 'newPassword', req.body.newPassword);
      const [admin] = await db.select().from(admins).where(eq(admins.id, auth.adminId));
      if (!admin) throw new AppError(401, 'unauthorized');
      if (!(await verifyPassword(oldPlain, admin.passwordHash))) {
        throw new FieldError('oldPassword', authMessages.oldPasswordWrong);
      }
      checkNewPassword('newPassword', newPlain, oldPlain);
      await db.transaction(async (tx) => {
        await setPassword(tx, admin.id, newPlain);
        const revoked = await revokeAccountTokens(tx, admin.id, 'password_changed', auth.tokenId);
        await writeAudit(tx, req, {
          module: 'auth',
          action: 'changePassword',
          targetType: 'admin',
          targetId: admin.id,
          after: { revokedSessions: revoked },
        });
      });
      return ok(req, null, 'passwordChanged');
    },
  );

  app.post(
    authApi.changeInitialPassword,
    {
      config: { access: PUBLIC },
      preHandler: root.passwordAttempts,
      schema: {
        tags: ['auth'],
        summary: 'Forced change of an initial password before the first login (console /changePassword)',
        body: ChangeInitialPasswordSchema,
      },
    },
    async (req) => {
      const oldPlain = decryptField(keys, 'oldPassword', req.body.oldPassword);
      const newPlain = decryptField(keys, 'newPassword', req.body.newPassword);
      const admin = await checkCredentials(
        db,
        config,
        { username: req.body.username, password: oldPlain, clientId: '', kind: 'admin' },
        originOf(req),
      );
      if (!admin.mustChangePassword) throw new AppError(409, 'passwordChangeNotRequired');
      checkNewPassword('newPassword', newPlain, oldPlain);
      await db.transaction(async (tx) => {
        await setPassword(tx, admin.id, newPlain);
        await revokeAccountTokens(tx, admin.id, 'password_changed');
        await writeAudit(tx, req, {
          module: 'auth',
          action: 'changeInitialPassword',
          targetType: 'admin',
          targetId: admin.id,
          actor: { adminId: admin.id, username: admin.username, scenicId: admin.scenicId },
        });
      });
      return ok(req, null, 'passwordChanged');
    },
  );
}
