import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  couponApi,
  CouponCreateSchema,
  CouponUpdateSchema,
  type CouponRow,
} from '../../../shared/api/coupons.ts';
import {
  COUPON_STATUS,
  COUPON_TYPE,
  CouponDiscountKind,
  CouponField,
  CouponScope,
  CouponStatus,
  CouponType,
  CouponUse,
  CouponValidityKind,
} from '../../../shared/dict/coupons.ts';
import { Can } from '../../components/can.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { GenerateCodesButton, IssueButton } from './coupon-actions.tsx';
import {
  AmountOffField,
  DateField,
  DaysField,
  DiscountText,
  PercentField,
  ProductsField,
  ScopeText,
  ValidityText,
} from './coupon-fields.tsx';

const EDIT = 'admin:coupon:edit';

/** Codes (redeem-code coupons), issue to members, and the coupon's holders. */
function RowActions({ row, reload }: { row: CouponRow; reload: () => void }) {
  const { t } = useTranslation('coupons');
  const navigate = useNavigate();
  return (
    <>
      {row.couponType === COUPON_TYPE.redeemCode && (
        <>
          <Can perm="admin:coupon:codes">
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`/promotion/couponCodes?couponId=${row.id}`)}
            >
              {t('codes')}
            </Button>
          </Can>
          <GenerateCodesButton coupon={row} onDone={reload} />
        </>
      )}
      <IssueButton coupon={row} onDone={reload} />
      <Can perm="admin:couponRecord:page">
        <Button
          type="link"
          size="small"
          onClick={() => void navigate(`/promotion/couponRecord?couponId=${row.id}`)}
        >
          {t('records')}
        </Button>
      </Can>
    </>
  );
}

const definition = defineListPage<CouponRow>({
  id: 'promotion.ticcoupon',
  url: couponApi.page,
  exportUrl: couponApi.export,
  rowKey: 'id',
  perms: { create: EDIT, update: EDIT, delete: EDIT, status: EDIT, export: 'admin:coupon:page' },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: CouponField.name,
      placeholder: 'coupons:namePlaceholder',
      maxLength: 50,
    },
    { kind: 'dict', name: 'couponType', label: CouponField.couponType, dict: CouponType },
    { kind: 'dict', name: 'useType', label: CouponField.useType, dict: CouponUse },
    { kind: 'dict', name: 'status', label: CouponField.status, dict: CouponStatus },
  ],
  columns: [
    { key: 'name', title: CouponField.name, sortable: true, width: 160 },
    { key: 'couponType', title: CouponField.couponType, kind: 'dict', dict: CouponType, width: 110 },
    { key: 'useType', title: CouponField.useType, kind: 'dict', dict: CouponUse, width: 80 },
    {
      key: 'discountKind',
      title: CouponField.discountKind,
      render: (_, row) => <DiscountText row={row} />,
      width: 150,
    },
    { key: 'scope', title: CouponField.scope, render: (_, row) => <ScopeText row={row} />, width: 180 },
    {
      key: 'validityKind',
      title: CouponField.validity,
      render: (_, row) => <ValidityText row={row} />,
      width: 200,
    },
    { key: 'totalQuantity', title: CouponField.totalQuantity, sortable: true, width: 110 },
    { key: 'issued', title: CouponField.issued, sortable: true, width: 100 },
    { key: 'used', title: CouponField.used, width: 90 },
    { key: 'perMemberLimit', title: CouponField.perMemberLimit, width: 100, hidden: true },
    { key: 'status', title: CouponField.status, kind: 'dict', dict: CouponStatus, width: 90 },
    { key: 'description', title: CouponField.description, ellipsis: true, hidden: true },
    { key: 'createTime', title: CouponField.createTime, kind: 'dateTime', sortable: true },
  ],
  form: {
    createUrl: couponApi.create,
    updateUrl: couponApi.update,
    createSchema: CouponCreateSchema,
    updateSchema: CouponUpdateSchema,
    fields: [
      { name: 'name', label: CouponField.name, required: true, maxLength: 50 },
      {
        name: 'couponType',
        label: CouponField.couponType,
        kind: 'dict',
        dict: CouponType,
        required: true,
        createOnly: true,
        extra: 'coupons:typeHint',
      },
      { name: 'useType', label: CouponField.useType, kind: 'dict', dict: CouponUse, required: true },
      { name: 'scope', label: CouponField.scope, kind: 'dict', dict: CouponScope, required: true },
      { name: 'productIds', label: CouponField.products, kind: 'custom', render: () => <ProductsField /> },
      {
        name: 'discountKind',
        label: CouponField.discountKind,
        kind: 'dict',
        dict: CouponDiscountKind,
        required: true,
      },
      { name: 'amountOff', label: CouponField.amountOff, kind: 'custom', render: () => <AmountOffField /> },
      {
        name: 'percent',
        label: CouponField.percent,
        kind: 'custom',
        render: () => <PercentField />,
        extra: 'coupons:percentHint',
      },
      { name: 'minSpend', label: CouponField.minSpend, kind: 'money', extra: 'coupons:minSpendHint' },
      {
        name: 'validityKind',
        label: CouponField.validity,
        kind: 'dict',
        dict: CouponValidityKind,
        required: true,
      },
      { name: 'validFrom', label: CouponField.validFrom, kind: 'custom', render: () => <DateField /> },
      { name: 'validTo', label: CouponField.validTo, kind: 'custom', render: () => <DateField /> },
      { name: 'validDays', label: CouponField.validDays, kind: 'custom', render: () => <DaysField /> },
      {
        name: 'totalQuantity',
        label: CouponField.totalQuantity,
        kind: 'number',
        min: 1,
        max: 10_000_000,
        required: true,
        extra: 'coupons:totalHint',
      },
      {
        name: 'perMemberLimit',
        label: CouponField.perMemberLimit,
        kind: 'number',
        min: 1,
        max: 100,
        required: true,
        extra: 'coupons:limitHint',
      },
      { name: 'status', label: CouponField.status, kind: 'dict', dict: CouponStatus, required: true },
      { name: 'description', label: CouponField.description, kind: 'textarea', maxLength: 500 },
    ],
    initialValues: {
      couponType: COUPON_TYPE.general,
      useType: 1,
      scope: 0,
      productIds: [],
      discountKind: 1,
      percent: 90,
      minSpend: 0,
      validityKind: 2,
      validDays: 30,
      perMemberLimit: 1,
      status: COUPON_STATUS.offShelf,
    },
    width: 560,
  },
  detail: {
    fields: [
      'name',
      'couponType',
      'useType',
      'discountKind',
      'scope',
      'validityKind',
      'totalQuantity',
      'issued',
      'used',
      'perMemberLimit',
      'status',
      'description',
      'createTime',
    ],
  },
  delete: { url: couponApi.delete, confirm: 'coupons:deleteConfirm' },
  status: {
    url: couponApi.status,
    enabled: COUPON_STATUS.onShelf,
    disabled: COUPON_STATUS.offShelf,
    wording: 'shelf',
  },
  rowActions: (row, { reload }) => <RowActions row={row} reload={reload} />,
  actionWidth: 340,
});

/** docs/product.md §2 /promotion/ticcoupon: the area's coupons. */
export default function CouponListPage() {
  return <ListPage definition={definition} />;
}
