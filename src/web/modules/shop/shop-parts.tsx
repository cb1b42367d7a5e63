import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  shopCategoryApi,
  shopGoodApi,
  SHOP_SPECS_MAX,
  type ShopCategoryOption,
  type ShopGoodDetail,
  type ShopGoodRow,
  type ShopSku,
} from '../../../shared/api/shop.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { MANUAL_STOCK_REASONS, ShopField, StockMoveReason } from '../../../shared/dict/shop.ts';
import { Can } from '../../components/can.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { errorField, get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { IdsSelect } from '../../components/ids-select.tsx';

export const GOOD_LIST_PATH = '/shop/good';
export const GOOD_QUERY_PATH = '/shop/goodQuery';
export const goodQueryKey = (id: number) => [shopGoodApi.query, id] as const;

/** The area's category tree (both levels), for pickers and the goods filter; fetched again on every mount. */
export function useCategoryTree() {
  return useQuery({
    queryKey: [shopCategoryApi.list],
    queryFn: () => get<ShopCategoryOption[]>(shopCategoryApi.list),
    // a category just filed on /shop/goodType shows in the next picker opened
    staleTime: 0,
  });
}

/** A top-level category as the parent, or none (a top-level category itself). */
export function ParentSelect({
  id,
  value,
  onChange,
  selfId,
}: ValueProps<number | null> & { selfId?: number }) {
  const { t } = useTranslation('shop');
  const tree = useCategoryTree();
  return (
    <Select<number | null>
      id={id}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      loading={tree.isPending}
      options={[
        { value: null, label: t('topLevel') },
        ...(tree.data ?? []).filter((c) => c.id !== selfId).map((c) => ({ value: c.id, label: c.name })),
      ]}
    />
  );
}

/** Any category of the tree (a goods item may be filed under either level). */
export function CategorySelect({ id, value, onChange }: ValueProps<number | undefined>) {
  const { t } = useTranslation('shop');
  const tree = useCategoryTree();
  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={tree.isPending}
      placeholder={t('categoryPlaceholder')}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      treeData={(tree.data ?? []).map((c) => ({
        value: c.id,
        title: c.name,
        children: c.children.map((k) => ({ value: k.id, title: k.name })),
      }))}
    />
  );
}

/** An uploaded image (the shared 500 KB jpg/jpeg/png/gif upload). */
export function ImageField({ value, onChange }: ValueProps<string>) {
  return <ImageUpload action={storageApi.uploadUnMove} value={value} onChange={(url) => onChange?.(url)} />;
}

/** Up to nine uploaded images in order; each can be removed. */
export function GalleryField({ value, onChange }: ValueProps<string[]>) {
  const { t } = useTranslation('shop');
  const images = value ?? [];
  const [adding, setAdding] = useState(false);
  return (
    <Space wrap align="start">
      {images.map((url, i) => (
        <Space key={`${url}-${i}`} direction="vertical" align="center">
          <ImageField
            value={url}
            onChange={(next) => onChange?.(images.map((u, k) => (k === i ? next : u)))}
          />
          <Button
            size="small"
            type="link"
            danger
            onClick={() => onChange?.(images.filter((_, k) => k !== i))}
          >
            {t('removeImage')}
          </Button>
        </Space>
      ))}
      {images.length < 9 &&
        (adding ? (
          <ImageField
            value=""
            onChange={(url) => {
              setAdding(false);
              if (url) onChange?.([...images, url]);
            }}
          />
        ) : (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('addImage')}
          </Button>
        ))}
    </Space>
  );
}

