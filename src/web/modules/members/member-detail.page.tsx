import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { couponRecordApi, type CouponRecordRow } from '../../../shared/api/coupons.ts';
import {
  travellerApi,
  userApi,
  type LevelHistoryRow,
  type MemberDetail,
  type TravellerRow,
} from '../../../shared/api/members.ts';
import { orderApi, type OrderRow } from '../../../shared/api/orders.ts';
import { CouponField, MemberCouponStatus } from '../../../shared/dict/coupons.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import {
  LevelChangeReason,
  MemberField,
  MemberSource,
  MemberStatus,
  TravellerIdType,
} from '../../../shared/dict/members.ts';
import defaultAvatar from '../../assets/default-avatar.svg';
import { DetailCard, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { useOrderColumns } from '../../components/order-columns.tsx';
import { RecordState, useIdParam } from '../../components/record-state.tsx';
import { get } from '../../lib/request.ts';
import {
  AdjustButton,
  ConsumeButton,
  FreezeButton,
  MemberLedger,
  PhoneText,
  UnbindButton,
} from './member-actions.tsx';
import { RecordTabs, recordTab as tab, SubList } from '../../components/sub-list.tsx';
import { MEMBER_LIST_PATH } from './paths.ts';

const detailQuery = (id: number) => ({
  queryKey: [userApi.query, id] as const,
  queryFn: () => get<MemberDetail>(userApi.query, { id }),
});

function useField() {
  const label = useLabel();
  return (entry: DictEntry) => label(entry);
}

/** The member's profile and the staff actions. */
function Profile({ m, reload }: { m: MemberDetail; reload: () => void }) {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const f = useField();
  return (
    <DetailCard
      size="default"
      bordered
      title={
        <Space>
          <Avatar src={m.avatar || defaultAvatar} alt="" />
          {t('memberTitle', { nickname: m.nickname || `#${m.id}` })}
        </Space>
      }
      extra={
        <Space wrap>
          <ConsumeButton member={m} button={{ type: 'primary', size: 'middle' }} />
          <AdjustButton member={m} button={{ type: 'default', size: 'middle' }} />
          <FreezeButton member={m} onDone={reload} button={{ type: 'default', size: 'middle' }} />
          <UnbindButton member={m} onDone={reload} button={{ type: 'default', size: 'middle' }} />
          <Button onClick={() => void navigate(MEMBER_LIST_PATH)}>{t('backToList')}</Button>
        </Space>
      }
      items={[
        { key: 'id', label: f(MemberField.id), children: m.id },
        { key: 'phone', label: f(MemberField.phone), children: <PhoneText row={m} /> },
        { key: 'nickname', label: f(MemberField.nickname), children: m.nickname },
        { key: 'level', label: f(MemberField.level), children: m.levelName },
        {
          key: 'discount',
          label: f(MemberField.levelDiscount),
          children: m.levelDiscount < 100 ? t('discountText', { percent: m.levelDiscount }) : t('noDiscount'),
        },
        {
          key: 'status',
          label: f(MemberField.status),
          children: <DictTag dict={MemberStatus} value={m.status} />,
        },
        { key: 'balance', label: f(MemberField.balance), children: <MoneyText cents={m.balance} /> },
        { key: 'points', label: f(MemberField.points), children: m.points },
        { key: 'totalSpend', label: f(MemberField.totalSpend), children: <MoneyText cents={m.totalSpend} /> },
        { key: 'recharged', label: f(MemberField.recharged), children: <MoneyText cents={m.recharged} /> },
        {
          key: 'source',
          label: f(MemberField.source),
          children: <DictTag dict={MemberSource} value={m.source} />,
        },
        { key: 'travellers', label: f(MemberField.travellers), children: m.travellers },
        { key: 'registeredAt', label: f(MemberField.registeredAt), children: time(m.registeredAt) },
        { key: 'updatedAt', label: f(MemberField.updatedAt), children: time(m.updatedAt) },
      ]}
    />
  );
}

function useCouponColumns(): TableColumnsType<CouponRecordRow> {
  const f = useField();
  return [
    { key: 'couponName', dataIndex: 'couponName', title: f(CouponField.name) },
    {
      key: 'status',
      title: f(CouponField.status),
      render: (_, c) => <DictTag dict={MemberCouponStatus} value={c.status} />,
    },
    { key: 'receivedAt', title: f(CouponField.receivedAt), render: (_, c) => time(c.receivedAt) },
    { key: 'validUntil', title: f(CouponField.validUntil), render: (_, c) => time(c.validUntil) },
    { key: 'usedOrderNo', dataIndex: 'usedOrderNo', title: f(CouponField.orderNo) },
    { key: 'usedAt', title: f(CouponField.usedAt), render: (_, c) => time(c.usedAt) },
  ];
}

function useTravellerColumns(): TableColumnsType<TravellerRow> {
  const f = useField();
  return [
    { key: 'name', dataIndex: 'name', title: f(MemberField.travellerName) },
    {
      key: 'idType',
      title: f(MemberField.idType),
      render: (_, r) => <DictTag dict={TravellerIdType} value={r.idType} />,
    },
    { key: 'idNumber', dataIndex: 'idNumber', title: f(MemberField.idNumber) },
    { key: 'phone', dataIndex: 'phone', title: f(MemberField.travellerPhone) },
    { key: 'createTime', title: f(MemberField.createTime), render: (_, r) => time(r.createTime) },
  ];
}

function useHistoryColumns(): TableColumnsType<LevelHistoryRow> {
  const f = useField();
  return [
    { key: 'createTime', title: f(MemberField.time), render: (_, r) => time(r.createTime) },
    { key: 'fromLevel', dataIndex: 'fromLevel', title: f(MemberField.fromLevel) },
    { key: 'toLevel', dataIndex: 'toLevel', title: f(MemberField.toLevel) },
    {
      key: 'reason',
      title: f(MemberField.reason),
      render: (_, r) => <DictTag dict={LevelChangeReason} value={r.reason} />,
    },
  ];
}

/** Ledger, orders, coupons, travellers and level changes; a tab needs its own list's permission. */
function Records({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members');
  const params = { memberId };
  const orderColumns = useOrderColumns({ ticketCount: true });
  const couponColumns = useCouponColumns();
  const travellerColumns = useTravellerColumns();
  const historyColumns = useHistoryColumns();
  return (
    <RecordTabs
      tabs={[
        tab('ledger', t('tabLedger'), 'admin:user:page', <MemberLedger memberId={memberId} />),
        tab(
          'orders',
          t('tabOrders'),
          'admin:order:page',
          <SubList<OrderRow> url={orderApi.page} params={params} columns={orderColumns} />,
        ),
        tab(
          'coupons',
          t('tabCoupons'),
          'admin:couponRecord:page',
          <SubList<CouponRecordRow> url={couponRecordApi.page} params={params} columns={couponColumns} />,
        ),
        tab(
          'travellers',
          t('tabTravellers'),
          'admin:traveler:page',
          <SubList<TravellerRow> url={travellerApi.page} params={params} columns={travellerColumns} />,
        ),
        tab(
          'levels',
          t('tabLevels'),
          'admin:user:page',
          <SubList<LevelHistoryRow> url={userApi.levelHistory} params={params} columns={historyColumns} />,
        ),
      ]}
    />
  );
}

/** docs/product.md §2 /user/userDetail (hidden): the member of `?id=`, its balance, orders, coupons and travellers. */
export default function MemberDetailPage() {
  const { t } = useTranslation('members');
  const id = useIdParam();
  const query = useQuery({ ...detailQuery(id ?? 0), enabled: id !== null });
  const queryClient = useQueryClient();
  const reload = () => {
    void query.refetch();
    void queryClient.invalidateQueries({ queryKey: listQueryKey(userApi.page) });
  };
  return (
    <RecordState id={id} query={query} notFound={t('notFound')}>
      {(data) => (
        <>
          <Profile m={data} reload={reload} />
          <Records memberId={data.id} />
        </>
      )}
    </RecordState>
  );
}
