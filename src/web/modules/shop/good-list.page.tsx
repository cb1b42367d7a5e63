import { PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shopGoodApi, type ShopCategoryOption, type ShopGoodRow } from '../../../shared/api/shop.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { ShelfStatus, ShopField } from '../../../shared/dict/shop.ts';
import { Can, usePermission } from '../../components/can.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { GOOD_QUERY_PATH, PriceRange, StockButton, useCategoryTree } from './shop-parts.tsx';

function RowActions({ row, reload }: { row: ShopGoodRow; reload: () => void }) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  return (
    <>
      <Can perm="shop:good:update">
        <Button type="link" size="small" onClick={() => void navigate(`${GOOD_QUERY_PATH}?id=${row.id}`)}>
          {t('edit')}
        </Button>
      </Can>
      <StockButton row={row} onDone={reload} />
    </>
  );
}

function CreateButton() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const can = usePermission();
  return (
    <>
      <Can perm="shop:good:create">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(GOOD_QUERY_PATH)}>
          {t('newGoods')}
        </Button>
      </Can>
      {/* the hidden shop screens open from here (docs/decisions.md "Online shop") */}
      {can('shop:account:page') && (
        <Button onClick={() => void navigate('/shop/accountManage')}>{t('shopAccounts')}</Button>
      )}
      {can('shop:invoiceSet:page') && (
        <Button onClick={() => void navigate('/shop/storeInvoiceSet')}>{t('invoiceSettings')}</Button>
      )}
    </>
  );
}

function StockText({ row }: { row: ShopGoodRow }) {
  const { t } = useTranslation('shop');
  return row.stock > 0 ? row.stock : <Typography.Text type="danger">{t('soldOut')}</Typography.Text>;
}

/** The category filter's choices: both levels, a child shown under its parent's name. */
function categoryDict(tree: ShopCategoryOption[]): Record<number, DictEntry> {
  const dict: Record<number, DictEntry> = {};
  for (const c of tree) {
    dict[c.id] = { zh: c.name, en: c.name };
    for (const k of c.children) dict[k.id] = { zh: `${c.name} / ${k.name}`, en: `${c.name} / ${k.name}` };
  }
  return dict;
}

function goodsDefinition(categories: Record<number, DictEntry>) {
  return defineListPage<ShopGoodRow>({
    id: 'shop.good',
    url: shopGoodApi.page,
    exportUrl: shopGoodApi.export,
    rowKey: 'id',
    perms: {
      update: 'shop:good:update',
      delete: 'shop:good:delete',
      status: 'shop:good:update',
      export: 'shop:good:page',
    },
    search: [
      {
        kind: 'text',
        name: 'name',
        label: ShopField.goodsName,
        placeholder: 'shop:goodsPlaceholder',
        maxLength: 60,
      },
      { kind: 'dict', name: 'categoryId', label: ShopField.category, dict: categories },
      { kind: 'dict', name: 'status', label: ShopField.shelf, dict: ShelfStatus },
      {
        kind: 'text',
        name: 'code',
        label: ShopField.skuCode,
        placeholder: 'shop:codePlaceholder',
        maxLength: 40,
      },
    ],
    columns: [
      {
        key: 'cover',
        title: ShopField.cover,
        width: 72,
        render: (value) => (value ? <img src={String(value)} alt="" width={48} height={48} /> : null),
      },
      { key: 'name', title: ShopField.goodsName, sortable: true, width: 200, ellipsis: true },
      { key: 'categoryName', title: ShopField.category, width: 110 },
      { key: 'minPrice', title: ShopField.price, width: 170, render: (_, row) => <PriceRange row={row} /> },
      { key: 'stock', title: ShopField.stock, width: 80, render: (_, row) => <StockText row={row} /> },
      { key: 'skuCount', title: ShopField.specs, width: 70, hidden: true },
      { key: 'sales', title: ShopField.sales, sortable: true, width: 80 },
      { key: 'status', title: ShopField.shelf, kind: 'dict', dict: ShelfStatus, width: 90 },
      { key: 'sort', title: ShopField.sort, sortable: true, width: 70 },
      { key: 'createTime', title: ShopField.createTime, kind: 'dateTime', sortable: true },
    ],
    delete: { url: shopGoodApi.delete, confirm: 'shop:deleteConfirm' },
    status: { url: shopGoodApi.status, enabled: 1, disabled: 2, wording: 'shelf' },
    rowActions: (row, { reload }) => <RowActions row={row} reload={reload} />,
    toolbar: () => <CreateButton />,
    actionWidth: 200,
  });
}

/** docs/product.md §2 /shop/good: goods with price range, stock and sales; bulk shelf on/off; stock adjustments. */
export default function GoodListPage() {
  const tree = useCategoryTree();
  // rebuilt once the categories arrive (the filter's choices), not on every render
  const definition = useMemo(() => goodsDefinition(categoryDict(tree.data ?? [])), [tree.data]);
  return <ListPage definition={definition} />;
}
