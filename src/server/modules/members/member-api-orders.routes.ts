import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  memberApi,
  MemberOrderRowSchema,
  MemberTravellerSchema,
  TravellerIdQuerySchema,
} from '../../../shared/api/member-api.ts';
import { TravellerInputSchema } from '../../../shared/api/members.ts';
import { queryRows } from '../../db/rows.ts';
import { ok } from '../../http/envelope.ts';
import { requireMember } from './member-session.service.ts';
import { createTraveller, deleteTraveller } from './travellers.service.ts';
import { iso, memberApiContext } from './member-api-parts.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** The member API's orders and the travellers a member orders for (docs/api.md "Member API"). */
export async function memberApiOrderRoutes(root: FastifyInstance) {
  const { app, db, tags, headers, access } = memberApiContext(root);

  app.get(
    memberApi.orders,
    {
      config: access,
      schema: {
        tags,
        summary: "The member's ticket orders, newest first (the last 100)",
        headers,
        response: { 200: envelopeSchema(z.array(MemberOrderRowSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select order_no, status, pay_status, visit_date::text as visit_date, ticket_count, original_amount, level_discount,
              coupon_discount, total_amount, pay_way, created_at
            from ticket_orders where scenic_id = ${scenicId} and member_id = ${memberId}
            order by created_at desc, id desc limit 100`,
      );
      return ok(
        req,
        rows.map((r) => ({
          orderNo: String(r.order_no),
          status: Number(r.status),
          payStatus: Number(r.pay_status),
          visitDate: String(r.visit_date),
          ticketCount: Number(r.ticket_count),
          originalAmount: Number(r.original_amount),
          levelDiscount: Number(r.level_discount),
          couponDiscount: Number(r.coupon_discount),
          totalAmount: Number(r.total_amount),
          payWay: r.pay_way == null ? null : Number(r.pay_way),
          createTime: iso(r.created_at)!,
        })),
      );
    },
  );

  const travellerOf = (r: { id: number; name: string; idType: number; idNumber: string; phone: string }) => ({
    id: r.id,
    name: r.name,
    idType: r.idType,
    idNumber: r.idNumber,
    phone: r.phone,
  });

  app.get(
    memberApi.travellers,
    {
      config: access,
      schema: {
        tags,
        summary: "The member's frequent travellers",
        headers,
        response: { 200: envelopeSchema(z.array(MemberTravellerSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const rows = await queryRows<{
        id: number;
        name: string;
        id_type: number;
        id_number: string;
        phone: string;
      }>(
        db,
        sql`select id, name, id_type, id_number, phone from travellers
            where member_id = ${memberId} and scenic_id = ${scenicId} order by id`,
      );
      return ok(
        req,
        rows.map((r) =>
          travellerOf({
            id: Number(r.id),
            name: r.name,
            idType: Number(r.id_type),
            idNumber: r.id_number,
            phone: r.phone,
          }),
        ),
      );
    },
  );

  app.post(
    memberApi.addTraveller,
    {
      config: access,
      schema: {
        tags,
        summary: 'Save a frequent traveller (a mainland ID number is checked with its check character)',
        headers,
        body: TravellerInputSchema,
        response: { 200: envelopeSchema(MemberTravellerSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const row = await db.transaction((tx) => createTraveller(tx, { scenicId, memberId }, req.body));
      return ok(req, travellerOf(row));
    },
  );

  app.get(
    memberApi.deleteTraveller,
    {
      config: access,
      schema: {
        tags,
        summary: 'Remove one of the member’s travellers',
        headers,
        querystring: TravellerIdQuerySchema,
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      await db.transaction((tx) => deleteTraveller(tx, { scenicId, memberId }, req.query.id));
      return ok(req, null);
    },
  );
}
