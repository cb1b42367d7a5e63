import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { hasPermission } from '../../../shared/perms.ts';
import { isInfraPublic } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { pickLang } from '../../http/messages.ts';
import {
  buildAuthContext,
  buildClientContext,
  checkCopyrightGrant,
  resolveAccessToken,
} from './auth.service.ts';

/** `Authorization: <token_type> <access_token>` (docs/product.md §7); the token type is `bearer`. */
export function bearerToken(req: FastifyRequest): string | null {
  const match = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Enforces each route's declared access before anything else runs. A route without a declaration
 * is refused (fail closed) unless it is one of the infrastructure routes listed in http/access.ts.
 */
export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auth', null);
  app.decorateRequest('copyrightAuth', null);
  app.decorateRequest('client', null);
  app.decorateRequest('memberId', null);

  app.addHook('onRequest', async (req) => {
    req.lang = pickLang(req.headers['accept-language']);
    const url = req.routeOptions.url;
    if (!url) return; // not found: the 404 handler answers
    const access = req.routeOptions.config.access;
    if (!access) {
      if (isInfraPublic(url)) return;
      throw new AppError(403, 'routeUndeclared');
    }
    const { db } = app.ctx;
    switch (access.kind) {
      case 'public':
        return;
      case 'copyright': {
        const token = headerValue(req.headers.token);
        if (!token) throw new AppError(401, 'copyrightLoginRequired');
        const { token: session, admin } = await resolveAccessToken(db, token, 'copyright');
        await checkCopyrightGrant(db, admin);
        req.copyrightAuth = { tokenId: session.id, adminId: admin.id, username: admin.username };
        return;
      }
      case 'client': {
        // only a client's own token (client_credentials): an account's console token is refused
        const token = bearerToken(req);
        if (!token) throw new AppError(401, 'unauthorized');
        req.client = await buildClientContext(db, token, headerValue(req.headers['x-scenic-id']));
        // only the kinds of caller the route names (docs/accounts.md "Who may call")
        if (
          !req.client.kind ||
          !access.callers.includes(req.client.kind) ||
          (access.device && !req.client.bound)
        )
          throw new AppError(403, 'callerRefused');
        return;
      }
      case 'login':
      case 'perm': {
        const token = bearerToken(req);
        if (!token) throw new AppError(401, 'unauthorized');
        req.auth = await buildAuthContext(db, token, headerValue(req.headers['x-scenic-id']));
        // distributors reach only the routes that scope rows to them (docs/accounts.md)
        if (req.auth.admType === ADM_TYPE.distributor && !access.distributor) {
          throw new AppError(403, 'distributorRefused');
        }
        // shop accounts reach only the shop and their own account, whatever their roles hold
        if (req.auth.admType === ADM_TYPE.shop && !access.shop) throw new AppError(403, 'shopAccountRefused');
        if (access.kind === 'perm' && !hasPermission(req.auth.permissions, access.perm)) {
          throw new AppError(403, 'forbidden', { data: { required: access.perm } });
        }
        return;
      }
    }
  });
}
