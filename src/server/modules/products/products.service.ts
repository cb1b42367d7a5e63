import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ProductCreate, ProductDetail, ProductRow, SessionInput } from '../../../shared/api/products.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import {
  ENTRY_MODE,
  PRODUCT_TYPE,
  REFUND_RULE,
  REFUND_UNIT,
  VALIDITY_TYPE,
} from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { noticeTemplates, ticketAgreements } from '../notices/index.ts';
import { printTemplates } from '../print-templates/index.ts';
import { getScenicSettings } from '../settings/index.ts';
import { productDeleteProblem, productHeld, sessionRemovalGuards } from './product-holders.ts';
import { productSessions, ticketProducts, ticketTypes } from './products.table.ts';

export type ProductRecord = typeof ticketProducts.$inferSelect;
export type SessionRecord = typeof productSessions.$inferSelect;

/** One product of the area with its sessions (in start order), or null when it is not the area's. */
export async function findProduct(
  db: Db,
  scenicId: number,
  id: number,
): Promise<(ProductRecord & { sessions: SessionRecord[] }) | null> {
  const [product] = await db
    .select()
    .from(ticketProducts)
    .where(and(eq(ticketProducts.id, id), eq(ticketProducts.scenicId, scenicId)));
  if (!product) return null;
  const sessions = await db
    .select()
    .from(productSessions)
    .where(eq(productSessions.productId, id))
    .orderBy(asc(productSessions.startTime));
  return { ...product, sessions };
}

/** Products of the area for a select (optionally of some product types), by sort then name. */
export async function productOptions(
  db: Db,
  scenicId: number,
  productTypes?: readonly number[],
): Promise<Pick<ProductRecord, 'id' | 'name' | 'productType' | 'price' | 'shelfStatus'>[]> {
  return db
    .select({
      id: ticketProducts.id,
      name: ticketProducts.name,
      productType: ticketProducts.productType,
      price: ticketProducts.price,
      shelfStatus: ticketProducts.shelfStatus,
    })
    .from(ticketProducts)
    .where(
      and(
        eq(ticketProducts.scenicId, scenicId),
        productTypes?.length ? inArray(ticketProducts.productType, [...productTypes]) : undefined,
      ),
    )
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.name));
}

/** The enabled categories of the area for selects, by sort then name. */
export function enabledTypes(db: Db, scenicId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.scenicId, scenicId), eq(ticketTypes.status, ENABLED)))
    .orderBy(asc(ticketTypes.sort), asc(ticketTypes.name));
}

// ---------------------------------------------------------------------------------------------
// Writes of the product routes: area checks, normalisation, sessions, shelf and delete rules.

/** A product row as the API shows it, with its category's name. */
export function productRowOf(p: ProductRecord, typeName: string): ProductRow {
  return {
    id: p.id,
    name: p.name,
    typeId: p.typeId,
    typeName,
    productType: p.productType,
    images: p.images,
    price: p.price,
    marketPrice: p.marketPrice,
    validityType: p.validityType,
    channels: p.channels,
    realNameType: p.realNameType,
    refundRule: p.refundRule,
    shelfStatus: p.shelfStatus,
    sort: p.sort,
    createTime: p.createdAt.toISOString(),
    updateTime: p.updatedAt.toISOString(),
  };
}

