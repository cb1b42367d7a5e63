import { Form, Input } from 'antd';
import { InvoiceBuyerType, InvoiceField, InvoiceLineKind } from '../../../shared/dict/invoices.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { useLabel } from '../../components/list-page/index.ts';

/** The buyer's text fields after its type and name, with their lengths (InvoiceBuyerSchema's). */
export const BUYER_TEXT_FIELDS = [
  ['buyerTaxId', 20],
  ['buyerAddress', 200],
  ['buyerBank', 150],
  ['buyerEmail', 100],
  ['buyerPhone', 11],
] as const;

/** Every field name of the buyer's form (a complaint of the schema or the server marks the one it names). */
export const BUYER_FIELD_NAMES = [
  'buyerType',
  'buyerName',
  'lineKind',
  ...BUYER_TEXT_FIELDS.map(([name]) => name),
] as const;

/**
 * The form items of an invoice's buyer (a person or a company, its tax id, address and bank, where
 * the invoice is sent), with the invoice form (`lineKind`) when it may be chosen.
 */
export function BuyerFields({ lineKind = false }: { lineKind?: boolean }) {
  const label = useLabel();
  return (
    <>
      <Form.Item name="buyerType" label={label(InvoiceField.buyerType)} required>
        <DictSelect dict={InvoiceBuyerType} allowClear={false} />
      </Form.Item>
      <Form.Item name="buyerName" label={label(InvoiceField.buyerName)} required>
        <Input maxLength={100} />
      </Form.Item>
      {lineKind && (
        <Form.Item name="lineKind" label={label(InvoiceField.lineKind)}>
          <DictSelect dict={InvoiceLineKind} />
        </Form.Item>
      )}
      {BUYER_TEXT_FIELDS.map(([name, max]) => (
        <Form.Item key={name} name={name} label={label(InvoiceField[name])}>
          <Input maxLength={max} />
        </Form.Item>
      ))}
    </>
  );
}
