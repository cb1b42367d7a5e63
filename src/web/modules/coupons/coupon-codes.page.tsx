import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { couponApi, couponCodeApi, type CouponCodeRow, type CouponRow } from '../../../shared/api/coupons.ts';
import { CouponCodeState, CouponField } from '../../../shared/dict/coupons.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage, useListReload } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';
import { GenerateCodesButton } from './coupon-actions.tsx';

/** The coupon of the screen (its name, counts and total), shared by the heading and the toolbar. */
function useCoupon(couponId: number) {
  return useQuery({
    queryKey: [couponApi.query, couponId],
    queryFn: () => get<CouponRow>(couponApi.query, { id: couponId }, { silent: true }),
  });
}

/** Generate more codes; the list and the counts refresh after. */
function Toolbar({ couponId }: { couponId: number }) {
  const coupon = useCoupon(couponId);
  const reloadCodes = useListReload(couponCodeApi.page);
  const { refetch } = coupon;
  if (!coupon.data) return null;
  return (
    <GenerateCodesButton
      coupon={coupon.data}
      onDone={() => {
        reloadCodes();
        void refetch();
      }}
      button={{ type: 'primary' }}
    />
  );
}

function useCodeList(couponId: number) {
  return useMemo(
    () =>
      defineListPage<CouponCodeRow>({
        id: 'promotion.couponCodes',
        url: couponCodeApi.page,
        exportUrl: couponCodeApi.export,
        params: { couponId },
        rowKey: 'id',
        perms: { export: 'admin:coupon:codes' },
        search: [
          {
            kind: 'text',
            name: 'code',
            label: CouponField.code,
            placeholder: 'coupons:codePlaceholder',
            maxLength: 20,
          },
          {
            kind: 'dict',
            name: 'redeemed',
            label: CouponField.redeemed,
            dict: CouponCodeState,
            toParam: (code) => Number(code) === 1,
          },
        ],
        columns: [
          { key: 'code', title: CouponField.code, width: 160 },
          {
            key: 'redeemed',
            title: CouponField.redeemed,
            render: (value) => <DictTag dict={CouponCodeState} value={value ? 1 : 0} />,
            width: 110,
          },
          { key: 'memberNickname', title: CouponField.member, width: 140 },
          { key: 'memberPhone', title: CouponField.phone, width: 140 },
          { key: 'redeemedAt', title: CouponField.redeemedAt, kind: 'dateTime', sortable: true },
          { key: 'createTime', title: CouponField.createTime, kind: 'dateTime', sortable: true },
        ],
        toolbar: () => <Toolbar couponId={couponId} />,
      }),
    [couponId],
  );
}

function CodeList({ couponId }: { couponId: number }) {
  const { t } = useTranslation('coupons');
  const navigate = useNavigate();
  const coupon = useCoupon(couponId);
  const definition = useCodeList(couponId);
  const c = coupon.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/promotion/ticcoupon')}>
            {t('back')}
          </Button>
          {c && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('codesTitle', { name: c.name })}
              </Typography.Title>
              <Typography.Text type="secondary">
                {t('codesSummary', { count: c.codes, redeemed: c.codesRedeemed, total: c.totalQuantity })}
              </Typography.Text>
            </>
          )}
        </Space>
      </Card>
      <ListPage definition={definition} />
    </Space>
  );
}

/** /promotion/couponCodes?couponId=: the redeem codes of one coupon, who redeemed them, export. */
export default function CouponCodesPage() {
  const [params] = useSearchParams();
  const couponId = Number(params.get('couponId'));
  if (!Number.isInteger(couponId) || couponId <= 0) return <Empty />;
  return <CodeList key={couponId} couponId={couponId} />;
}
