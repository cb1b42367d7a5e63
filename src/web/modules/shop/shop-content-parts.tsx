import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Space, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopGoodApi, type ShopGoodRow } from '../../../shared/api/shop.ts';
import {
  shopCarouselApi,
  shopServeModelApi,
  shopServiceApi,
  type ShopServeModelOption,
  type ShopArticleOption,
  type ShopServiceRow,
} from '../../../shared/api/shop-content.ts';
import { CAROUSEL_LINK, HOME_MODULE_KIND } from '../../../shared/dict/shop-content.ts';
import { get, post } from '../../lib/request.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { ServicesSelect, useCategoryTree } from './shop-parts.tsx';
import type { ValueProps } from '../../components/field-props.ts';
import { IdsSelect } from '../../components/ids-select.tsx';

export function Thumb({ src }: { src: string }) {
  return src ? <img src={src} alt="" width={64} height={36} style={{ objectFit: 'cover' }} /> : null;
}

/** The area's service items, an invalid one marked (the template form's choices). */
export function ServiceItemsSelect({ id, value, onChange }: ValueProps<number[]>) {
  const { t } = useTranslation('shopContent');
  const services = useQuery({
    queryKey: [shopServiceApi.page, 'options'],
    queryFn: () =>
      post<{ rows: ShopServiceRow[] }>(shopServiceApi.page, { limit: 400, sort: 'sort', order: 'asc' }),
    staleTime: 0,
  });
  return (
    <IdsSelect
      id={id}
      value={value}
      onChange={onChange}
      loading={services.isPending}
      placeholder={t('servicesPlaceholder')}
      options={(services.data?.rows ?? []).map((s) => ({
        value: s.id,
        label: s.status === 1 ? s.name : `${s.name}（${t('invalid')}）`,
      }))}
    />
  );
}

/** Goods a picker offers at a time: the first by sort, or those whose name holds what was typed. */
const GOODS_PICKER_LIMIT = 50;

/**
 * The goods of a picker, searched on the server by name as the user types, plus the goods already
 * chosen (so their names show whatever the search); goods off the shelf are marked.
 */