/** Names of categories by id (for list rows). */
export async function typeNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: ticketTypes.id, name: ticketTypes.name })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The full product for the form and the detail page; null when it is not the area's. */
export async function productDetail(db: Db, scenicId: number, id: number): Promise<ProductDetail | null> {
  const product = await findProduct(db, scenicId, id);
  if (!product) return null;
  const [type] = await db
    .select({ name: ticketTypes.name })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, product.typeId));
  const notice = product.noticeId
    ? (
        await db
          .select({ title: noticeTemplates.title })
          .from(noticeTemplates)
          .where(eq(noticeTemplates.id, product.noticeId))
      )[0]
    : undefined;
  const agreement = product.agreementId
    ? (
        await db
          .select({ title: ticketAgreements.title })
          .from(ticketAgreements)
          .where(eq(ticketAgreements.id, product.agreementId))
      )[0]
    : undefined;
  const template = product.printTemplateId
    ? (
        await db
          .select({ name: printTemplates.name })
          .from(printTemplates)
          .where(eq(printTemplates.id, product.printTemplateId))
      )[0]
    : undefined;
  return {
    ...productRowOf(product, type?.name ?? ''),
    intro: product.intro,
    validityDisplay: product.validityDisplay,
    validDays: product.validDays,
    validFrom: product.validFrom,
    validTo: product.validTo,
    timeLimitMinutes: product.timeLimitMinutes,
    validityText: product.validityText,
    timeWindows: product.timeWindows,
    entryMode: product.entryMode,
    entryTimes: product.entryTimes,
    printType: product.printType,
    limitPerOrder: product.limitPerOrder,
    limitPerIdNumber: product.limitPerIdNumber,
    refundDeadlineHours: product.refundDeadlineHours,
    refundFeeUnit: product.refundFeeUnit,
    refundFeeValue: product.refundFeeValue,
    noticeId: product.noticeId,
    noticeTitle: notice?.title ?? null,
    agreementId: product.agreementId,
    agreementTitle: agreement?.title ?? null,
    printTemplateId: product.printTemplateId,
    printTemplateName: template?.name ?? null,
    sessions: product.sessions.map((s) => ({
      id: s.id,
      name: s.name,
      startTime: s.startTime,
      endTime: s.endTime,
      sort: s.sort,
    })),
  };
}

/**
 * The category, notice, agreement and print template a product points at must be the acting
 * area's: otherwise a 400 naming the field (another area's ids are not there).
 */
export async function checkProductRefs(
  db: Db,
  scenicId: number,
  body: Pick<ProductCreate, 'typeId' | 'noticeId' | 'agreementId' | 'printTemplateId'>,
): Promise<void> {
  const exists = async (
    table: typeof ticketTypes | typeof noticeTemplates | typeof ticketAgreements | typeof printTemplates,
    id: number,
  ) => {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.scenicId, scenicId)));
    return Boolean(row);
  };
  if (!(await exists(ticketTypes, body.typeId))) throw new FieldError('typeId', ValidationMessage.notInArea);
  if (body.noticeId != null && !(await exists(noticeTemplates, body.noticeId)))
    throw new FieldError('noticeId', ValidationMessage.notInArea);
  if (body.agreementId != null && !(await exists(ticketAgreements, body.agreementId)))
    throw new FieldError('agreementId', ValidationMessage.notInArea);
  if (body.printTemplateId != null && !(await exists(printTemplates, body.printTemplateId)))
    throw new FieldError('printTemplateId', ValidationMessage.notInArea);
}

type RefundFields = Pick<
  ProductRecord,
  'realNameType' | 'printType' | 'refundRule' | 'refundDeadlineHours' | 'refundFeeUnit' | 'refundFeeValue'
>;

/** The area's defaults for a new product (its settings, docs/product.md §9 codes). */
export async function productDefaults(db: Db, scenicId: number): Promise<RefundFields> {
  const s = await getScenicSettings(db, scenicId);
  return {
    realNameType: s.realNameType,
    printType: s.printType,
    refundRule: s.refundRule,
    refundDeadlineHours: s.refundDeadlineHours,
    refundFeeUnit: s.refundFeeUnit,
    refundFeeValue: s.refundFeeValue,
  };
}

/**
 * The columns of a product from the form: fields that do not apply to its validity type, entry
 * mode or refund rule are reset, so a stored product never carries a stale value.
 */
