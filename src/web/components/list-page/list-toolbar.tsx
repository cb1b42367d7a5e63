import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckCircleOutlined,
  DownloadOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DISABLED, ENABLED } from '../../../shared/dict/account.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { ConfirmAction } from '../confirm-action.tsx';
import type { useColumnPrefs } from './column-prefs.ts';
import { ColumnSettings } from './column-settings.tsx';
import { downloadExport } from './export.ts';
import { Guard } from './list-columns.tsx';
import type { ListPageDefinition, Row } from './types.ts';

export interface ListToolbarProps<T extends Row> {
  definition: ListPageDefinition<T>;
  /** Keys of the selected rows (batch enable/disable). */
  selected: Key[];
  /** After a batch change: clear the selection, refresh. */
  onBatchDone: () => void;
  onCreate: () => void;
  reload: () => void;
  refetch: () => void;
  /** The filters and sort an export sends. */
  exportBody: () => Record<string, unknown>;
  columns: readonly { key: string; title: string }[];
  prefs: ReturnType<typeof useColumnPrefs>;
}

/** Above the table: create, batch enable/disable, the definition's buttons; export, refresh, columns. */
export function ListToolbar<T extends Row>({
  definition: d,
  selected,
  onBatchDone,
  onCreate,
  reload,
  refetch,
  exportBody,
  columns,
  prefs,
}: ListToolbarProps<T>) {
  const { t } = useTranslation('listPage');
  const exporting = useAction(() => downloadExport(d.exportUrl!, exportBody(), `${d.id}.xlsx`), {
    success: false,
  });

  const batchButton = (
    status: number,
    text: string,
    confirm:
      | 'enableConfirm'
      | 'disableConfirm'
      | 'showConfirm'
      | 'hideConfirm'
      | 'onShelfConfirm'
      | 'offShelfConfirm',
    icon: ReactNode,
  ) => (
    <ConfirmAction
      perm={d.perms?.status}
      title={t(confirm, { count: selected.length })}
      disabled={!selected.length}
      button={{ icon }}
      action={() =>
        post(d.status!.url, d.status!.body ? d.status!.body(selected, status) : { ids: selected, status })
      }
      onSuccess={onBatchDone}
    >
      {text}
    </ConfirmAction>
  );

  // the two buttons: the status to set, their text, question and icon
  const batchButtons = (wording: 'enable' | 'show' | 'shelf') => {
    const on = d.status!.enabled ?? ENABLED;
    const off = d.status!.disabled ?? DISABLED;
    if (wording === 'show')
      return (
        <>
          {batchButton(on, t('show'), 'showConfirm', <EyeOutlined />)}
          {batchButton(off, t('hide'), 'hideConfirm', <EyeInvisibleOutlined />)}
        </>
      );
    if (wording === 'shelf')
      return (
        <>
          {batchButton(on, t('onShelf'), 'onShelfConfirm', <ArrowUpOutlined />)}
          {batchButton(off, t('offShelf'), 'offShelfConfirm', <ArrowDownOutlined />)}
        </>
      );
    return (
      <>
        {batchButton(on, t('enable'), 'enableConfirm', <CheckCircleOutlined />)}
        {batchButton(off, t('disable'), 'disableConfirm', <StopOutlined />)}
      </>
    );
  };

  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 8,
        justifyContent: 'space-between',
        marginBottom: 12,
      }}
    >
      <Space wrap>
        {d.form?.createUrl && (
          <Guard perm={d.perms?.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              {t('create')}
            </Button>
          </Guard>
        )}
        {d.status && batchButtons(d.status.wording ?? 'enable')}
        {d.status && selected.length > 0 && <span>{t('selected', { count: selected.length })}</span>}
        {d.toolbar?.({ reload })}
      </Space>
      <Space>
        {d.exportUrl && (
          <Guard perm={d.perms?.export}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting.pending}
              onClick={() => void exporting.run()}
            >
              {t('export')}
            </Button>
          </Guard>
        )}
        <Tooltip title={t('refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={refetch} />
        </Tooltip>
        <ColumnSettings columns={columns} {...prefs} />
      </Space>
    </div>
  );
}
