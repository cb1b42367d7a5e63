import { EnableStatus } from '../../../shared/dict/account.ts';
import { ShopContentField } from '../../../shared/dict/shop-content.ts';
import { InstantField, WindowText } from '../../components/date-pickers.tsx';
import type { ColumnDef, FormFieldDef } from '../../components/list-page/index.ts';

// What the banners' and the home modules' list definitions share: the publishing window, the
// order and the status.

type Windowed = { startTime: string | null; endTime: string | null };

/** The window, sort, status and (hidden) creation columns. */
export const windowColumns = <T extends Windowed>({ sortable = false } = {}): ColumnDef<T>[] => [
  {
    key: 'startTime',
    title: ShopContentField.window,
    ...(sortable ? { sortable: true } : {}),
    width: 230,
    render: (_, row) => <WindowText from={row.startTime} to={row.endTime} />,
  },
  { key: 'sort', title: ShopContentField.sort, sortable: true, width: 80 },
  { key: 'status', title: ShopContentField.status, kind: 'dict', dict: EnableStatus, width: 90 },
  { key: 'createTime', title: ShopContentField.createTime, kind: 'dateTime', sortable: true, hidden: true },
];

/** The form's window, sort and status. */
export const windowFields: FormFieldDef[] = [
  {
    name: 'startTime',
    label: ShopContentField.startTime,
    kind: 'custom',
    extra: 'shopContent:windowHint',
    render: () => <InstantField />,
  },
  { name: 'endTime', label: ShopContentField.endTime, kind: 'custom', render: () => <InstantField /> },
  { name: 'sort', label: ShopContentField.sort, kind: 'number', min: 0, max: 9999 },
  { name: 'status', label: ShopContentField.status, kind: 'dict', dict: EnableStatus },
];
