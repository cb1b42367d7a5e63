import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { z } from 'zod';
import {
  reservationApi,
  reservationSessionApi,
  reservationSiteApi,
  SiteCreateSchema,
  SiteOptionSchema,
  SitePageSchema,
  SiteRowSchema,
  SiteStatusSchema,
  SiteUpdateSchema,
  type SitePage,
  type SiteRow,
} from '../../../shared/api/reservations.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ReservationField, ReservationText } from '../../../shared/dict/reservations.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { reservationSites, reservations, type ReservationSite } from './reservations.table.ts';

const siteResource: Resource<typeof reservationSites> = {
  table: reservationSites,
  id: reservationSites.id,
  scenic: reservationSites.scenicId,
  module: 'reservations',
  targetType: 'reservationSite',
  audit: writeAudit,
};

const toSiteRow = (s: ReservationSite): SiteRow => ({
  id: s.id,
  name: s.name,
  location: s.location,
  capacity: s.capacity,
  daysAhead: s.daysAhead,
  closeMinutes: s.closeMinutes,
  rules: s.rules,
  realName: s.realName,
  status: s.status,
  createTime: s.createdAt.toISOString(),
  updateTime: s.updatedAt.toISOString(),
});

const yesNo = (value: boolean, lang: 'zh' | 'en') =>
  lang === 'zh' ? (value ? '是' : '否') : value ? 'Yes' : 'No';

const SITE_EXPORT: ExportColumn<SiteRow>[] = [
  { header: ReservationField.name, value: (r) => r.name, width: 24 },
  { header: ReservationField.location, value: (r) => r.location, width: 24 },
  { header: ReservationField.capacity, value: (r) => r.capacity, kind: 'number' },
  { header: ReservationField.daysAhead, value: (r) => r.daysAhead, kind: 'number' },
  { header: ReservationField.closeMinutes, value: (r) => r.closeMinutes, kind: 'number' },
  { header: ReservationField.realName, value: (r, lang) => yesNo(r.realName, lang) },
  { header: ReservationField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: ReservationField.rules, value: (r) => r.rules, width: 40 },
  { header: ReservationField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

const siteWhere = (scenicId: number, q: SitePage) =>
  and(
    eq(reservationSites.scenicId, scenicId),
    q.name ? ilike(reservationSites.name, likeContains(q.name)) : undefined,
    q.status ? eq(reservationSites.status, q.status) : undefined,
    q.realName === undefined ? undefined : eq(reservationSites.realName, q.realName),
  );

/**
 * docs/product.md §2 /Make (hidden group): site, with the site pickers of the other two screens (session:
 * reservation-sessions.routes.ts; message: reservation-bookings.routes.ts).
 */
export async function reservationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['reservations'];

  registerListResource(root, {
    tag: 'reservations',
    api: reservationSiteApi,
    perms: {
      page: 'admin:makeSite:page',
      create: 'admin:makeSite:create',
      update: 'admin:makeSite:update',
      delete: 'admin:makeSite:delete',
    },
    table: reservationSites,
    resource: siteResource,
    where: siteWhere,
    sort: {
      name: reservationSites.name,
      capacity: reservationSites.capacity,
      createTime: reservationSites.createdAt,
    },
    order: [desc(reservationSites.id)],
    rowSchema: SiteRowSchema,
    rows: (sites) => sites.map(toSiteRow),
    page: { summary: 'Booking sites of the acting area', body: SitePageSchema },
    export: {
      summary: 'The sites of the current filter (all pages) as .xlsx',
      fileName: ReservationText.sitesExport,
      columns: SITE_EXPORT,
    },
    query: { summary: 'One booking site of the acting area' },
    create: {
      summary: 'Create a booking site',
      body: SiteCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: { summary: 'Edit a booking site; only the fields sent change', body: SiteUpdateSchema },
    delete: {
      summary: 'Delete a site and its sessions; 409 once it has bookings (disable it instead)',
      guard: async (site, tx) => {
        const [used] = await tx
          .select({ n: count() })
          .from(reservations)
          .where(eq(reservations.siteId, site.id));
        if (used && used.n > 0)
          throw new AppError(409, 'reservationSiteHasBookings', {
            params: { name: site.name, count: used.n },
          });
      },
    },
    status: { summary: 'Enable or disable sites (1 enabled, 2 disabled)', body: SiteStatusSchema },
  });

  // the site pickers of the session and booking screens, each behind its screen's permission
  const pickers = [
    [reservationSessionApi.sites, 'admin:makeSession:page'],
    [reservationApi.sites, 'admin:makeMessage:page'],
  ] as const;
  for (const [url, permission] of pickers)
    // hand-registered: a read for a form's picker, not a list resource
    app.get(
      url,
      {
        config: { access: perm(permission) },
        schema: {
          tags,
          summary: 'Every site of the acting area (id, name, status), for the site pickers',
          response: { 200: envelopeSchema(z.array(SiteOptionSchema)) },
        },
      },
      async (req) => {
        const rows = await db
          .select({ id: reservationSites.id, name: reservationSites.name, status: reservationSites.status })
          .from(reservationSites)
          .where(eq(reservationSites.scenicId, scenicScope(req)))
          .orderBy(asc(reservationSites.name), asc(reservationSites.id));
        return ok(req, rows);
      },
    );
}
