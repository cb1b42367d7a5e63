import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  scenicSpotApi,
  scenicSpotHoursIssue,
  ScenicSpotCreateSchema,
  ScenicSpotPageSchema,
  ScenicSpotRowSchema,
  ScenicSpotStatusSchema,
  ScenicSpotUpdateSchema,
  type ScenicSpotPage,
  type ScenicSpotRow,
} from '../../../shared/api/scenic-spots.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ScenicSpotField, ScenicSpotText, SpotType } from '../../../shared/dict/scenic-spots.ts';
import type { Resource } from '../../http/crud.ts';
import { FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { scenicSpots, type ScenicSpot } from './scenic-spots.table.ts';

const resource: Resource<typeof scenicSpots> = {
  table: scenicSpots,
  id: scenicSpots.id,
  scenic: scenicSpots.scenicId,
  module: 'scenic',
  targetType: 'scenicSpot',
  audit: writeAudit,
};

const toRow = (s: ScenicSpot): ScenicSpotRow => ({
  id: s.id,
  name: s.name,
  spotType: s.spotType,
  image: s.image,
  introduction: s.introduction,
  latitude: s.latitude,
  longitude: s.longitude,
  openTime: s.openTime,
  closeTime: s.closeTime,
  sort: s.sort,
  status: s.status,
  createTime: s.createdAt.toISOString(),
  updateTime: s.updatedAt.toISOString(),
});

const spotWhere = (scenicId: number, q: ScenicSpotPage) =>
  and(
    eq(scenicSpots.scenicId, scenicId),
    q.name ? ilike(scenicSpots.name, likeContains(q.name)) : undefined,
    q.spotType ? eq(scenicSpots.spotType, q.spotType) : undefined,
    q.status ? eq(scenicSpots.status, q.status) : undefined,
  );

const SPOT_EXPORT: ExportColumn<ScenicSpotRow>[] = [
  { header: ScenicSpotField.name, value: (r) => r.name, width: 24 },
  { header: ScenicSpotField.spotType, value: (r, lang) => dictLabel(SpotType, r.spotType, lang) },
  { header: ScenicSpotField.openTime, value: (r) => r.openTime },
  { header: ScenicSpotField.closeTime, value: (r) => r.closeTime },
  { header: ScenicSpotField.latitude, value: (r) => r.latitude ?? '', kind: 'number' },
  { header: ScenicSpotField.longitude, value: (r) => r.longitude ?? '', kind: 'number' },
  { header: ScenicSpotField.sort, value: (r) => r.sort, kind: 'number' },
  { header: ScenicSpotField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: ScenicSpotField.introduction, value: (r) => r.introduction, width: 40 },
  { header: ScenicSpotField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /scenic/viewpoint: the spots inside the acting area. */
export async function scenicSpotRoutes(app: FastifyInstance) {
  registerListResource(app, {
    tag: 'scenic',
    api: scenicSpotApi,
    perms: {
      page: 'admin:scenicSpot:page',
      create: 'admin:scenicSpot:create',
      update: 'admin:scenicSpot:update',
      delete: 'admin:scenicSpot:delete',
    },
    table: scenicSpots,
    resource,
    where: spotWhere,
    sort: { sort: scenicSpots.sort, name: scenicSpots.name, createTime: scenicSpots.createdAt },
    order: [asc(scenicSpots.sort), asc(scenicSpots.id)],
    rowSchema: ScenicSpotRowSchema,
    rows: (spots) => spots.map(toRow),
    page: { summary: 'Spots of the acting area, by sort order', body: ScenicSpotPageSchema },
    export: {
      summary: 'The spots of the current filter (all pages) as .xlsx',
      fileName: ScenicSpotText.exportName,
      columns: SPOT_EXPORT,
    },
    query: { summary: 'One spot of the acting area' },
    create: {
      summary: 'Create a spot; opening hours are both times or neither, closing after opening',
      body: ScenicSpotCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: {
      summary: 'Edit a spot; only the fields sent change, the hours are checked on the result',
      body: ScenicSpotUpdateSchema,
      guard: (before, body) => {
        const after = {
          ...before,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        };
        if (scenicSpotHoursIssue(after)) throw new FieldError('closeTime', ValidationMessage.openBeforeClose);
      },
    },
    delete: { summary: 'Delete a spot' },
    status: {
      summary: 'Enable or disable spots (1 enabled, 2 disabled); all or none change',
      body: ScenicSpotStatusSchema,
    },
  });
}
