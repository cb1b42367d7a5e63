import crypto from 'node:crypto';
import { and, asc, count, eq, ilike, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  couponApi,
  couponCodeApi,
  CouponCodePageSchema,
  CouponCodeRowSchema,
  CouponGenerateCodesSchema,
  CouponGenerateResultSchema,
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_LENGTH,
  type CouponCodePage,
  type CouponCodeRow,
} from '../../../shared/api/coupons.ts';
import { COUPON_TYPE, CouponCodeState, CouponField, CouponText } from '../../../shared/dict/coupons.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { AppError } from '../../http/errors.ts';
import { type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { memberLabels, phoneShown } from './member-labels.ts';
import { couponCodes, coupons } from './coupons.table.ts';

/** An unguessable code from crypto (docs/decisions.md "Coupons": about 60 bits). */
function newCode(): string {
  let code = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i += 1)
    code += REDEEM_CODE_ALPHABET[crypto.randomInt(REDEEM_CODE_ALPHABET.length)];
  return code;
}

const codeWhere = (scenicId: number, q: CouponCodePage) =>
  and(
    eq(couponCodes.scenicId, scenicId),
    eq(couponCodes.couponId, q.couponId),
    q.code ? ilike(couponCodes.code, likeContains(q.code.toUpperCase())) : undefined,
    q.redeemed === undefined
      ? undefined
      : q.redeemed
        ? isNotNull(couponCodes.redeemedBy)
        : isNull(couponCodes.redeemedBy),
  );

const CODE_EXPORT: ExportColumn<CouponCodeRow>[] = [
  { header: CouponField.code, value: (r) => r.code, kind: 'text', width: 18 },
  {
    header: CouponField.redeemed,
    value: (r, l) => dictLabel(CouponCodeState, r.redeemed ? 1 : 0, l),
  },
  { header: CouponField.member, value: (r) => r.memberNickname, width: 18 },
  { header: CouponField.phone, value: (r) => r.memberPhone, kind: 'text', width: 14 },
  { header: CouponField.redeemedAt, value: (r) => r.redeemedAt, kind: 'datetime', width: 20 },
  { header: CouponField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** Redeem codes of a redeem-code coupon (type 2): generated, listed and exported. */
export async function couponCodeRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: couponApi.generateCodes,
    access: perm('admin:coupon:codes'),
    tag: 'promotion',
    summary:
      'Generate redeem codes for a redeem-code coupon (type 2): unguessable, unique in the area, never more codes than the total quantity',
    body: CouponGenerateCodesSchema,
    response: CouponGenerateResultSchema,
    audit: { write: writeAudit, module: 'promotion', action: 'generateCodes', targetType: 'coupon' },
    run: async (tx, { scenicId, id, count: wanted }) => {
      // the lock serialises two generations for the same coupon (the total is checked under it)
      const [coupon] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), eq(coupons.scenicId, scenicId)))
        .for('update');
      if (!coupon) throw new AppError(404, 'couponNotFound');
      if (coupon.couponType !== COUPON_TYPE.redeemCode) throw new AppError(409, 'couponCodesOnlyForCodeType');
      const [existing] = await tx
        .select({ n: count() })
        .from(couponCodes)
        .where(eq(couponCodes.couponId, id));
      const have = existing?.n ?? 0;
      if (have + wanted > coupon.totalQuantity)
        throw new AppError(409, 'couponCodesExceedQuantity', {
          params: { total: coupon.totalQuantity, count: have },
          data: { field: 'count' },
        });
      let created = 0;
      // a code already taken in the area (about 1 in 10^17 per pair) is skipped and drawn again
      while (created < wanted) {
        const batch = new Set<string>();
        while (batch.size < Math.min(wanted - created, 1000)) batch.add(newCode());
        const rows = await tx
          .insert(couponCodes)
          .values([...batch].map((code) => ({ scenicId, couponId: id, code })))
          .onConflictDoNothing()
          .returning({ id: couponCodes.id });
        created += rows.length;
      }
      const result = { created, total: have + created };
      return audited(result, { targetId: id, after: result });
    },
  });

  registerListResource(root, {
    tag: 'promotion',
    api: couponCodeApi,
    perms: { page: 'admin:coupon:codes' },
    table: couponCodes,
    where: codeWhere,
    sort: { createTime: couponCodes.id, redeemedAt: couponCodes.redeemedAt },
    order: [asc(couponCodes.id)],
    rowSchema: CouponCodeRowSchema,
    rows: async (records, { db: d, req }) => {
      const labels = await memberLabels(
        d,
        records.map((r) => r.redeemedBy),
        phoneShown(req),
      );
      return records.map((r) => ({
        id: r.id,
        couponId: r.couponId,
        code: r.code,
        redeemed: r.redeemedAt != null,
        memberId: r.redeemedBy,
        memberNickname: r.redeemedBy == null ? '' : (labels.get(r.redeemedBy)?.nickname ?? ''),
        memberPhone: r.redeemedBy == null ? '' : (labels.get(r.redeemedBy)?.phone ?? ''),
        redeemedAt: r.redeemedAt?.toISOString() ?? null,
        createTime: r.createdAt.toISOString(),
      }));
    },
    page: {
      summary: 'The redeem codes of one coupon of the acting area, with who redeemed them and when',
      body: CouponCodePageSchema,
    },
    export: {
      summary: 'The codes of the current filter (all pages) as .xlsx, to hand out',
      fileName: CouponText.codesExport,
      columns: CODE_EXPORT,
    },
  });
}
