import { useQuery } from '@tanstack/react-query';
import { Button, Image, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProductDetail } from '../../../shared/api/products.ts';
import { ProductField } from '../../../shared/dict/product-fields.ts';
import {
  BuyChannel,
  ENTRY_MODE,
  EntryMode,
  PRODUCT_TYPE,
  PrintType,
  ProductType,
  REFUND_RULE,
  REFUND_UNIT,
  RealNameType,
  RefundRule,
  ShelfStatus,
  VALIDITY_TYPE,
  ValidityDisplay,
  ValidityType,
} from '../../../shared/dict/product.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Can } from '../../components/can.tsx';
import { DetailCard, dateTimeText } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { productQuery } from './product-api.ts';
import { RecordState, useIdParam } from '../../components/record-state.tsx';

/** A field of the product as a description item, labelled from the product dictionary. */
function useItems() {
  const { t } = useTranslation('products');
  const label = useLabel();
  const f = (name: keyof typeof ProductField) => label(ProductField[name]);
  const none = <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  const item = (key: keyof typeof ProductField, children: ReactNode, span?: number) => ({
    key,
    label: f(key),
    children,
    ...(span ? { span } : {}),
  });
  return { f, item, none };
}

/** Name, category, type, shelf, prices, images and intro; edit and the product's other screens. */
function Summary({ p }: { p: ProductDetail }) {
  const { item, none } = useItems();
  return (
    <DetailCard
      size="default"
      bordered
      title={p.name}
      extra={<Links p={p} />}
      items={[
        item('typeId', p.typeName),
        item('productType', <DictTag dict={ProductType} value={p.productType} />),
        item('shelfStatus', <DictTag dict={ShelfStatus} value={p.shelfStatus} />),
        item('price', <MoneyText cents={p.price} />),
        item('marketPrice', <MoneyText cents={p.marketPrice} />),
        item('sort', p.sort),
        item(
          'images',
          p.images.length ? (
            <Image.PreviewGroup>
              <Space wrap>
                {p.images.map((url) => (
                  <Image key={url} src={url} width={80} height={80} style={{ objectFit: 'cover' }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : (
            none
          ),
          3,
        ),
        item('intro', p.intro ? <span style={{ whiteSpace: 'pre-wrap' }}>{p.intro}</span> : none, 3),
      ]}
    />
  );
}

/** Edit, the product's shows or price calendar, back to the list. */
function Links({ p }: { p: ProductDetail }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  return (
    <Space wrap>
      <Can perm="admin:ticket:update">
        <Button type="primary" onClick={() => void navigate(`/ticket/scenicTicDetail?id=${p.id}`)}>
          {t('edit')}
        </Button>
      </Can>
      {p.productType === PRODUCT_TYPE.performance ? (
        <Can perm="admin:theatre:page">
          <Button onClick={() => void navigate(`/ticket/theaterTicDetail?productId=${p.id}`)}>
            {t('shows')}
          </Button>
        </Can>
      ) : (
        <Can perm="admin:priceCalendar:page">
          <Button onClick={() => void navigate(`/ticket/priceCalendar?productId=${p.id}`)}>
            {t('priceCalendar')}
          </Button>
        </Can>
      )}
      <Button onClick={() => void navigate('/ticket/good')}>{t('back')}</Button>
    </Space>
  );
}

/** Validity, entry, sessions; purchase, channels, refund, templates and times. */
function Rules({ p }: { p: ProductDetail }) {
  const { t } = useTranslation(['products', 'common']);
  const label = useLabel();
  const { f, item, none } = useItems();
  const validity: ReactNode =
    p.validityType === VALIDITY_TYPE.multiDay
      ? t('validityDays', { days: p.validDays })
      : p.validityType === VALIDITY_TYPE.interval
        ? t('validityInterval', { from: p.validFrom, to: p.validTo })
        : p.validityType === VALIDITY_TYPE.timeLimited
          ? t('validityMinutes', { minutes: p.timeLimitMinutes })
          : p.validityType === VALIDITY_TYPE.display
            ? p.validityText
            : null;
  const limit = (n: number) => (n ? n : t('unlimited'));
  const fee =
    p.refundRule === REFUND_RULE.none
      ? none
      : p.refundFeeUnit === REFUND_UNIT.percent
        ? `${p.refundFeeValue}%`
        : `¥${formatMoney(p.refundFeeValue)}`;

  return (
    <>
      <DetailCard
        title={t('sectionValidity')}
        items={[
          item('validityType', <DictTag dict={ValidityType} value={p.validityType} />),
          ...(validity ? [{ key: 'validity', label: f('validityText'), children: validity }] : []),
          item('validityDisplay', <DictTag dict={ValidityDisplay} value={p.validityDisplay} />),
          item(
            'timeWindows',
            p.timeWindows.length
              ? p.timeWindows.map((w) => <Tag key={w.start}>{`${w.start}-${w.end}`}</Tag>)
              : t('areaHours'),
          ),
          item('entryMode', <DictTag dict={EntryMode} value={p.entryMode} />),
          ...(p.entryMode === ENTRY_MODE.times
            ? [item('entryTimes', t('entryTimesText', { count: p.entryTimes }))]
            : []),
        ]}
      >
        {p.productType === PRODUCT_TYPE.timed && (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            style={{ marginTop: 12 }}
            title={() => f('sessions')}
            dataSource={p.sessions}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('sessionName') },
              { key: 'startTime', dataIndex: 'startTime', title: t('startTime') },
              { key: 'endTime', dataIndex: 'endTime', title: t('endTime') },
            ]}
          />
        )}
      </DetailCard>
      <DetailCard
        title={t('sectionPurchase')}
        items={[
          item('realNameType', <DictTag dict={RealNameType} value={p.realNameType} />),
          item('printType', <DictTag dict={PrintType} value={p.printType} />),
          item('limitPerOrder', limit(p.limitPerOrder)),
          item('limitPerIdNumber', limit(p.limitPerIdNumber)),
          item(
            'channels',
            <Space size={[0, 4]} wrap>
              {p.channels.map((c) => (
                <Tag key={c}>
                  {label(BuyChannel[c as keyof typeof BuyChannel] ?? { zh: `${c}`, en: `${c}` })}
                </Tag>
              ))}
            </Space>,
            2,
          ),
          item('refundRule', <DictTag dict={RefundRule} value={p.refundRule} />),
          ...(p.refundRule === REFUND_RULE.conditional
            ? [item('refundDeadlineHours', t('refundDeadlineText', { hours: p.refundDeadlineHours }))]
            : []),
          item('refundFeeValue', fee),
          item('noticeId', p.noticeTitle ?? none),
          item('agreementId', p.agreementTitle ?? none),
          item('printTemplateId', p.printTemplateName ?? none),
          item('createTime', dateTimeText(p.createTime)),
          item('updateTime', dateTimeText(p.updateTime)),
        ]}
      />
    </>
  );
}

/** docs/product.md §2 /ticket/productDetail (hidden): everything about the product of `?id=`, read-only. */
export default function ProductDetailPage() {
  const { t } = useTranslation(['products', 'common']);
  const id = useIdParam();
  const query = useQuery({ ...productQuery(id ?? 0), enabled: id !== null });

  return (
    <RecordState id={id} query={query} notFound={t('notFound')}>
      {(data) => (
        <>
          <Summary p={data} />
          <Rules p={data} />
        </>
      )}
    </RecordState>
  );
}