/** The effective services of the area (multiple choice). */
export function ServicesSelect({ id, value, onChange }: ValueProps<number[]>) {
  const { t } = useTranslation('shop');
  const services = useQuery({
    queryKey: [shopGoodApi.services],
    queryFn: () => get<{ id: number; name: string }[]>(shopGoodApi.services),
  });
  return (
    <IdsSelect
      id={id}
      value={value}
      onChange={onChange}
      loading={services.isPending}
      placeholder={t('servicesPlaceholder')}
      options={(services.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

export interface SpecValue {
  name: string;
  values: string[];
}
/** A SKU in the form: `id` for one that exists (its stock is shown, not edited). */
export interface SkuValue {
  id?: number;
  specValues: string[];
  code: string;
  image: string;
  price: number | null;
  originalPrice: number | null;
  stock: number;
  /** the stock of an existing SKU, shown read-only */
  current?: number;
}

/** Every combination of the specifications' values, in order (one empty combination without specs). */
function combinations(specs: SpecValue[]): string[][] {
  return specs.reduce<string[][]>(
    (acc, spec) => acc.flatMap((prefix) => spec.values.map((v) => [...prefix, v])),
    [[]],
  );
}

/** The SKUs of new specifications: each combination keeps the SKU it had, new ones start empty. */
export function skusFor(specs: SpecValue[], previous: SkuValue[]): SkuValue[] {
  const usable = specs.filter((s) => s.name.trim() && s.values.length);
  return combinations(usable).map((combo) => {
    const key = JSON.stringify(combo);
    return (
      previous.find((s) => JSON.stringify(s.specValues) === key) ?? {
        specValues: combo,
        code: '',
        image: '',
        price: null,
        originalPrice: null,
        stock: 0,
      }
    );
  });
}

/** The specifications (name and values); changing them rebuilds the SKU table below. */
export function SpecEditor({ value, onChange }: ValueProps<SpecValue[]>) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  const form = Form.useFormInstance();
  const specs = value ?? [];
  const change = (next: SpecValue[]) => {
    onChange?.(next);
    form.setFieldValue('skus', skusFor(next, (form.getFieldValue('skus') as SkuValue[] | undefined) ?? []));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {specs.length === 0 && <Typography.Text type="secondary">{t('noSpecs')}</Typography.Text>}
      {specs.map((spec, i) => (
        <Space key={i} align="start" wrap>
          <Input
            aria-label={label(ShopField.specName)}
            placeholder={t('specNamePlaceholder')}
            value={spec.name}
            maxLength={10}
            style={{ width: 140 }}
            onChange={(e) => change(specs.map((s, k) => (k === i ? { ...s, name: e.target.value } : s)))}
          />
          <Select<string[]>
            aria-label={label(ShopField.specValues)}
            mode="tags"
            value={spec.values}
            placeholder={t('specValuesPlaceholder')}
            style={{ minWidth: 320 }}
            open={false}
            onChange={(values) =>
              change(
                specs.map((s, k) =>
                  k === i ? { ...s, values: [...new Set(values.map((v) => v.trim()).filter(Boolean))] } : s,
                ),
              )
            }
          />
          <Tooltip title={t('removeSpec')}>
            <Button
              aria-label={t('removeSpec')}
              icon={<DeleteOutlined />}
              onClick={() => change(specs.filter((_, k) => k !== i))}
            />
          </Tooltip>
        </Space>
      ))}
      {specs.length < SHOP_SPECS_MAX && (
        <Button icon={<PlusOutlined />} onClick={() => change([...specs, { name: '', values: [] }])}>
          {t('addSpec')}
        </Button>
      )}
    </Space>
  );
}

/** One row per combination: code, price, list price, image and (for a new SKU) its opening stock. */
export function SkuTable({ value, onChange }: ValueProps<SkuValue[]>) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  const skus = value ?? [];
  const set = (i: number, patch: Partial<SkuValue>) =>
    onChange?.(skus.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  return (
    <Table<SkuValue>
      size="small"
      pagination={false}
      rowKey={(s) => JSON.stringify(s.specValues)}
      dataSource={skus}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'specs',
          title: label(ShopField.specs),
          render: (_, s) => (s.specValues.length ? s.specValues.join(' / ') : t('noSpecs')),
        },
        {
          key: 'price',
          title: label(ShopField.price),
          render: (_, s, i) => (
            <MoneyInput
              aria-label={label(ShopField.price)}
              value={s.price}
              onChange={(cents) => set(i, { price: cents })}
            />
          ),
        },
        {
          key: 'originalPrice',
          title: label(ShopField.originalPrice),
          render: (_, s, i) => (
            <MoneyInput
              aria-label={label(ShopField.originalPrice)}
              value={s.originalPrice}
              onChange={(cents) => set(i, { originalPrice: cents })}
            />
          ),
        },
        {
          key: 'stock',
          title: label(ShopField.stock),
          render: (_, s, i) =>
            s.id === undefined ? (
              <InputNumber
                aria-label={t('newSkuStock')}
                min={0}
                max={1_000_000}
                precision={0}
                value={s.stock}
                onChange={(n) => set(i, { stock: n ?? 0 })}
              />
            ) : (
              s.current
            ),
        },
        {
          key: 'code',
          title: label(ShopField.skuCode),
          render: (_, s, i) => (
            <Input
              aria-label={label(ShopField.skuCode)}
              value={s.code}
              maxLength={40}
              style={{ width: 160 }}
              onChange={(e) => set(i, { code: e.target.value })}
            />
          ),
        },
        {
          key: 'image',
          title: label(ShopField.skuImage),
          render: (_, s, i) => <ImageField value={s.image} onChange={(url) => set(i, { image: url })} />,
        },
      ]}
    />
  );
}

