import { and, asc, count, eq, exists, ilike, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  machineApi,
  MachinePageSchema,
  MachineRowSchema,
  MachineUpdateSchema,
  SalesTerminalOptionsSchema,
  windowApi,
  WindowPageSchema,
  WindowRowSchema,
  WindowUpdateSchema,
  type MachinePage,
  type MachineRow,
  type WindowPage,
  type WindowRow,
} from '../../../shared/api/sales-terminals.ts';
import { ADM_TYPE, EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import {
  PAPER_LOW_PERCENT,
  PrinterPaper,
  ProfileConfigured,
  SalesTerminalField as F,
} from '../../../shared/dict/sales-terminals.ts';
import {
  TerminalOnline,
  TerminalPrinterState,
  type TerminalKindCode,
} from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { admins } from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketProducts } from '../products/index.ts';
import { terminalOfKind, terminals, type Terminal } from '../terminals/index.ts';
import {
  checkOperators,
  checkProducts,
  operatorsByIds,
  productsByIds,
  profilesOf,
  saveProfile,
} from './sales-terminals.service.ts';
import { salesMachineCarousels, salesTerminalProfiles } from './sales-terminals.table.ts';

const tags = ['sales-terminals'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The profile's product ids contain this product. */
const sells = (productId: number) =>
  exists(
    sql`(select 1 from ${salesTerminalProfiles} where ${salesTerminalProfiles.terminalId} = ${terminals.id}
         and ${salesTerminalProfiles.productIds} @> ${sql.raw(`array[${Math.trunc(productId)}]::integer[]`)})`,
  );
const hasProfile = exists(
  sql`(select 1 from ${salesTerminalProfiles} where ${salesTerminalProfiles.terminalId} = ${terminals.id})`,
);

function terminalWhere(
  kind: TerminalKindCode,
  scenicId: number,
  q: WindowPage | MachinePage,
): SQL | undefined {
  return and(
    eq(terminals.scenicId, scenicId),
    eq(terminals.kind, kind),
    q.name
      ? or(ilike(terminals.name, likeContains(q.name)), ilike(terminals.serialNo, likeContains(q.name)))
      : undefined,
    q.online != null ? eq(terminals.online, q.online) : undefined,
    q.status ? eq(terminals.status, q.status) : undefined,
    q.productId ? sells(q.productId) : undefined,
    q.configured === 1 ? hasProfile : q.configured === 0 ? not(hasProfile) : undefined,
  );
}

/** A machine's printer filter: paperLow also matches an "ok" printer at or below PAPER_LOW_PERCENT. */
function printerWhere(state: MachinePage['printerState']): SQL | undefined {
  const low = and(eq(terminals.printerState, 'ok'), lte(terminals.paperLevel, PAPER_LOW_PERCENT));
  if (state === 'paperLow') return or(eq(terminals.printerState, 'paperLow'), low);
  if (state === 'ok')
    return and(
      eq(terminals.printerState, 'ok'),
      or(isNull(terminals.paperLevel), sql`${terminals.paperLevel} > ${PAPER_LOW_PERCENT}`),
    );
  return state ? eq(terminals.printerState, state) : undefined;
}

/** What needs attention on a machine's printer, or null. */
export function printerAlert(t: Pick<Terminal, 'printerState' | 'paperLevel'>): string | null {
  if (t.printerState && t.printerState !== 'ok') return t.printerState;
  if (t.printerState === 'ok' && t.paperLevel != null && t.paperLevel <= PAPER_LOW_PERCENT) return 'paperLow';
  return null;
}

const SORT = {
  name: terminals.name,
  serialNo: terminals.serialNo,
  lastSeenTime: terminals.lastSeenAt,
  paperLevel: terminals.paperLevel,
};

async function baseRows(db: Db, records: Terminal[]) {
  const profiles = await profilesOf(
    db,
    records.map((r) => r.id),
  );
  const products = await productsByIds(
    db,
    [...profiles.values()].flatMap((p) => p.productIds),
  );
  const productName = new Map(products.map((p) => [p.id, p.name]));
  return records.map((r) => {
    const p = profiles.get(r.id);
    return {
      profile: p,
      row: {
        id: r.id,
        name: r.name,
        serialNo: r.serialNo,
        location: r.location,
        status: r.status,
        online: r.online,
        lastSeenTime: iso(r.lastSeenAt),
        printerState: r.printerState,
        paperLevel: r.paperLevel,
        configured: p ? 1 : 0,
        // a deleted product drops out
        products: (p?.productIds ?? [])
          .filter((id) => productName.has(id))
          .map((id) => ({ id, name: productName.get(id)! })),
        payWays: p?.payWays ?? [],
        printerModel: p?.printerModel ?? '',
        paper: p?.paper ?? null,
        updateTime: p ? p.updatedAt.toISOString() : null,
      },
    };
  });
}

async function windowRows(db: Db, records: Terminal[]): Promise<WindowRow[]> {
  const base = await baseRows(db, records);
  const ops = await operatorsByIds(
    db,
    base.flatMap((b) => b.profile?.operatorIds ?? []),
  );
  const opById = new Map(ops.map((o) => [o.id, o]));
  return base.map(({ profile, row }) => ({
    ...row,
    windowNo: profile?.windowNo ?? '',
    operators: (profile?.operatorIds ?? [])
      .filter((id) => opById.has(id))
      .map((id) => ({
        id,
        name: opById.get(id)!.nickname || opById.get(id)!.username,
        username: opById.get(id)!.username,
      })),
  }));
}

async function machineRows(db: Db, records: Terminal[]): Promise<MachineRow[]> {
  const base = await baseRows(db, records);
  const scenicId = records[0]?.scenicId;
  const counts =
    scenicId == null
      ? []
      : await db
          .select({ machineId: salesMachineCarousels.machineId, n: count() })
          .from(salesMachineCarousels)
          .where(eq(salesMachineCarousels.scenicId, scenicId))
          .groupBy(salesMachineCarousels.machineId);
  const areaWide = counts.find((c) => c.machineId == null)?.n ?? 0;
  return base.map(({ row }, i) => ({
    ...row,
    printerAlert: printerAlert(records[i]!),
    carouselCount: areaWide + (counts.find((c) => c.machineId === row.id)?.n ?? 0),
  }));
}

const payWayText = (codes: number[], lang: 'zh' | 'en') =>
  joinTexts(
    codes.map((c) => dictLabel(PayWay, c, lang)),
    lang,
  );

const common: ExportColumn<WindowRow & MachineRow>[] = [
  { header: F.name, value: (r) => r.name, width: 20 },
  { header: F.serialNo, value: (r) => r.serialNo, width: 16 },
  { header: F.location, value: (r) => r.location, width: 16 },
  {
    header: F.products,
    value: (r, lang) =>
      joinTexts(
        r.products.map((p) => p.name),
        lang,
      ),
    width: 40,
  },
  { header: F.payWays, value: (r, lang) => payWayText(r.payWays, lang), width: 30 },
  { header: F.printerModel, value: (r) => r.printerModel, width: 16 },
  { header: F.paper, value: (r, lang) => (r.paper ? dictLabel(PrinterPaper, r.paper, lang) : '') },
  {
    header: F.printerState,
    value: (r, lang) => (r.printerState ? dictLabel(TerminalPrinterState, r.printerState, lang) : ''),
  },
  { header: F.paperLevel, value: (r) => r.paperLevel, kind: 'number' },
  { header: F.online, value: (r, lang) => dictLabel(TerminalOnline, r.online, lang) },
  { header: F.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: F.configured, value: (r, lang) => dictLabel(ProfileConfigured, r.configured, lang) },
  { header: F.lastSeen, value: (r) => (r.lastSeenTime ? new Date(r.lastSeenTime) : null), kind: 'datetime' },
];
const WINDOW_EXPORT = [
  { header: F.windowNo, value: (r: WindowRow) => r.windowNo },
  ...(common as ExportColumn<WindowRow>[]),
  {
    header: F.operators,
    value: (r: WindowRow, lang: 'zh' | 'en') =>
      joinTexts(
        r.operators.map((o) => o.username),
        lang,
      ),
    width: 30,
  },
] satisfies ExportColumn<WindowRow>[];
const MACHINE_EXPORT = [
  ...(common as ExportColumn<MachineRow>[]),
  { header: F.carouselCount, value: (r: MachineRow) => r.carouselCount, kind: 'number' },
] satisfies ExportColumn<MachineRow>[];

const terminalResource: Resource<typeof terminals> = {
  table: terminals,
  id: terminals.id,
  scenic: terminals.scenicId,
  module: 'terminals',
  targetType: 'terminal',
  audit: writeAudit,
};
/** The profile edits' audit rows (a window's or machine's profile, on its terminal). */
const audit = { write: writeAudit, module: 'terminals', targetType: 'terminal' } as const;

/** The area's ticket products and (windows) staff accounts, for the profile forms. */
async function options(db: Db, scenicId: number, withOperators: boolean) {
  const products = await db
    .select({
      id: ticketProducts.id,
      name: ticketProducts.name,
      price: ticketProducts.price,
      shelf: ticketProducts.shelfStatus,
    })
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.name), asc(ticketProducts.id));
  const operators = withOperators
    ? await db
        .select({ id: admins.id, username: admins.username, nickname: admins.nickname })
        .from(admins)
        .where(and(eq(admins.scenicId, scenicId), eq(admins.admType, ADM_TYPE.staff)))
        .orderBy(asc(admins.username))
    : [];
  return {
    products: products.map((p) => ({ id: p.id, name: p.name, price: p.price, onShelf: p.shelf === 1 })),
    operators: operators.map((o) => ({ id: o.id, name: o.nickname || o.username, username: o.username })),
  };
}
/**
 * /terminal/windManage and /terminal/autoSellTerMange: lists over the terminals of the kind. The
 * kind check below is a hook of this plugin: it covers the list resources' query routes.
 */
