import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { couponRecordApi, type CouponRecordRow } from '../../../shared/api/coupons.ts';
import { CouponField, CouponReceiveWay, MemberCouponStatus } from '../../../shared/dict/coupons.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';

/** The order that spent the coupon, linked to its detail page when it is a ticket order of the area. */
function UsedOrder({ row }: { row: CouponRecordRow }) {
  const { t } = useTranslation('coupons');
  const navigate = useNavigate();
  if (!row.usedOrderNo)
    return row.reservedOrderNo ? (
      <Typography.Text type="secondary">{t('reserved', { orderNo: row.reservedOrderNo })}</Typography.Text>
    ) : null;
  if (row.usedOrderId == null) return <>{row.usedOrderNo}</>;
  return (
    <Tooltip title={t('orderLink', { orderNo: row.usedOrderNo })}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => void navigate(`/ticket/detailPage?id=${row.usedOrderId}`)}
      >
        {row.usedOrderNo}
      </Button>
    </Tooltip>
  );
}

function Member({ row }: { row: CouponRecordRow }) {
  return (
    <Space direction="vertical" size={0}>
      <span>{row.memberNickname}</span>
      <Typography.Text type="secondary">{row.memberPhone}</Typography.Text>
    </Space>
  );
}

/** docs/product.md §2 /promotion/couponRecord: the coupons members of the area hold. */
export default function CouponRecordPage() {
  const coupons = useQuery({
    queryKey: [couponRecordApi.coupons],
    queryFn: () => get<{ id: number; name: string }[]>(couponRecordApi.coupons),
  });
  // the area's coupons as a dictionary for the filter (names are the same in both languages)
  const couponDict = useMemo(
    () =>
      Object.fromEntries((coupons.data ?? []).map((c) => [c.id, { zh: c.name, en: c.name } as DictEntry])),
    [coupons.data],
  );
  const definition = useMemo(
    () =>
      defineListPage<CouponRecordRow>({
        id: 'promotion.couponRecord',
        url: couponRecordApi.page,
        exportUrl: couponRecordApi.export,
        rowKey: 'id',
        perms: { export: 'admin:couponRecord:page' },
        search: [
          { kind: 'dict', name: 'couponId', label: CouponField.name, dict: couponDict, width: 200 },
          {
            kind: 'text',
            name: 'phone',
            label: CouponField.phone,
            placeholder: 'coupons:phonePlaceholder',
            maxLength: 20,
          },
          { kind: 'dict', name: 'status', label: CouponField.status, dict: MemberCouponStatus },
          { kind: 'dict', name: 'receiveWay', label: CouponField.receiveWay, dict: CouponReceiveWay },
          {
            kind: 'dateRange',
            name: 'receivedAt',
            label: CouponField.receivedAt,
            from: 'receivedFrom',
            to: 'receivedTo',
            time: true,
          },
        ],
        columns: [
          { key: 'couponName', title: CouponField.name, width: 160 },
          { key: 'member', title: CouponField.member, render: (_, row) => <Member row={row} />, width: 150 },
          { key: 'status', title: CouponField.status, kind: 'dict', dict: MemberCouponStatus, width: 90 },
          {
            key: 'receiveWay',
            title: CouponField.receiveWay,
            kind: 'dict',
            dict: CouponReceiveWay,
            width: 110,
          },
          { key: 'receivedAt', title: CouponField.receivedAt, kind: 'dateTime', sortable: true },
          { key: 'validUntil', title: CouponField.validUntil, kind: 'dateTime', sortable: true },
          {
            key: 'usedOrderNo',
            title: CouponField.orderNo,
            render: (_, row) => <UsedOrder row={row} />,
            width: 200,
          },
          { key: 'usedAt', title: CouponField.usedAt, kind: 'dateTime', sortable: true },
          { key: 'discountAmount', title: CouponField.discountAmount, kind: 'money', width: 120 },
        ],
      }),
    [couponDict],
  );
  return <ListPage definition={definition} />;
}
