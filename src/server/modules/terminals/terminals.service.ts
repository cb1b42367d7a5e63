import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  TERMINAL_HEARTBEAT_SECONDS,
  TERMINAL_OFFLINE_AFTER_SECONDS,
  TERMINAL_ONLINE,
  type TerminalEventCode,
  type TerminalKindCode,
} from '../../../shared/dict/terminal.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { TerminalConfig, TerminalPrinter } from '../../../shared/api/terminals.ts';
import type { Db } from '../../db/client.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { sha256 } from '../../lib/password.ts';
import { newClientSecret, oauthClients } from '../oauth/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminalEvents, terminals, type Terminal } from './terminals.table.ts';

/** How long a registration's activation code works. */
export const ACTIVATION_TTL_MS = 24 * 3600_000;

/** The OAuth client id of a terminal (like a distributor's `agency<id>`). */
export const terminalClientId = (id: number) => `term${id}`;

/** A one-time activation code: 12 characters without look-alikes, easy to type on a device. */
export function newActivationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export async function logTerminalEvent(
  db: Db,
  terminalId: number,
  event: TerminalEventCode,
  detail = '',
): Promise<void> {
  await db.insert(terminalEvents).values({ terminalId, event, detail: detail.slice(0, 200) });
}

/**
 * Trades a one-time activation code for the device's own OAuth client (client_credentials). The
 * code is cleared in the same guarded update, so a second use (or a concurrent one) finds nothing.
 */
export async function activateTerminal(db: Db, code: string) {
  const { secret, secretHash } = newClientSecret(false);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .update(terminals)
      .set({
        activationHash: null,
        activationExpiresAt: null,
        activatedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(terminals.activationHash, sha256(code.toUpperCase())),
          sql`${terminals.activationExpiresAt} > now()`,
          eq(terminals.status, 1),
        ),
      )
      .returning();
    if (!t) throw new AppError(401, 'terminalActivationInvalid');
    const clientId = terminalClientId(t.id);
    const values = { secretHash, grantTypes: ['client_credentials'], status: 1, updatedAt: sql`now()` };
    await tx
      .insert(oauthClients)
      .values({
        clientId,
        name: t.name,
        publicSecret: null,
        scenicId: t.scenicId,
        callerKind: t.kind,
        ...values,
      })
      .onConflictDoUpdate({ target: oauthClients.clientId, set: values });
    await tx.update(terminals).set({ clientId }).where(eq(terminals.id, t.id));
    await logTerminalEvent(tx, t.id, 'activated');
    return { terminalId: t.id, scenicId: t.scenicId, clientId, clientSecret: secret };
  });
}

/** A heartbeat: online from now on; the change from offline is logged. */
export async function recordHeartbeat(
  db: Db,
  terminalId: number,
  beat: { appVersion: string; ip: string; printer?: TerminalPrinter | undefined },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ online: terminals.online })
      .from(terminals)
      .where(eq(terminals.id, terminalId))
      .for('update');
    if (!before) throw new AppError(401, 'terminalRefused');
    await tx
      .update(terminals)
      .set({
        online: TERMINAL_ONLINE.online,
        lastSeenAt: now,
        appVersion: beat.appVersion,
        lastIp: beat.ip,
        ...(beat.printer
          ? { printerState: beat.printer.state, paperLevel: beat.printer.paperLevel ?? null }
          : {}),
      })
      .where(eq(terminals.id, terminalId));
    if (before.online !== TERMINAL_ONLINE.online) await logTerminalEvent(tx, terminalId, 'online', beat.ip);
  });
}

/** A device seen this recently and online is not written again on its next call. */
const SEEN_WRITE_EVERY_MS = 15_000;

/**
 * Any authenticated device call (an upload, a scan, a config fetch) shows the device is alive, as a
 * heartbeat does: online from now, the change from offline logged once (compare-and-set on the
 * online state: of two calls at once one flips it). Skipped when it was seen online moments ago,
 * so a gate scanning every second does not write its row every second.
 */
export async function markSeen(db: Db, t: Terminal, ip: string, now = new Date()): Promise<void> {
  const fresh =
    t.online === TERMINAL_ONLINE.online &&
    t.lastSeenAt != null &&
    now.getTime() - t.lastSeenAt.getTime() < SEEN_WRITE_EVERY_MS;
  if (fresh) return;
  const flipped = await db
    .update(terminals)
    .set({ online: TERMINAL_ONLINE.online, lastSeenAt: now, lastIp: ip })
    .where(and(eq(terminals.id, t.id), ne(terminals.online, TERMINAL_ONLINE.online)))
    .returning({ id: terminals.id });
  if (flipped.length) await logTerminalEvent(db, t.id, 'online', ip);
  else await db.update(terminals).set({ lastSeenAt: now, lastIp: ip }).where(eq(terminals.id, t.id));
}