export async function salesTerminalRoutes(root: FastifyInstance) {
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'sales-terminals',
    api: windowApi,
    perms: { page: 'admin:window:page' },
    table: terminals,
    resource: terminalResource,
    where: (scenicId: number, q: WindowPage) => terminalWhere('winManagement', scenicId, q),
    sort: SORT,
    order: [asc(terminals.name), asc(terminals.id)],
    rowSchema: WindowRowSchema,
    rows: (records, { db: d }) => windowRows(d, records),
    page: {
      summary:
        'Ticket windows (winManagement terminals) of the acting area with their profile: number, operators, products, pay ways, printer and paper; online and printer state',
      body: WindowPageSchema,
    },
    export: {
      summary: 'The windows of the current filter as .xlsx',
      fileName: F.windowFile,
      columns: WINDOW_EXPORT,
    },
    query: { summary: 'One window of the acting area (404 for another kind or area)' },
  });

  registerListResource(root, {
    tag: 'sales-terminals',
    api: machineApi,
    perms: { page: 'admin:autoSell:page' },
    table: terminals,
    resource: terminalResource,
    where: (scenicId: number, q: MachinePage) =>
      and(terminalWhere('selfManagement', scenicId, q), printerWhere(q.printerState)),
    sort: SORT,
    order: [asc(terminals.name), asc(terminals.id)],
    rowSchema: MachineRowSchema,
    rows: (records, { db: d }) => machineRows(d, records),
    page: {
      summary:
        'Self-service machines (selfManagement terminals) of the acting area: products, pay ways, printer, paper level and alert, carousel size',
      body: MachinePageSchema,
    },
    export: {
      summary: 'The machines of the current filter as .xlsx',
      fileName: F.machineFile,
      columns: MACHINE_EXPORT,
    },
    query: { summary: 'One machine of the acting area (404 for another kind or area)' },
  });

  // the list resource's query answers any terminal of the area: refuse another kind here
  root.addHook('preHandler', async (req: FastifyRequest) => {
    const url = req.routeOptions.url;
    const kind =
      url === windowApi.query ? 'winManagement' : url === machineApi.query ? 'selfManagement' : null;
    if (!kind) return;
    await terminalOfKind(db, scenicScope(req), (req.query as { id: number }).id, kind);
  });
}

