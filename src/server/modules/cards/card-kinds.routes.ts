import { and, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardKindApi,
  CardKindCreateSchema,
  CardKindPageSchema,
  CardKindRowSchema,
  CardKindShelfSchema,
  cardKindTermsIssue,
  CardKindUpdateSchema,
  CardProductOptionSchema,
  type CardKindPage,
  type CardKindRow,
  type CardKindTerms,
} from '../../../shared/api/cards.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import {
  CardKindField,
  CardSaleSource,
  CardText,
  CardValidityType,
  cardEntryText,
  cardValidityText,
} from '../../../shared/dict/cards.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { RealNameType, ShelfStatus } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { FieldError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { productOptions } from '../products/index.ts';
import { keepSoldKind } from './card-issue.service.ts';
import { kindRowOf } from './card-rows.ts';
import { cardKinds } from './cards.table.ts';

const resource: Resource<typeof cardKinds> = {
  table: cardKinds,
  id: cardKinds.id,
  scenic: cardKinds.scenicId,
  module: 'cards',
  targetType: 'cardKind',
  audit: writeAudit,
};

/** The validity's fields agree (cardKindTermsIssue), else a 400 naming the field to fix. */
function checkTerms(terms: CardKindTerms): void {
  const issue = cardKindTermsIssue(terms);
  if (issue) throw new FieldError(issue.field, issue.reason);
}

/** Every product the card admits to is one of the area's, else a 400 naming `productIds`. */
async function checkProducts(db: Db, scenicId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const areaProducts = new Set((await productOptions(db, scenicId)).map((p) => p.id));
  if (!ids.every((id) => areaProducts.has(id)))
    throw new FieldError('productIds', ValidationMessage.productOfArea);
}

/** A sent field, or the stored one (an update may send null to clear a field). */
const merged = <V>(sent: V | undefined, stored: V): V => (sent === undefined ? stored : sent);

const kindWhere = (scenicId: number, q: CardKindPage) =>
  and(
    eq(cardKinds.scenicId, scenicId),
    q.name ? ilike(cardKinds.name, likeContains(q.name)) : undefined,
    q.status !== undefined ? eq(cardKinds.status, q.status) : undefined,
    q.validityType !== undefined ? eq(cardKinds.validityType, q.validityType) : undefined,
    q.channel ? sql`${cardKinds.channels} @> ${JSON.stringify([q.channel])}::jsonb` : undefined,
  );

const yesNo = (v: boolean, lang: 'zh' | 'en') => (v ? CardText.yes : CardText.no)[lang];

const KIND_EXPORT: ExportColumn<CardKindRow>[] = [
  { header: CardKindField.name, value: (r) => r.name, width: 24 },
  { header: CardKindField.price, value: (r) => r.price, kind: 'money' },
  {
    header: CardKindField.validityType,
    value: (r, lang) => dictLabel(CardValidityType, r.validityType, lang),
  },
  { header: CardKindField.validity, value: (r, lang) => cardValidityText(r, lang), width: 26 },
  { header: CardKindField.entryRules, value: (r, lang) => cardEntryText(r, lang), width: 26 },
  {
    header: CardKindField.productIds,
    value: (r, lang) => (r.productIds.length ? r.productIds.length : CardText.wholeArea[lang]),
  },
  { header: CardKindField.blackoutDates, value: (r, lang) => joinTexts(r.blackoutDates, lang), width: 30 },
  { header: CardKindField.realName, value: (r, lang) => dictLabel(RealNameType, r.realName, lang) },
  { header: CardKindField.photoRequired, value: (r, lang) => yesNo(r.photoRequired, lang) },
  {
    header: CardKindField.channels,
    value: (r, lang) =>
      joinTexts(
        r.channels.map((c) => dictLabel(CardSaleSource, c, lang)),
        lang,
      ),
    width: 30,
  },
  { header: CardKindField.status, value: (r, lang) => dictLabel(ShelfStatus, r.status, lang) },
  { header: CardKindField.description, value: (r) => r.description, width: 40 },
  { header: CardKindField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /VipCard/vipUseAssort and vipUse (h): the kinds of travel card of the acting area. */
export async function cardKindRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'cards',
    // the shelf switch is the list resource's batch status change, at the screen's own name
    api: { ...cardKindApi, status: cardKindApi.shelf },
    perms: {
      page: 'admin:card:kind:query',
      create: 'admin:card:kind:update',
      update: 'admin:card:kind:update',
      delete: 'admin:card:kind:update',
    },
    table: cardKinds,
    resource,
    where: kindWhere,
    sort: { createTime: cardKinds.createdAt, price: cardKinds.price, name: cardKinds.name },
    order: [sql`${cardKinds.createdAt} desc`, sql`${cardKinds.id} desc`],
    rowSchema: CardKindRowSchema,
    rows: (records) => records.map(kindRowOf),
    page: { summary: 'Travel card kinds of the acting area, newest first', body: CardKindPageSchema },
    export: {
      summary: 'The card kinds of the current filter (all pages) as .xlsx',
      fileName: CardText.exportKinds,
      columns: KIND_EXPORT,
    },
    query: { summary: 'One card kind of the acting area (the detail page /VipCard/vipUse)' },
    create: {
      summary: "Create a card kind: permanent, or timed by days or by dates; its products the area's",
      body: CardKindCreateSchema,
      values: async (body, { scope: scenicId, db: d }) => {
        checkTerms(body);
        await checkProducts(d, scenicId, body.productIds);
        return { ...body, scenicId };
      },
    },
    update: {
      summary: 'Edit a card kind; only the fields sent change, the validity checked on the result',
      body: CardKindUpdateSchema,
      values: async (body, { scope: scenicId, db: d }) => {
        if (body.productIds) await checkProducts(d, scenicId, body.productIds);
        return body;
      },
      guard: (before, body) =>
        checkTerms({
          validityType: merged(body.validityType, before.validityType),
          validDays: merged(body.validDays, before.validDays),
          validFrom: merged(body.validFrom, before.validFrom),
          validTo: merged(body.validTo, before.validTo),
        }),
    },
    delete: {
      summary: 'Delete a card kind; a kind with card orders is kept (409): take it off the shelf instead',
      guard: (before, tx) => keepSoldKind(tx, before.id),
    },
    status: {
      summary: 'Put card kinds on shelf (1) or off shelf (2); all or none change',
      body: CardKindShelfSchema,
    },
  });

  // hand-registered: a read for the form's product picker, not a list resource
  app.get(
    cardKindApi.productOptions,
    {
      config: { access: perm('admin:card:kind:query') },
      schema: {
        tags: ['cards'],
        summary: "The area's ticket products a card may admit to: id and name",
        response: { 200: envelopeSchema(z.array(CardProductOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        (await productOptions(db, scenicScope(req))).map(({ id, name }) => ({ id, name })),
      ),
  );
}