export function productValues(
  body: Omit<ProductCreate, 'sessions'>,
  base: RefundFields,
): Omit<typeof ticketProducts.$inferInsert, 'scenicId'> {
  const refundRule = body.refundRule ?? base.refundRule;
  const refundable = refundRule !== REFUND_RULE.none;
  const v = body.validityType;
  return {
    name: body.name,
    typeId: body.typeId,
    productType: body.productType,
    images: body.images,
    intro: body.intro,
    price: body.price,
    marketPrice: body.marketPrice,
    validityType: v,
    validityDisplay: body.validityDisplay,
    validDays: v === VALIDITY_TYPE.multiDay ? (body.validDays ?? 2) : 1,
    validFrom: v === VALIDITY_TYPE.interval ? (body.validFrom ?? null) : null,
    validTo: v === VALIDITY_TYPE.interval ? (body.validTo ?? null) : null,
    timeLimitMinutes: v === VALIDITY_TYPE.timeLimited ? (body.timeLimitMinutes ?? null) : null,
    validityText: v === VALIDITY_TYPE.display ? body.validityText : '',
    timeWindows: body.timeWindows,
    entryMode: body.entryMode,
    entryTimes: body.entryMode === ENTRY_MODE.times ? body.entryTimes : 1,
    realNameType: body.realNameType ?? base.realNameType,
    printType: body.printType ?? base.printType,
    limitPerOrder: body.limitPerOrder,
    limitPerIdNumber: body.limitPerIdNumber,
    channels: body.channels,
    refundRule,
    refundDeadlineHours:
      refundRule === REFUND_RULE.conditional ? (body.refundDeadlineHours ?? base.refundDeadlineHours) : 0,
    refundFeeUnit: refundable ? (body.refundFeeUnit ?? base.refundFeeUnit) : REFUND_UNIT.yuan,
    refundFeeValue: refundable ? (body.refundFeeValue ?? base.refundFeeValue) : 0,
    noticeId: body.noticeId ?? null,
    agreementId: body.agreementId ?? null,
    printTemplateId: body.printTemplateId ?? null,
    shelfStatus: body.shelfStatus,
    sort: body.sort,
  };
}

const sessionName = (s: SessionInput) => s.name || `${s.startTime}-${s.endTime}`;

/**
 * Makes the product's sessions those of the form: ids sent back are updated, new ones inserted,
 * the rest deleted (with their unsold price-calendar rows). A session with sold tickets stays: 409
 * naming it. Ids of another product are treated as new sessions.
 */
export async function replaceSessions(
  tx: Db,
  scenicId: number,
  productId: number,
  sessions: SessionInput[],
): Promise<void> {
  const current = await tx
    .select()
    .from(productSessions)
    .where(eq(productSessions.productId, productId))
    .for('update');
  const kept = new Set(sessions.map((s) => s.id).filter((id): id is number => id != null));
  const removed = current.filter((s) => !kept.has(s.id));
  if (removed.length) {
    for (const guard of sessionRemovalGuards.items) await guard(tx, removed);
    await tx.delete(productSessions).where(
      inArray(
        productSessions.id,
        removed.map((s) => s.id),
      ),
    );
  }
  // Two passes so a start time can move from one kept session to another without a unique clash.
  const ordered = [...sessions].sort((a, b) => (a.startTime < b.startTime ? -1 : 1));
  const existing = new Map(current.map((s) => [s.id, s]));
  for (const [i, s] of ordered.entries()) {
    if (s.id != null && existing.has(s.id))
      await tx
        .update(productSessions)
        .set({ startTime: `~${i}`, endTime: `~${i}~` })
        .where(eq(productSessions.id, s.id));
  }
  for (const [i, s] of ordered.entries()) {
    const values = { name: sessionName(s), startTime: s.startTime, endTime: s.endTime, sort: i };
    if (s.id != null && existing.has(s.id))
      await tx.update(productSessions).set(values).where(eq(productSessions.id, s.id));
    else await tx.insert(productSessions).values({ ...values, scenicId, productId });
  }
}

/** Whether the product has a price calendar or shows (then its product type is fixed). */
export async function productInUse(db: Db, productId: number): Promise<boolean> {
  return productHeld(db, productId);
}

/**
 * Why a product may not go on shelf, or null when it is complete: an enabled category, at least
 * one sales channel, and sessions for a timed product.
 */
export async function shelfProblem(db: Db, product: ProductRecord): Promise<AppError | null> {
  const params = { name: product.name };
  const [type] = await db
    .select({ status: ticketTypes.status })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, product.typeId));
  if (!type || type.status !== ENABLED)
    return new AppError(409, 'shelfCategoryDisabled', { params, data: { field: 'typeId' } });
  if (!product.channels.length)
    return new AppError(409, 'shelfNoChannel', { params, data: { field: 'channels' } });
  if (product.productType === PRODUCT_TYPE.timed) {
    const [n] = await db
      .select({ n: count() })
      .from(productSessions)
      .where(eq(productSessions.productId, product.id));
    if (!n?.n) return new AppError(409, 'shelfNoSession', { params, data: { field: 'sessions' } });
  }
  return null;
}

/** A product with sold stock or shows cannot be deleted (409 saying which): inventory and theatres say. */
export async function deleteProblem(db: Db, product: ProductRecord): Promise<AppError | null> {
  return productDeleteProblem(db, product);
}
