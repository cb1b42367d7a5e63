import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { z } from 'zod';
import { cardKindOptionApi, type CardKindOption } from '../../../shared/api/card-kind-options.ts';
import { CardHolderSchema } from '../../../shared/api/cards.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { CardField } from '../../../shared/dict/cards.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';

// The card forms name a nested field by its path ('holder.idNumber'), as the server's 400 does, so
// a complaint of the schema or of the server marks the same form field.

/** A nested object's fields under their dotted names: `{ 'holder.name': …, 'holder.phone': … }`. */
export function dotted(prefix: string, object: z.ZodObject): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(object.shape).map(([k, v]) => [`${prefix}.${k}`, v as z.ZodType]));
}

/** The body of dotted form values: `{ 'holder.name': 'a' }` → `{ holder: { name: 'a' } }`. */
export function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(flat)) {
    const dot = name.indexOf('.');
    if (dot < 0) body[name] = value;
    else {
      const head = name.slice(0, dot);
      body[head] = { ...(body[head] as object | undefined), [name.slice(dot + 1)]: value };
    }
  }
  return body;
}

/** The holder's fields as the forms check them (the kind's real-name and photo rules are the server's). */
export const HolderFormSchema = z.object(dotted('holder', CardHolderSchema)).strict();
export const HOLDER_FIELDS = Object.keys(HolderFormSchema.shape);

/** The holder's name, ID number, phone and face photo (`holder.…` fields of the form). */
export function HolderFields() {
  const label = useLabel();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="holder.name" label={label(CardField.holderName)}>
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="holder.phone" label={label(CardField.holderPhone)}>
            <Input maxLength={11} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="holder.idNumber" label={label(CardField.holderIdNumber)}>
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="holder.facePhoto" label={label(CardField.facePhoto)}>
        <ImageUpload action={storageApi.uploadUnMove} />
      </Form.Item>
    </>
  );
}

/**
 * The area's card kinds (all, or those the back office sells now), as the filters and pickers of the
 * card screens offer them: read under the card permissions (`cards`: the card list's
 * admin:card:query, `orders`: the order list's and the sale's admin:card:order:query), not the kind
 * screens' admin:card:kind:query.
 */
export function useCardKinds(scope: 'cards' | 'orders', forSale = false) {
  const url = cardKindOptionApi[scope];
  const query = useQuery({
    queryKey: [url, forSale],
    queryFn: () => get<CardKindOption[]>(url, forSale ? { forSale: 'true' } : {}, { silent: true }),
  });
  const kinds = query.data;
  return useMemo(() => {
    const dict: Record<number, DictEntry> = {};
    const byId = new Map<number, CardKindOption>();
    for (const k of kinds ?? []) {
      dict[k.id] = { zh: k.name, en: k.name };
      byId.set(k.id, k);
    }
    return { kinds: kinds ?? [], dict, byId };
  }, [kinds]);
}

/** The picker of a kind to sell: on shelf and sold by the back office, with its price. */
export function SaleKindSelect(props: { id?: string; value?: number; onChange?: (v: number) => void }) {
  const { kinds } = useCardKinds('orders', true);
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      options={kinds.map((k) => ({ value: k.id, label: `${k.name} ¥${formatMoney(k.price)}` }))}
    />
  );
}
