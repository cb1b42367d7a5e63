import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { productApi, type ProductRow, type TicTypeOption } from '../../../shared/api/products.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { ProductField } from '../../../shared/dict/product-fields.ts';
import { BuyChannel, PRODUCT_TYPE, ProductType, SHELF, ShelfStatus } from '../../../shared/dict/product.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { ticTypesQuery } from './product-api.ts';

function ChannelTags({ codes }: { codes: number[] }) {
  const label = useLabel();
  return (
    <Space size={[0, 4]} wrap>
      {codes.map((code) => (
        <Tag key={code}>
          {label(BuyChannel[code as keyof typeof BuyChannel] ?? { zh: `${code}`, en: `${code}` })}
        </Tag>
      ))}
    </Space>
  );
}

function ShelfButton({ row, onDone }: { row: ProductRow; onDone: () => void }) {
  const { t } = useTranslation('products');
  const on = row.shelfStatus !== SHELF.on;
  return (
    <ConfirmAction
      perm="admin:ticket:update"
      title={t(on ? 'onShelf' : 'offShelf')}
      description={t(on ? 'onShelfConfirm' : 'offShelfConfirm', { name: row.name })}
      action={() => post(productApi.shelf, { ids: [row.id], shelfStatus: on ? SHELF.on : SHELF.off })}
      onSuccess={onDone}
    >
      {t(on ? 'onShelf' : 'offShelf')}
    </ConfirmAction>
  );
}

function Toolbar() {
  const { t } = useTranslation(['products', 'listPage']);
  const navigate = useNavigate();
  return (
    <>
      <Can perm="admin:ticket:create">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate('/ticket/scenicTicDetail')}
        >
          {t('listPage:create')}
        </Button>
      </Can>
      <Can perm="admin:theatre:page">
        <Button onClick={() => void navigate('/ticket/theatreManage')}>{t('theatreManage')}</Button>
      </Can>
    </>
  );
}

function RowActions({ row, reload }: { row: ProductRow; reload: () => void }) {
  const { t } = useTranslation(['products', 'listPage']);
  const navigate = useNavigate();
  const link = (text: string, to: string) => (
    <Button type="link" size="small" onClick={() => void navigate(to)}>
      {text}
    </Button>
  );
  return (
    <>
      {link(t('listPage:detail'), `/ticket/productDetail?id=${row.id}`)}
      <Can perm="admin:ticket:update">{link(t('listPage:edit'), `/ticket/scenicTicDetail?id=${row.id}`)}</Can>
      {row.productType === PRODUCT_TYPE.performance ? (
        <Can perm="admin:theatre:page">
          {link(t('shows'), `/ticket/theaterTicDetail?productId=${row.id}`)}
        </Can>
      ) : (
        <Can perm="admin:priceCalendar:page">
          {link(t('priceCalendar'), `/ticket/priceCalendar?productId=${row.id}`)}
        </Can>
      )}
      <ShelfButton row={row} onDone={reload} />
    </>
  );
}

/** docs/product.md §2 /ticket/good: the area's ticket products. */
export default function ProductListPage() {
  const types = useQuery(ticTypesQuery());

  // categories as a dictionary for the search select (names are the same in both languages)
  const typeDict = useMemo(
    () =>
      Object.fromEntries(
        (types.data ?? []).map((type: TicTypeOption) => [
          type.id,
          { zh: type.name, en: type.name } as DictEntry,
        ]),
      ),
    [types.data],
  );

  const definition = useMemo(
    () =>
      defineListPage<ProductRow>({
        id: 'ticket.good',
        url: productApi.page,
        exportUrl: productApi.export,
        rowKey: 'id',
        perms: { delete: 'admin:ticket:delete', export: 'admin:ticket:page' },
        search: [
          { kind: 'text', name: 'name', label: ProductField.name, maxLength: 100 },
          { kind: 'dict', name: 'typeId', label: ProductField.typeId, dict: typeDict },
          { kind: 'dict', name: 'productType', label: ProductField.productType, dict: ProductType },
          { kind: 'dict', name: 'shelfStatus', label: ProductField.shelfStatus, dict: ShelfStatus },
          { kind: 'dict', name: 'channel', label: ProductField.channels, dict: BuyChannel },
        ],
        columns: [
          { key: 'name', title: ProductField.name, sortable: true, width: 200 },
          { key: 'typeName', title: ProductField.typeId, width: 110 },
          {
            key: 'productType',
            title: ProductField.productType,
            kind: 'dict',
            dict: ProductType,
            width: 100,
          },
          { key: 'price', title: ProductField.price, kind: 'money', sortable: true, width: 100 },
          { key: 'marketPrice', title: ProductField.marketPrice, kind: 'money', width: 100 },
          {
            key: 'channels',
            title: ProductField.channels,
            render: (_, row) => <ChannelTags codes={row.channels} />,
            width: 260,
          },
          {
            key: 'shelfStatus',
            title: ProductField.shelfStatus,
            kind: 'dict',
            dict: ShelfStatus,
            width: 100,
          },
          { key: 'sort', title: ProductField.sort, sortable: true, width: 80 },
          { key: 'createTime', title: ProductField.createTime, kind: 'dateTime', sortable: true },
        ],
        delete: { url: productApi.delete },
        toolbar: () => <Toolbar />,
        rowActions: (row, { reload }) => <RowActions row={row} reload={reload} />,
        actionWidth: 300,
      }),
    [typeDict],
  );

  return <ListPage definition={definition} />;
}
