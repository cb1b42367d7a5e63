// The list-page framework: a list screen is a definition handed to <ListPage> (docs/adding-a-screen.md).
export { ListPage } from './list-page.tsx';
export { defineListPage } from './types.ts';
export type {
  ColumnDef,
  ColumnKind,
  DetailDef,
  FormDef,
  FormFieldDef,
  FormMode,
  Label,
  ListPageDefinition,
  LocaleKey,
  RowActionContext,
  SearchFieldDef,
} from './types.ts';
export { useLabel } from './labels.ts';
export { FormDrawer } from './form-drawer.tsx';
export { DetailDrawer } from './detail-drawer.tsx';
export { ColumnSettings } from './column-settings.tsx';
export { renderValue } from './render.tsx';
export { downloadExport, saveBlob } from './export.ts';
export {
  validateWithSchema,
  issueMessage,
  showFieldErrors,
  clearErrorsOnEdit,
  type FieldError,
} from './zod-form.ts';
export { parseListState, serializeListState, listBody, filtersBody, sortBody } from './url-state.ts';
export { useList, useListReload } from './use-list.ts';
export { useListTotals } from './use-list-totals.ts';
export { useColumnPrefs, columnPrefsKey } from './column-prefs.ts';
export { listQueryKey, cleanParams, type PageResult } from './query.ts';
