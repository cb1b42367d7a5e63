import { and, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  travellerApi,
  TravellerPageSchema,
  TravellerRowSchema,
  type TravellerPage,
  type TravellerRow,
} from '../../../shared/api/members.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MemberField, MemberText, TravellerIdType } from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { idNumberShown, memberNames, phoneShown } from './member-rows.ts';
import { members, travellers, type Traveller } from './members.table.ts';

async function travellerRows(db: Db, req: FastifyRequest, records: Traveller[]): Promise<TravellerRow[]> {
  const names = await memberNames(
    db,
    records.map((r) => r.memberId),
  );
  const phone = phoneShown(req);
  const idNumber = idNumberShown(req);
  return records.map((t) => {
    const member = names.get(t.memberId);
    return {
      id: t.id,
      memberId: t.memberId,
      memberNickname: member?.nickname ?? '',
      memberPhone: phone(member?.phone ?? null),
      name: t.name,
      idType: t.idType,
      idNumber: idNumber(t.idNumber),
      phone: phone(t.phone),
      createTime: t.createdAt.toISOString(),
    };
  });
}

const travellerWhere = (scenicId: number, q: TravellerPage) =>
  and(
    eq(travellers.scenicId, scenicId),
    q.name ? ilike(travellers.name, likeContains(q.name)) : undefined,
    q.idType ? eq(travellers.idType, q.idType) : undefined,
    q.idNumber ? eq(travellers.idNumber, q.idNumber) : undefined,
    q.memberId ? eq(travellers.memberId, q.memberId) : undefined,
    q.memberPhone
      ? sql`${travellers.memberId} in (select ${members.id} from ${members}
            where ${members.scenicId} = ${scenicId} and ${members.phone} = ${q.memberPhone})`
      : undefined,
    q.createTimeFrom ? gte(travellers.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(travellers.createdAt, new Date(q.createTimeTo)) : undefined,
  );

const TRAVELLER_EXPORT: ExportColumn<TravellerRow>[] = [
  { header: MemberField.travellerName, value: (r) => r.name, width: 12 },
  { header: MemberField.idType, value: (r, lang) => dictLabel(TravellerIdType, r.idType, lang), width: 16 },
  { header: MemberField.idNumber, value: (r) => r.idNumber, width: 22 },
  { header: MemberField.travellerPhone, value: (r) => r.phone, width: 14 },
  { header: MemberField.nickname, value: (r) => r.memberNickname, width: 16 },
  { header: MemberField.memberPhone, value: (r) => r.memberPhone, width: 14 },
  { header: MemberField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /user/traveler: staff view and export; members save them through the member API. */
export async function travellerRoutes(app: FastifyInstance) {
  registerListResource(app, {
    tag: 'members',
    api: travellerApi,
    perms: { page: 'admin:traveler:page' },
    table: travellers,
    where: travellerWhere,
    sort: { createTime: travellers.createdAt, name: travellers.name },
    order: [desc(travellers.createdAt), desc(travellers.id)],
    rowSchema: TravellerRowSchema,
    rows: (records, { db, req }) => travellerRows(db, req, records),
    page: {
      summary:
        "The members' frequent travellers; ID numbers masked unless admin:traveler:idNumber, phones unless admin:user:phone",
      body: TravellerPageSchema,
    },
    export: {
      summary: 'The travellers of the current filter (all pages) as .xlsx, masked as in the list',
      fileName: MemberText.travellersExport,
      columns: TRAVELLER_EXPORT,
    },
  });
}
