import type { ProductDetail, ProductFormOptions, TicTypeOption } from '../../../shared/api/products.ts';
import { get, post } from '../../lib/request.ts';

export const TIC_TYPE_BASE = '/web/api/admin/ticType';
export const PRODUCT_BASE = '/web/api/admin/ticket';

/** Enabled categories of the area (selects). */
export const ticTypesQuery = () => ({
  queryKey: ['products', 'ticTypes'] as const,
  queryFn: () => post<TicTypeOption[]>(`${TIC_TYPE_BASE}/list`),
  staleTime: 30_000,
});

/** What the product form offers (categories, notices, agreements, print templates, defaults). */
export const formOptionsQuery = () => ({
  queryKey: ['products', 'formOptions'] as const,
  queryFn: () => get<ProductFormOptions>(`${PRODUCT_BASE}/formOptions`),
  staleTime: 30_000,
});

/** One product with everything (form and detail page). */
export const productQuery = (id: number) => ({
  queryKey: ['products', 'detail', id] as const,
  queryFn: () => get<ProductDetail>(`${PRODUCT_BASE}/query`, { id }, { silent: true }),
});
