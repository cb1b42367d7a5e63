import type { AnyObject } from 'antd/es/_util/type';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import type { Permission } from '../../../shared/perms.ts';
import type { Namespaces } from '../../locales/index.ts';
import type { Dict } from '../dict-tag.tsx';

/** A console text as `'namespace:key'`, checked against the locale files. */
export type LocaleKey = {
  [N in keyof Namespaces]: `${N & string}:${keyof Namespaces[N]['zh'] & string}`;
}[keyof Namespaces];

/** A label is a locale key or a dictionary entry (never a literal string). */
export type Label = LocaleKey | DictEntry;

export type Perm = Permission | readonly Permission[];

export type Row = AnyObject;

/** How a column shows its value; `render` overrides the kind. */
export type ColumnKind = 'text' | 'dict' | 'money' | 'dateTime' | 'boolean';

export interface ColumnDef<T extends Row> {
  /** The row field shown (and the sort field when `sortable` is true). */
  key: string;
  title: Label;
  kind?: ColumnKind;
  /** For kind 'dict'. */
  dict?: Dict;
  render?: (value: unknown, row: T) => ReactNode;
  /** Offer sorting; true sorts by `key`, a string by that server sort field. */
  sortable?: boolean | string;
  /** Hidden until the user shows it in the column settings. */
  hidden?: boolean;
  width?: number;
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
}

interface SearchFieldBase {
  /** Form field, URL parameter and (unless mapped) request field. */
  name: string;
  label: Label;
  placeholder?: Label;
  /** Width of the control in px. */
  width?: number;
}

export type SearchFieldDef =
  | (SearchFieldBase & { kind: 'text'; maxLength?: number })
  | (SearchFieldBase & { kind: 'number'; min?: number; max?: number })
  | (SearchFieldBase & {
      kind: 'dict';
      dict: Dict;
      codes?: readonly (number | string)[];
      multiple?: boolean;
      /** Request field when it differs from `name`. */
      param?: string;
      /** The request value of a chosen code (e.g. 'success' → true). */
      toParam?: (code: number | string) => unknown;
    })
  | (SearchFieldBase & {
      kind: 'dateRange';
      /** Request (and URL) fields of the start and end, sent as ISO strings. */
      from: string;
      to: string;
      /** Date and time to the second (TimeRangePicker); else whole days. */
      time?: boolean;
      allowFuture?: boolean;
      /**
       * Calendar days sent as YYYY-MM-DD (an API `DateOnly`, e.g. show dates), picked freely: no
       * docs/product.md §5 hand-pick limit and no look-back shortcuts.
       */
      dateOnly?: boolean;
    });

/** `money`: typed in yuan, held and sent as integer cents (min/max in cents). */
export type FormFieldKind =
  'text' | 'password' | 'textarea' | 'number' | 'money' | 'dict' | 'switch' | 'custom';

export interface FormFieldDef {
  name: string;
  label: Label;
  kind?: FormFieldKind;
  dict?: Dict;
  codes?: readonly (number | string)[];
  multiple?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  placeholder?: Label;
  /** Help text under the field. */
  extra?: Label;
  /** Shows the required mark (the schema decides what is really required). */
  required?: boolean;
  /** Shown but read-only when editing, and not sent with an update (e.g. a fixed code). */
  createOnly?: boolean;
  /** Only in the edit form. */
  editOnly?: boolean;
  /** For kind 'custom': the control (antd Form passes value/onChange to it). */
  render?: (ctx: { mode: FormMode }) => ReactNode;
}

export type FormMode = 'create' | 'edit';

