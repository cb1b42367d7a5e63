import { Form, Input, Space } from 'antd';
import { ShopStoreField as F } from '../../shared/dict/shop-store.ts';
import { useLabel } from './list-page/index.ts';

/**
 * A seller's address, phone, bank and account as printed on an invoice (the api's
 * `sellerContactFields`): the shop's /shop/storeInvoiceSet and the area issuer of
 * /invoice/invoiceSetting. Fields `address`, `phone`, `bankName`, `bankAccount` of the form.
 */
export function SellerContactFields() {
  const label = useLabel();
  return (
    <>
      <Form.Item name="address" label={label(F.address)}>
        <Input maxLength={200} />
      </Form.Item>
      <Space wrap size="large" align="start">
        <Form.Item name="phone" label={label(F.phone)}>
          <Input maxLength={20} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="bankName" label={label(F.bankName)}>
          <Input maxLength={100} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="bankAccount" label={label(F.bankAccount)}>
          <Input maxLength={32} style={{ width: 260 }} />
        </Form.Item>
      </Space>
    </>
  );
}

/** A seller's name and unified social credit code (taxpayer id), `nameField` / `taxIdField` of the form. */
export function SellerIdFields({
  nameField,
  taxIdField,
  taxIdHint,
}: {
  nameField: string;
  taxIdField: string;
  taxIdHint?: string;
}) {
  const label = useLabel();
  return (
    <>
      <Form.Item name={nameField} label={label(F.issuerName)} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name={taxIdField} label={label(F.taxpayerId)} required extra={taxIdHint}>
        <Input maxLength={18} style={{ maxWidth: 280, textTransform: 'uppercase' }} />
      </Form.Item>
    </>
  );
}
