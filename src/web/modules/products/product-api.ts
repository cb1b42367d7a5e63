import {
  productApi,
  ticTypeApi,
  type ProductDetail,
  type ProductFormOptions,
  type TicTypeOption,
} from '../../../shared/api/products.ts';
import { get, post } from '../../lib/request.ts';

/** Enabled categories of the area (selects). */
export const ticTypesQuery = () => ({
  queryKey: ['products', 'ticTypes'] as const,
  queryFn: () => post<TicTypeOption[]>(ticTypeApi.list),
  staleTime: 30_000,
});

/** What the product form offers (categories, notices, agreements, print templates, defaults). */
export const formOptionsQuery = () => ({
  queryKey: ['products', 'formOptions'] as const,
  queryFn: () => get<ProductFormOptions>(productApi.formOptions),
  staleTime: 30_000,
});

/** One product with everything (form and detail page). */
export const productQuery = (id: number) => ({
  queryKey: ['products', 'detail', id] as const,
  queryFn: () => get<ProductDetail>(productApi.query, { id }, { silent: true }),
});