export interface FormDef<T extends Row> {
  createUrl?: string;
  updateUrl?: string;
  /** The server's schemas (src/shared/api): the form is checked with them before sending. */
  createSchema?: z.ZodType;
  updateSchema?: z.ZodType;
  fields: readonly FormFieldDef[];
  /** Values of a new record's form. */
  initialValues?: Record<string, unknown>;
  /** The edit form's values (default: the row's fields of the same names). */
  toValues?: (row: T) => Record<string, unknown>;
  /**
   * Fields the user's change of another empties: `{ linkType: ['linkId'] }` (a banner's target
   * means nothing under another link type). Filling the form does not count as a change.
   */
  clears?: Record<string, readonly string[]>;
  /** The request body to validate (default: the values, plus the row key when editing). */
  toBody?: (values: Record<string, unknown>, row: T | undefined) => Record<string, unknown>;
  /** After validation, before sending (e.g. encrypt a password). */
  beforeSubmit?: (body: unknown, mode: FormMode) => unknown | Promise<unknown>;
  /** After a successful save, with the server's answer (e.g. show a secret once). */
  onSaved?: (result: unknown, ctx: { mode: FormMode; row: T | undefined }) => void;
  container?: 'drawer' | 'modal';
  width?: number;
}

export interface DetailDef<T extends Row> {
  /** Column keys to list (default: every column). */
  fields?: readonly string[];
  /** More content below the list (e.g. a diff). */
  extra?: (row: T) => ReactNode;
  width?: number;
}

export interface RowActionContext {
  /** Refreshes the list (all pages of its url). */
  reload: () => void;
}

export interface ListPageDefinition<T extends Row> {
  /** Remembers column visibility and density under this key. */
  id: string;
  /** POST { page, limit, sort?, order?, ...filters } → { rows, total }. */
  url: string;
  /**
   * Fixed request fields, sent with the list and its export: the parent record a list belongs to
   * (e.g. `{ productId }`, taken from the screen's own URL parameter, which the list keeps).
   */
  params?: Record<string, unknown>;
  /** The order asked for until the user sorts by a column. */
  defaultSort?: { sort: string; order: 'asc' | 'desc' };
  /**
   * Sends the list's request when not with the console's session (the copyright screen's own
   * token); it should not show errors itself: the table shows them.
   */
  request?: (url: string, body: Record<string, unknown>) => Promise<unknown>;
  /**
   * Milliseconds between refreshes of the shown page while its tab is in front (live states: a
   * device's online state, a gate's last scan); none by default.
   */
  refreshEvery?: number;
  /** A heading over the list, for a list that shares its screen. */
  title?: Label;
  /** POST the same filters → an .xlsx download of all pages. */
  exportUrl?: string;
  rowKey: keyof T & string;
  columns: readonly ColumnDef<T>[];
  search?: readonly SearchFieldDef[];
  perms?: { create?: Perm; update?: Perm; delete?: Perm; status?: Perm; export?: Perm };
  form?: FormDef<T>;
  detail?: DetailDef<T>;
  /** GET url?<rowKey>= (default) or POST body(row); `confirm`: the question, when not the usual one. */
  delete?: {
    url: string;
    method?: 'GET' | 'POST';
    body?: (row: T) => Record<string, unknown>;
    confirm?: LocaleKey;
    /** Rows that can be deleted (default all): the button is not shown on the others. */
    when?: (row: T) => boolean;
  };
  /** Batch enable/disable: POST { ids, status } (docs/product.md §4: 1 enabled, 2 disabled). */
  status?: {
    url: string;
    body?: (ids: unknown[], status: number) => unknown;
    enabled?: number;
    disabled?: number;
    /**
     * What the two buttons say: 启用/禁用 (default), 显示/隐藏 for what the mini-program shows, or
     * 上架/下架 for what is offered (coupons).
     */
    wording?: 'enable' | 'show' | 'shelf';
  };
  /** More buttons in a row's action column. */
  rowActions?: (row: T, ctx: RowActionContext) => ReactNode;
  /** More buttons in the toolbar. */
  toolbar?: (ctx: RowActionContext) => ReactNode;
  /** Width of the action column. */
  actionWidth?: number;
}

/** Types a definition for its row type: `defineListPage<OauthRow>({ ... })`. */
export function defineListPage<T extends Row>(definition: ListPageDefinition<T>): ListPageDefinition<T> {
  return definition;
}
