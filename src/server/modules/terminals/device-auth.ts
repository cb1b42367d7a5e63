import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { terminalDeviceApi } from '../../../shared/api/terminals.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { TerminalKindCode } from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { requireClient } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { sha256 } from '../../lib/password.ts';
import { tokens } from '../oauth/index.ts';
import { logTerminalEvent, markSeen } from './terminals.service.ts';
import { terminals, type Terminal } from './terminals.table.ts';

/**
 * The terminal behind a device call (route access CLIENT): its own client, in its own area, enabled,
 * and of one of `kinds` when given; otherwise 401, logged on the terminal (or the server log). The
 * call shows the device is alive: it is marked online (`markSeen`; the heartbeat passes
 * `seen: false`, it records more).
 */
export async function deviceTerminal(
  db: Db,
  req: FastifyRequest,
  kinds?: readonly TerminalKindCode[],
  { seen = true }: { seen?: boolean } = {},
): Promise<Terminal> {
  const client = requireClient(req);
  const [t] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.clientId, client.clientId), eq(terminals.scenicId, client.scenicId)));
  const kindOk = !kinds || (t != null && (kinds as readonly string[]).includes(t.kind));
  if (t?.status === ENABLED && kindOk) {
    if (seen) await markSeen(db, t, req.ip);
    return t;
  }
  if (t)
    await logTerminalEvent(
      db,
      t.id,
      'refused',
      `${req.method} ${req.url} ${kindOk ? 'disabled' : 'wrong kind'}`,
    );
  else
    req.log.warn({ clientId: client.clientId, scenicId: client.scenicId }, 'terminal call refused: unknown');
  throw new AppError(401, 'terminalRefused');
}

/**
 * A 401 the access guard answered before the handler (a revoked token of a disabled or re-keyed
 * terminal, an unknown token): logged on the terminal when the token names one, else in the log.
 */
async function logRefusal(db: Db, req: FastifyRequest): Promise<void> {
  const match = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const [known] = match?.[1]
    ? await db
        .select({ id: terminals.id, clientId: terminals.clientId })
        .from(tokens)
        .innerJoin(terminals, eq(terminals.clientId, tokens.clientId))
        .where(eq(tokens.accessHash, sha256(match[1])))
    : [];
  const why = req.client ? 'caller refused' : 'token refused';
  if (known) await logTerminalEvent(db, known.id, 'refused', `${req.method} ${req.url} ${why}`);
  else req.log.warn({ url: req.url, ip: req.ip }, 'terminal call refused: unknown token');
}

/**
 * Logs the guard's refusals of a plugin's device routes (before the handler; deviceTerminal logs its
 * own), written before the answer. Call once in each plugin that registers device routes.
 */
export function logDeviceRefusals(root: FastifyInstance): void {
  const { db } = root.ctx;
  root.addHook('onError', async (req, _reply, error) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (req.routeOptions.url === terminalDeviceApi.activate) return;
    // 401 before the client was known; 403 from the guard for a terminal of another kind or area
    // (deviceTerminal logs its own refusals, with req.client set and a 401)
    if ((status === 401 && !req.client) || (status === 403 && req.client))
      await logRefusal(db, req).catch((err: unknown) => req.log.error({ err }, 'terminal refusal log'));
  });
}