/** "¥12.00" or "¥12.00 - ¥30.00". */
export function PriceRange({ row }: { row: Pick<ShopGoodRow, 'minPrice' | 'maxPrice'> }) {
  if (row.minPrice === row.maxPrice) return <MoneyText cents={row.minPrice} />;
  return (
    <span>
      <MoneyText cents={row.minPrice} /> - <MoneyText cents={row.maxPrice} />
    </span>
  );
}

/** Adds or takes away stock of one SKU with a reason; the server writes the ledger and refuses below 0. */
export function StockButton({ row, onDone }: { row: ShopGoodRow; onDone: () => void }) {
  const { t } = useTranslation('shop');
  const { lang } = useSettings();
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ skuId: number; delta: number; reason: number; note: string }>();
  const detail = useQuery({
    queryKey: goodQueryKey(row.id),
    queryFn: () => get<ShopGoodDetail>(shopGoodApi.query, { id: row.id }),
    enabled: open,
  });
  const adjust = useAction((body: object) => post<ShopSku>(shopGoodApi.stock, body), {
    refresh: [goodQueryKey(row.id)],
    onSuccess: () => {
      setOpen(false);
      onDone();
    },
    onError: (error) => {
      const field = errorField(error);
      if (field && ['skuId', 'delta', 'reason', 'note'].includes(field))
        form.setFields([{ name: field as 'delta', errors: [(error as Error).message] }]);
    },
  });
  return (
    <>
      <Can perm="shop:good:stock">
        <Button type="link" size="small" onClick={() => setOpen(true)}>
          {t('stock')}
        </Button>
      </Can>
      {open && (
        <Modal
          open
          title={t('stockTitle', { goods: row.name })}
          onCancel={() => setOpen(false)}
          onOk={() => form.submit()}
          confirmLoading={adjust.pending}
        >
          <Form
            form={form}
            layout="vertical"
            name="shopStock"
            initialValues={{ reason: MANUAL_STOCK_REASONS[0], note: '' }}
            onFinish={(v) => void adjust.run({ ...v, note: v.note ?? '' })}
          >
            <Form.Item name="skuId" label={t('sku')} rules={[{ required: true, message: t('pickSku') }]}>
              <Select<number>
                loading={detail.isPending}
                options={(detail.data?.skus ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.specValues.join(' / ') || t('noSpecs')}（${label(ShopField.stock)} ${s.stock}）`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="delta"
              label={label(ShopField.delta)}
              extra={t('deltaHint')}
              rules={[{ required: true, type: 'integer' }]}
            >
              <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="reason"
              label={label(ShopField.reason)}
              rules={[{ required: true, message: t('pickReason') }]}
            >
              <Select<number>
                options={MANUAL_STOCK_REASONS.map((code) => ({
                  value: code,
                  label: StockMoveReason[code][lang],
                }))}
              />
            </Form.Item>
            <Form.Item name="note" label={label(ShopField.note)}>
              <Input maxLength={200} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