/** /terminal/windManage and /terminal/autoSellTerMange: profile edits and the profile forms' options. */
export async function salesTerminalProfileRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerAction(root, {
    url: windowApi.update,
    access: perm('admin:window:update'),
    tag: 'sales-terminals',
    summary:
      'Edit a window’s profile (only the fields sent change; created on first save): products and operators of the area, pay ways a counter takes; the device sees a new config ETag',
    body: WindowUpdateSchema,
    response: WindowRowSchema,
    audit: { ...audit, action: 'windowProfile' },
    run: async (tx, { scenicId, adminId: _, id, ...body }) => {
      const terminal = await terminalOfKind(tx, scenicId, id, 'winManagement', true);
      if (body.productIds) await checkProducts(tx, scenicId, body.productIds);
      if (body.operatorIds) await checkOperators(tx, scenicId, body.operatorIds);
      const { before, after } = await saveProfile(tx, terminal, body);
      return audited((await windowRows(tx, [terminal]))[0]!, { targetId: id, before, after });
    },
  });

  registerAction(root, {
    url: machineApi.update,
    access: perm('admin:autoSell:update'),
    tag: 'sales-terminals',
    summary:
      'Edit a machine’s profile (only the fields sent change): products of the area, pay ways a machine takes, printer and paper; the device sees a new config ETag',
    body: MachineUpdateSchema,
    response: MachineRowSchema,
    audit: { ...audit, action: 'machineProfile' },
    run: async (tx, { scenicId, adminId: _, id, ...body }) => {
      const terminal = await terminalOfKind(tx, scenicId, id, 'selfManagement', true);
      if (body.productIds) await checkProducts(tx, scenicId, body.productIds);
      const { before, after } = await saveProfile(tx, terminal, body);
      return audited((await machineRows(tx, [terminal]))[0]!, { targetId: id, before, after });
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    windowApi.options,
    {
      config: { access: perm('admin:window:page') },
      schema: {
        tags,
        summary: 'The choices of the window form: the area’s ticket products and its staff accounts',
        response: { 200: envelopeSchema(SalesTerminalOptionsSchema) },
      },
    },
    async (req) => ok(req, await options(db, scenicScope(req), true)),
  );
  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    machineApi.options,
    {
      config: { access: perm('admin:autoSell:page') },
      schema: {
        tags,
        summary: 'The choices of the machine form: the area’s ticket products',
        response: { 200: envelopeSchema(SalesTerminalOptionsSchema) },
      },
    },
    async (req) => ok(req, await options(db, scenicScope(req), false)),
  );
}
