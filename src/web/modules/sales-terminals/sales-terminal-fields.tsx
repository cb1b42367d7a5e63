import type { MachineRow, WindowRow } from '../../../shared/api/sales-terminals.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import {
  PrinterPaper,
  ProfileConfigured,
  SalesTerminalField as F,
} from '../../../shared/dict/sales-terminals.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import type { ColumnDef, FormFieldDef, SearchFieldDef } from '../../components/list-page/index.ts';
import type { Label } from '../../components/list-page/types.ts';
import { NameTags, PayWayTags, type useOptions } from './sales-terminal-parts.tsx';

// What the ticket windows' and the self-service machines' list definitions share.

type Options = ReturnType<typeof useOptions>;
type SalesTerminalRow = MachineRow | WindowRow;

/** The filters: name or serial, online, status, then `more`, then product and configured. */
export function terminalSearch(options: Options, more: readonly SearchFieldDef[] = []): SearchFieldDef[] {
  return [
    { kind: 'text', name: 'name', label: 'salesTerminals:nameOrSerial', maxLength: 64 },
    { kind: 'dict', name: 'online', label: F.online, dict: TerminalOnline },
    { kind: 'dict', name: 'status', label: F.status, dict: EnableStatus },
    ...more,
    { kind: 'dict', name: 'productId', label: F.product, dict: options.products, width: 220 },
    { kind: 'dict', name: 'configured', label: F.configured, dict: ProfileConfigured },
  ];
}

export const productsColumn = <T extends SalesTerminalRow>(): ColumnDef<T> => ({
  key: 'products',
  title: F.products,
  width: 260,
  render: (_, row) => <NameTags names={row.products.map((p) => p.name)} />,
});

export const payWaysColumn = <T extends SalesTerminalRow>(width: number): ColumnDef<T> => ({
  key: 'payWays',
  title: F.payWays,
  width,
  render: (_, row) => <PayWayTags codes={row.payWays} />,
});

/** The printer's model (hidden) and paper. */
export const paperColumns = <T extends SalesTerminalRow>(): ColumnDef<T>[] => [
  { key: 'printerModel', title: F.printerModel, hidden: true },
  { key: 'paper', title: F.paper, kind: 'dict', dict: PrinterPaper },
];

/** Online, status, and (hidden) configured and last seen. */
export const stateColumns = <T extends SalesTerminalRow>(): ColumnDef<T>[] => [
  { key: 'online', title: F.online, kind: 'dict', dict: TerminalOnline },
  { key: 'status', title: F.status, kind: 'dict', dict: EnableStatus },
  { key: 'configured', title: F.configured, kind: 'dict', dict: ProfileConfigured, hidden: true },
  { key: 'lastSeenTime', title: F.lastSeen, kind: 'dateTime', sortable: true, hidden: true },
];

export const productsField = (options: Options): FormFieldDef => ({
  name: 'productIds',
  label: F.products,
  kind: 'dict',
  dict: options.products,
  codes: options.productCodes,
  multiple: true,
  extra: 'salesTerminals:productsHint',
});

export const payWaysField = (codes: readonly number[], extra: Label): FormFieldDef => ({
  name: 'payWays',
  label: F.payWays,
  kind: 'dict',
  dict: PayWay,
  codes,
  multiple: true,
  extra,
});

export const printerFields: FormFieldDef[] = [
  { name: 'printerModel', label: F.printerModel, maxLength: 50 },
  { name: 'paper', label: F.paper, kind: 'dict', dict: PrinterPaper },
];