function useGoodsOptions(chosen: readonly number[]) {
  const { t } = useTranslation('shopContent');
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: [shopGoodApi.page, 'picker', search],
    queryFn: () =>
      post<{ rows: ShopGoodRow[] }>(
        shopGoodApi.page,
        { name: search || undefined, limit: GOODS_PICKER_LIMIT },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
  const listed = new Set((found.data?.rows ?? []).map((g) => g.id));
  const missing = chosen.filter((id) => !listed.has(id));
  const named = useQuery({
    queryKey: [shopGoodApi.page, 'picker-chosen', missing],
    queryFn: () =>
      post<{ rows: ShopGoodRow[] }>(shopGoodApi.page, { ids: missing, limit: 100 }, { silent: true }),
    enabled: missing.length > 0,
  });
  const rows = [...(found.data?.rows ?? []), ...(named.data?.rows ?? []).filter((g) => !listed.has(g.id))];
  return {
    loading: found.isFetching,
    onSearch: setSearch,
    options: rows.map((g) => ({
      value: g.id,
      label: g.status === 1 ? g.name : `${g.name}（${t('offShelf')}）`,
    })),
  };
}

/** Several goods, in the order chosen (a home module's list). */
export function GoodsMultiSelect({
  id,
  value,
  onChange,
  disabled,
}: ValueProps<number[]> & { disabled?: boolean }) {
  const { t } = useTranslation('shopContent');
  const { loading, onSearch, options } = useGoodsOptions(value ?? []);
  return (
    <IdsSelect
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      disabled={disabled}
      placeholder={t(disabled ? 'notForKind' : 'goodsPlaceholder')}
      showSearch={{ filterOption: false, onSearch }}
      options={options}
    />
  );
}

/** The home module's goods: chosen ones when the module lists chosen goods, otherwise not asked. */
export function ModuleGoodsField(props: ValueProps<number[]>) {
  const kind = Form.useWatch<number | undefined>('kind', Form.useFormInstance());
  return <GoodsMultiSelect {...props} disabled={kind !== HOME_MODULE_KIND.goods} />;
}

/** The home module's category (either level) when the module lists a category. */
export function ModuleCategoryField({ id, value, onChange }: ValueProps<number | null>) {
  const { t } = useTranslation('shopContent');
  const kind = Form.useWatch<number | undefined>('kind', Form.useFormInstance());
  const tree = useCategoryTree();
  const disabled = kind !== HOME_MODULE_KIND.category;
  return (
    <TreeSelect<number>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={tree.isPending}
      disabled={disabled}
      placeholder={t(disabled ? 'notForKind' : 'categoryPlaceholder')}
      treeDefaultExpandAll
      showSearch
      allowClear
      treeNodeFilterProp="title"
      treeData={(tree.data ?? []).map((c) => ({
        value: c.id,
        title: c.name,
        children: c.children.map((k) => ({ value: k.id, title: k.name })),
      }))}
    />
  );
}

/** The banner's target: goods or a published article, as its link type asks. */
export function LinkTargetField({ id, value, onChange }: ValueProps<number | null>) {
  const { t } = useTranslation('shopContent');
  const linkType = Form.useWatch<number | undefined>('linkType', Form.useFormInstance());
  const goods = useGoodsOptions(value ? [value] : []);
  const [articleSearch, setArticleSearch] = useState('');
  const articles = useQuery({
    queryKey: [shopCarouselApi.articles, articleSearch, value],
    queryFn: () =>
      get<ShopArticleOption[]>(shopCarouselApi.articles, {
        title: articleSearch || undefined,
        id: value ?? undefined,
      }),
    enabled: linkType === CAROUSEL_LINK.article,
    placeholderData: keepPreviousData,
  });
  const common = {
    id,
    value: value ?? undefined,
    onChange: (v: number | undefined) => onChange?.(v ?? null),
    allowClear: true,
  };
  if (linkType === CAROUSEL_LINK.goods)
    return (
      <Select<number>
        {...common}
        showSearch={{ filterOption: false, onSearch: goods.onSearch }}
        loading={goods.loading}
        options={goods.options}
        placeholder={t('goodsPlaceholder')}
      />
    );
  if (linkType === CAROUSEL_LINK.article)
    return (
      <Select<number>
        {...common}
        showSearch={{ filterOption: false, onSearch: setArticleSearch }}
        loading={articles.isFetching}
        options={(articles.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
        placeholder={t('articlePlaceholder')}
        notFoundContent={t('noArticles')}
      />
    );
  return <Select id={id} disabled placeholder={t('notForLinkType')} />;
}

/** The banner's URL when its link type is a URL. */
export function LinkUrlField({ id, value, onChange }: ValueProps<string>) {
  const { t } = useTranslation('shopContent');
  const linkType = Form.useWatch<number | undefined>('linkType', Form.useFormInstance());
  const enabled = linkType === CAROUSEL_LINK.url;
  return (
    <Input
      id={id}
      value={enabled ? (value ?? '') : ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={!enabled}
      maxLength={500}
      placeholder={t(enabled ? 'urlPlaceholder' : 'notForLinkType')}
    />
  );
}

/** A row's items as tags (an invalid or off-shelf one greyed). */
export function NameTags({ items }: { items: { id: number; name: string; status: number }[] }) {
  return (
    <Space size={[0, 4]} wrap>
      {items.map((i) => (
        <Tag key={i.id} color={i.status === 1 ? 'blue' : 'default'}>
          {i.name}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * The goods editor's services with the service templates (docs/decisions.md "Online shop"): applying a
 * template adds its effective services; new goods start with those of every effective default template.
 */
export function ServicesWithTemplates({
  id,
  value,
  onChange,
  isNew,
}: ValueProps<number[]> & { isNew: boolean }) {
  const { t } = useTranslation('shopContent');
  const templates = useQuery({
    queryKey: [shopServeModelApi.options],
    queryFn: () => get<ShopServeModelOption[]>(shopServeModelApi.options),
    staleTime: 0,
  });
  const form = Form.useFormInstance();
  const blank = isNew && (value ?? []).length === 0;
  // a new goods item's services, once the templates are here and until they are chosen by hand
  // (the editor's reset of a blank form empties them again: then they are filled again)
  useEffectOnChange(() => {
    if (!blank || !templates.data || form.isFieldTouched('serviceIds')) return;
    const defaults = [...new Set(templates.data.filter((m) => m.isDefault).flatMap((m) => m.serviceIds))];
    if (defaults.length) onChange?.(defaults);
  }, [templates.data, blank]);
  const apply = (templateId: number) => {
    const template = templates.data?.find((m) => m.id === templateId);
    if (template) onChange?.([...new Set([...(value ?? []), ...template.serviceIds])]);
  };
  return (
    <Space.Compact block>
      <ServicesSelect id={id} value={value ?? []} onChange={(v) => onChange?.(v)} />
      <Select<number>
        aria-label={t('applyTemplate')}
        placeholder={t('applyTemplate')}
        value={null}
        onChange={apply}
        loading={templates.isPending}
        style={{ width: 160 }}
        options={(templates.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
      />
    </Space.Compact>
  );
}
