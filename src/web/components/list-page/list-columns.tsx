import { Button, Space, type TableProps } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../lib/request.ts';
import { Can } from '../can.tsx';
import { ConfirmAction } from '../confirm-action.tsx';
import type { useColumnPrefs } from './column-prefs.ts';
import { useLabel } from './labels.ts';
import { renderValue } from './render.tsx';
import type { ListPageDefinition, Perm, Row } from './types.ts';
import { sortKeyOf } from './use-list.ts';
import type { ListState } from './url-state.ts';

/** A control that needs `perm` (when the definition names one): disabled without it (docs/product.md §5). */
export function Guard({
  perm,
  children,
}: {
  perm: Perm | undefined;
  children: ReactElement<{ disabled?: boolean }>;
}) {
  return perm ? <Can perm={perm}>{children}</Can> : children;
}

interface RowActionsProps<T extends Row> {
  definition: ListPageDefinition<T>;
  row: T;
  reload: () => void;
  onDetail: (row: T) => void;
  onEdit: (row: T) => void;
}

/** A row's buttons: detail, edit, delete (asked first), then the definition's own. */
function RowActions<T extends Row>({ definition: d, row, reload, onDetail, onEdit }: RowActionsProps<T>) {
  const { t } = useTranslation('listPage');
  const label = useLabel();
  const del = d.delete;
  const remove = () => {
    const params = del!.body?.(row) ?? { id: row[d.rowKey] as unknown };
    return del!.method === 'POST'
      ? post(del!.url, params)
      : get(del!.url, params as Record<string, string | number>);
  };
  return (
    <Space size={0} wrap>
      {d.detail && (
        <Button type="link" size="small" onClick={() => onDetail(row)}>
          {t('detail')}
        </Button>
      )}
      {d.form?.updateUrl && (
        <Guard perm={d.perms?.update}>
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            {t('edit')}
          </Button>
        </Guard>
      )}
      {del && (del.when?.(row) ?? true) && (
        <ConfirmAction
          perm={d.perms?.delete}
          title={label(del.confirm ?? 'listPage:deleteConfirm')}
          okDanger
          button={{ type: 'link', size: 'small', danger: true }}
          action={remove}
          onSuccess={reload}
        >
          {t('delete')}
        </ConfirmAction>
      )}
      {d.rowActions?.(row, { reload })}
    </Space>
  );
}

const sortOrder = (state: ListState, key: string) =>
  state.sort === key ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

/** The table columns of a definition: the visible ones, sort state from the URL, and the actions. */
export function useListColumns<T extends Row>(
  d: ListPageDefinition<T>,
  state: ListState,
  prefs: ReturnType<typeof useColumnPrefs>,
  handlers: Omit<RowActionsProps<T>, 'definition' | 'row'>,
): NonNullable<TableProps<T>['columns']> {
  const { t } = useTranslation('listPage');
  const label = useLabel();
  const yesNo = { yes: t('yes'), no: t('no') };
  const columns: NonNullable<TableProps<T>['columns']> = d.columns
    .filter((c) => prefs.isVisible(c.key))
    .map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: label(c.title),
      width: c.width,
      ellipsis: c.ellipsis,
      fixed: c.fixed,
      render: (_: unknown, row: T) => renderValue(c, row, yesNo),
      ...(c.sortable ? { sorter: true, sortOrder: sortOrder(state, sortKeyOf(c)) } : {}),
    }));
  if (d.detail || d.form?.updateUrl || d.delete || d.rowActions)
    columns.push({
      key: '__actions',
      title: t('actions'),
      fixed: 'right',
      width: d.actionWidth,
      render: (_: unknown, row: T) => <RowActions definition={d} row={row} {...handlers} />,
    });
  return columns;
}