/**
 * Online terminals without a beat for TERMINAL_OFFLINE_AFTER_SECONDS become offline, with one
 * event each. The guarded update claims each row once: a second instance running at the same time
 * skips rows being claimed and finds the rest no longer online, and a beat that lands meanwhile
 * moves last_seen_at past the cutoff, so the row stays online.
 */
export async function markStaleTerminalsOffline(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TERMINAL_OFFLINE_AFTER_SECONDS * 1000);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with due as (
          select id from terminals
          where online = ${TERMINAL_ONLINE.online} and last_seen_at < ${cutoff}
          for update skip locked
        ), claimed as (
          update terminals t set online = ${TERMINAL_ONLINE.offline}
          from due where t.id = due.id and t.online = ${TERMINAL_ONLINE.online} and t.last_seen_at < ${cutoff}
          returning t.id
        )
        insert into terminal_events (terminal_id, event, detail)
        select id, 'offline', ${`no heartbeat for ${TERMINAL_OFFLINE_AFTER_SECONDS}s`} from claimed
        returning terminal_id as id`,
  );
  return rows.length;
}

/**
 * Extension point "terminal profiles" (docs/architecture.md "Extension points"): what a module adds
 * to the configuration of one kind of terminal (a gate device's gate and what it admits, a window's
 * products and paper, a machine's carousel, a camera's zone), plugged in by its manifest, answered
 * as `config.profile` and part of the ETag, so an edit there reaches the device.
 */
export type TerminalProfileLoader = (db: Db, t: Terminal) => Promise<Record<string, unknown>>;

export interface TerminalProfile {
  kind: TerminalKindCode;
  load: TerminalProfileLoader;
}

export const terminalProfiles = extensionPoint<TerminalProfile>('terminals.profiles');

/** The profile of a kind: one module configures each kind. */
function profileOf(kind: string): TerminalProfileLoader | undefined {
  const found = terminalProfiles.items.filter((p) => p.kind === kind);
  if (found.length > 1) throw new Error(`two modules configure terminals of kind ${kind}`);
  return found[0]?.load;
}

/** The configuration a device fetches, and its ETag (a hash of exactly what is sent). */
export async function terminalConfig(db: Db, t: Terminal): Promise<{ config: TerminalConfig; etag: string }> {
  const [area] = await db
    .select({ name: scenicAreas.name })
    .from(scenicAreas)
    .where(eq(scenicAreas.id, t.scenicId));
  const config: TerminalConfig = {
    terminalId: t.id,
    kind: t.kind,
    name: t.name,
    scenicId: t.scenicId,
    scenicName: area?.name ?? '',
    location: t.location,
    heartbeatSeconds: TERMINAL_HEARTBEAT_SECONDS,
    settings: t.settings,
    profile: (await profileOf(t.kind)?.(db, t)) ?? {},
  };
  const etag = `"${sha256(JSON.stringify(config)).slice(0, 32)}"`;
  return { config, etag };
}

/**
 * The kind of an enabled terminal of the area whose own client this is, for the selling API (a
 * window, machine or handheld sells as its kind's channel); null for any other client.
 */
export async function sellingTerminalKind(
  db: Db,
  scenicId: number,
  clientId: string,
): Promise<TerminalKindCode | null> {
  if (!/^term\d+$/.test(clientId)) return null;
  const [t] = await db
    .select({ kind: terminals.kind, status: terminals.status })
    .from(terminals)
    .where(and(eq(terminals.clientId, clientId), eq(terminals.scenicId, scenicId)));
  return t?.status === ENABLED ? (t.kind as TerminalKindCode) : null;
}

/**
 * A terminal of this kind in the acting area (the modules that keep a kind's settings: windows,
 * machines, face devices, cameras), locked with `lock` inside a transaction; 404 for another
 * area's terminal or another kind.
 */
export async function terminalOfKind(
  db: Db,
  scenicId: number,
  id: number,
  kind: TerminalKindCode,
  lock = false,
): Promise<Terminal> {
  const q = db
    .select()
    .from(terminals)
    .where(and(eq(terminals.id, id), eq(terminals.scenicId, scenicId), eq(terminals.kind, kind)));
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw new AppError(404, 'terminalNotFound');
  return t;
}
