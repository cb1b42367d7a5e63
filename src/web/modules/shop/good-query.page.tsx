import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Col, Divider, Form, Input, InputNumber, Radio, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  shopGoodApi,
  ShopGoodCreateSchema,
  ShopGoodUpdateSchema,
  type ShopGoodDetail,
  type ShopStockMoveRow,
} from '../../../shared/api/shop.ts';
import { ShelfStatus, ShopField, StockMoveReason } from '../../../shared/dict/shop.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { EditorPage, useEditor, type EditorDefinition } from '../../components/editor-page.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { LazyRichTextEditor } from '../../components/rich-text/index.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { ServicesWithTemplates } from './shop-content-parts.tsx';
import {
  CategorySelect,
  GalleryField,
  GOOD_LIST_PATH,
  GOOD_QUERY_PATH,
  goodQueryKey,
  ImageField,
  SkuTable,
  SpecEditor,
  skusFor,
  type SkuValue,
  type SpecValue,
} from './shop-parts.tsx';

type Values = {
  name?: string;
  subtitle?: string;
  categoryId?: number;
  cover?: string;
  gallery?: string[];
  detail?: string;
  serviceIds?: number[];
  specs?: SpecValue[];
  skus?: SkuValue[];
  status?: number;
  sort?: number;
};
const FIELDS = [
  'name',
  'subtitle',
  'categoryId',
  'cover',
  'gallery',
  'detail',
  'serviceIds',
  'specs',
  'skus',
  'status',
  'sort',
] as const;
const INITIAL: Values = {
  name: '',
  subtitle: '',
  cover: '',
  gallery: [],
  detail: '',
  serviceIds: [],
  specs: [],
  skus: skusFor([], []),
  status: 2,
  sort: 0,
};

/** The form's values of a loaded goods item. */
function valuesOf(data: ShopGoodDetail): Values {
  return {
    name: data.name,
    subtitle: data.subtitle,
    categoryId: data.categoryId,
    cover: data.cover,
    gallery: data.gallery,
    detail: data.detail,
    serviceIds: data.serviceIds,
    specs: data.specs,
    skus: data.skus.map((s) => ({ ...s, current: s.stock, stock: 0 })),
    status: data.status,
    sort: data.sort,
  };
}

const editor: EditorDefinition<Values, ShopGoodDetail> = {
  fields: FIELDS,
  initial: INITIAL,
  queryKey: goodQueryKey,
  queryUrl: shopGoodApi.query,
  toValues: valuesOf,
  toBody: (v) => ({
    name: v.name ?? '',
    subtitle: v.subtitle ?? '',
    categoryId: v.categoryId,
    cover: v.cover ?? '',
    gallery: v.gallery ?? [],
    detail: v.detail ?? '',
    serviceIds: v.serviceIds ?? [],
    specs: (v.specs ?? []).map((s) => ({ name: s.name.trim(), values: s.values })),
    // an existing SKU's stock changes only by a stock adjustment: not sent
    skus: (v.skus ?? []).map((s) => ({
      ...(s.id === undefined ? { stock: s.stock } : { id: s.id }),
      specValues: s.specValues,
      code: s.code.trim(),
      image: s.image,
      price: s.price ?? undefined,
      originalPrice: s.originalPrice ?? 0,
    })),
    status: v.status,
    sort: v.sort ?? 0,
  }),
  createUrl: shopGoodApi.create,
  updateUrl: shopGoodApi.update,
  createSchema: ShopGoodCreateSchema,
  updateSchema: ShopGoodUpdateSchema,
  refresh: [listQueryKey(shopGoodApi.page)],
  listPath: GOOD_LIST_PATH,
  editorPath: GOOD_QUERY_PATH,
};

/** The stock ledger of an existing goods item, newest first. */
function StockLedger({ goodsId }: { goodsId: number }) {
  const label = useLabel();
  const ledger = useQuery({
    queryKey: [shopGoodApi.stockMoves, goodsId],
    queryFn: () =>
      post<{ rows: ShopStockMoveRow[]; total: number }>(shopGoodApi.stockMoves, {
        goodsId,
        page: 1,
        limit: 50,
      }),
  });
  return (
    <Table<ShopStockMoveRow>
      size="small"
      rowKey="id"
      loading={ledger.isPending}
      dataSource={ledger.data?.rows ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'createTime',
          title: label(ShopField.createTime),
          dataIndex: 'createTime',
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        { key: 'sku', title: label(ShopField.specs), render: (_, r) => r.specValues.join(' / ') },
        {
          key: 'delta',
          title: label(ShopField.delta),
          dataIndex: 'delta',
          render: (v: number) => (v > 0 ? `+${v}` : v),
        },
        { key: 'stockAfter', title: label(ShopField.stockAfter), dataIndex: 'stockAfter' },
        {
          key: 'reason',
          title: label(ShopField.reason),
          render: (_, r) => <DictTag dict={StockMoveReason} value={r.reason} />,
        },
        { key: 'note', title: label(ShopField.note), dataIndex: 'note' },
        { key: 'operator', title: label(ShopField.operator), dataIndex: 'operator' },
      ]}
    />
  );
}

/** docs/product.md §2 /shop/goodQuery (hidden): create (no id) or edit (?id=) a goods item with its SKUs. */
export default function GoodQueryPage() {
  const { t } = useTranslation(['shop', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const { id, formProps, frame } = useEditor(editor, t('loadFailed'));

  return (
    <EditorPage
      {...frame}
      title={t(id == null ? 'newGoods' : 'editGoods')}
      backLabel={t('back')}
      savePerm={id == null ? 'shop:good:create' : 'shop:good:update'}
    >
      <Form {...formProps} name="shopGoods">
        <Divider titlePlacement="start">{t('basics')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={label(ShopField.goodsName)} required>
              <Input maxLength={60} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="categoryId" label={label(ShopField.category)} required>
              <CategorySelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subtitle" label={label(ShopField.subtitle)}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="serviceIds" label={label(ShopField.services)}>
              <ServicesWithTemplates isNew={id == null} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="status" label={label(ShopField.shelf)}>
              <Radio.Group
                options={Object.entries(ShelfStatus).map(([code, e]) => ({
                  value: Number(code),
                  label: e[lang],
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sort" label={label(ShopField.sort)}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="cover" label={label(ShopField.cover)}>
          <ImageField />
        </Form.Item>
        <Form.Item name="gallery" label={label(ShopField.gallery)} extra={t('galleryHint')}>
          <GalleryField />
        </Form.Item>
        <Divider titlePlacement="start">{t('specsAndSkus')}</Divider>
        <Form.Item name="specs" label={label(ShopField.specs)}>
          <SpecEditor />
        </Form.Item>
        <Form.Item name="skus" label={label(ShopField.skus)} extra={t('skuHint')} required>
          <SkuTable />
        </Form.Item>
        <Divider titlePlacement="start">{t('detailTitle')}</Divider>
        <Form.Item name="detail" label={label(ShopField.detail)}>
          <LazyRichTextEditor minHeight={240} maxHeight={560} />
        </Form.Item>
      </Form>
      {id != null && (
        <>
          <Divider titlePlacement="start">{t('ledger')}</Divider>
          <StockLedger goodsId={id} />
        </>
      )}
    </EditorPage>
  );
}
