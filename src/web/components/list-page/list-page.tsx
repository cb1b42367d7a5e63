import {
  CheckCircleOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Popconfirm, Space, Table, Tooltip, type TableProps } from 'antd';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type Key,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PAGE_SIZES } from '../../../shared/api/common.ts';
import { ENABLED, DISABLED } from '../../../shared/dict/account.ts';
import { get, post } from '../../lib/request.ts';
import { Can } from '../can.tsx';
import { listQueryKey, type PageResult } from './query.ts';
import { SearchBar } from '../search-bar.tsx';
import { useColumnPrefs } from './column-prefs.ts';
import { ColumnSettings } from './column-settings.tsx';
import { DetailDrawer } from './detail-drawer.tsx';
import { downloadExport } from './export.ts';
import { FormDrawer } from './form-drawer.tsx';
import { useLabel } from './labels.ts';
import { renderValue } from './render.tsx';
import { searchBarFields } from './search-fields.tsx';
import type { ColumnDef, FormMode, ListPageDefinition, Perm, Row } from './types.ts';
import { filtersBody, listBody, parseListState, serializeListState, type ListState } from './url-state.ts';

/** A control that needs `perm` (when the definition names one): disabled without it (spec §5). */
function Guard({
  perm,
  children,
}: {
  perm: Perm | undefined;
  children: ReactElement<{ disabled?: boolean }>;
}) {
  return perm ? <Can perm={perm}>{children}</Can> : children;
}

// Only the visible tab may move the console's location (a hidden one would take over the screen).
const isActiveTab = (pathname: string) =>
  typeof window === 'undefined' ||
  !window.location.hash ||
  window.location.hash.slice(1).split('?')[0] === pathname;

const sortKeyOf = <T extends Row>(column: ColumnDef<T>) =>
  typeof column.sortable === 'string' ? column.sortable : column.key;

/**
 * A list screen from a definition (docs/adding-a-screen.md): search bar, paged and sortable table,
 * create/edit form checked with the server's schema, detail view, delete and batch enable/disable
 * with confirmation, column settings, export. Filters, page, size and sort live in the tab's URL.
 */
export function ListPage<T extends Row>({ definition: d }: { definition: ListPageDefinition<T> }) {
  const { t } = useTranslation(['listPage', 'common', 'widgets']);
  const label = useLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchForm] = Form.useForm<Record<string, unknown>>();

  const fields = useMemo(() => d.search ?? [], [d.search]);
  const sortable = useMemo(() => d.columns.filter((c) => c.sortable).map(sortKeyOf), [d.columns]);
  const state = useMemo(
    () => parseListState(location.search, fields, sortable),
    [location.search, fields, sortable],
  );
  const body = listBody(state, fields);

  const query = useQuery({
    queryKey: [...listQueryKey(d.url), body],
    queryFn: () => post<PageResult<T>>(d.url, body, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = query;

  const go = useCallback(
    (next: ListState) => {
      const search = serializeListState(next, fields);
      if (search === (location.search === '?' ? '' : location.search)) void refetch();
      else navigate({ pathname: location.pathname, search }, { replace: true });
    },
    [fields, location.pathname, location.search, navigate, refetch],
  );

  // The search form shows the URL's filters (on mount, and when the URL changes: a link, a tab).
  useEffect(() => {
    searchForm.resetFields();
    searchForm.setFieldsValue(state.values);
  }, [searchForm, state.values]);

  // After deleting the last rows of the last page, show the page that now is the last one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / state.limit)) : 1;
  const pastEnd = !!data && !isPlaceholderData && data.rows.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastEnd && isActiveTab(location.pathname)) go({ ...state, page: lastPage });
  }, [pastEnd, lastPage, go, state, location.pathname]);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: listQueryKey(d.url) }),
    [queryClient, d.url],
  );

  const prefs = useColumnPrefs(
    d.id,
    d.columns.filter((c) => c.hidden).map((c) => c.key),
  );
  const [selected, setSelected] = useState<Key[]>([]);
  const [formState, setFormState] = useState<{ mode: FormMode; row?: T } | null>(null);
  const [detailRow, setDetailRow] = useState<T | null>(null);
  const [exporting, setExporting] = useState(false);
  const [batching, setBatching] = useState(false);

  const yesNo = { yes: t('yes'), no: t('no') };
  const idOf = (row: T) => row[d.rowKey] as unknown;

  const remove = async (row: T) => {
    const del = d.delete;
    if (!del) return;
    const params = del.body?.(row) ?? { id: idOf(row) };
    if (del.method === 'POST') await post(del.url, params);
    else await get(del.url, params as Record<string, string | number>);
    void message.success(t('common:success'));
    reload();
  };

  const batch = async (status: number) => {
    const def = d.status;
    if (!def || !selected.length) return;
    setBatching(true);
    try {
      await post(def.url, def.body ? def.body(selected, status) : { ids: selected, status });
      void message.success(t('common:success'));
      setSelected([]);
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setBatching(false);
    }
  };

  const exportAll = async () => {
    if (!d.exportUrl) return;
    setExporting(true);
    try {
      const filters = filtersBody(state.values, fields);
      await downloadExport(
        d.exportUrl,
        { ...filters, ...(state.sort ? { sort: state.sort, order: state.order ?? 'desc' } : {}) },
        `${d.id}.xlsx`,
      );
    } catch {
      // shown by the request layer
    } finally {
      setExporting(false);
    }
  };

  const columnTitles = d.columns.map((c) => ({ key: c.key, title: label(c.title) }));

  const columns: NonNullable<TableProps<T>['columns']> = d.columns
    .filter((c) => prefs.isVisible(c.key))
    .map((c) => {
      const sortKey = sortKeyOf(c);
      return {
        key: c.key,
        dataIndex: c.key,
        title: label(c.title),
        width: c.width,
        ellipsis: c.ellipsis,
        fixed: c.fixed,
        render: (_: unknown, row: T) => renderValue(c, row, yesNo),
        ...(c.sortable
          ? {
              sorter: true,
              sortOrder:
                state.sort === sortKey
                  ? state.order === 'asc'
                    ? ('ascend' as const)
                    : ('descend' as const)
                  : null,
            }
          : {}),
      };
    });

  const hasActions = !!(d.detail || (d.form && d.form.updateUrl) || d.delete || d.rowActions);
  if (hasActions)
    columns.push({
      key: '__actions',
      title: t('actions'),
      fixed: 'right',
      width: d.actionWidth,
      render: (_: unknown, row: T) => (
        <Space size={0} wrap>
          {d.detail && (
            <Button type="link" size="small" onClick={() => setDetailRow(row)}>
              {t('detail')}
            </Button>
          )}
          {d.form?.updateUrl && (
            <Guard perm={d.perms?.update}>
              <Button type="link" size="small" onClick={() => setFormState({ mode: 'edit', row })}>
                {t('edit')}
              </Button>
            </Guard>
          )}
          {d.delete && (
            <Can perm={d.perms?.delete ?? []}>
              {(allowed) => {
                const ok = allowed || !d.perms?.delete;
                return (
                  <Popconfirm
                    title={t('deleteConfirm')}
                    disabled={!ok}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(row).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger disabled={!ok}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                );
              }}
            </Can>
          )}
          {d.rowActions?.(row, { reload })}
        </Space>
      ),
    });

  const batchButton = (status: number, text: string, confirm: string, icon: ReactNode) => (
    <Can perm={d.perms?.status ?? []}>
      {(allowed) => {
        const ok = (allowed || !d.perms?.status) && selected.length > 0;
        return (
          <Popconfirm
            title={t(confirm as 'enableConfirm', { count: selected.length })}
            disabled={!ok}
            onConfirm={() => batch(status)}
          >
            <Button icon={icon} disabled={!ok} loading={batching}>
              {text}
            </Button>
          </Popconfirm>
        );
      }}
    </Can>
  );

  const emptyText = error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error.message || t('common:loadFailed')}>
      <Button onClick={() => void refetch()}>{t('common:retry')}</Button>
    </Empty>
  ) : isPending ? (
    <div style={{ height: 48 }} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:empty')} />
  );

  return (
    <Card>
      {fields.length > 0 && (
        <SearchBar<Record<string, unknown>>
          form={searchForm}
          fields={searchBarFields(fields, label)}
          onSearch={(values) => go({ ...state, values, page: 1 })}
          loading={isFetching}
        />
      )}
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
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormState({ mode: 'create' })}>
                {t('create')}
              </Button>
            </Guard>
          )}
          {d.status &&
            batchButton(d.status.enabled ?? ENABLED, t('enable'), 'enableConfirm', <CheckCircleOutlined />)}
          {d.status &&
            batchButton(d.status.disabled ?? DISABLED, t('disable'), 'disableConfirm', <StopOutlined />)}
          {d.status && selected.length > 0 && <span>{t('selected', { count: selected.length })}</span>}
          {d.toolbar?.({ reload })}
        </Space>
        <Space>
          {d.exportUrl && (
            <Guard perm={d.perms?.export}>
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
                {t('export')}
              </Button>
            </Guard>
          )}
          <Tooltip title={t('refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void refetch()} />
          </Tooltip>
          <ColumnSettings columns={columnTitles} {...prefs} />
        </Space>
      </div>
      <Table<T>
        rowKey={d.rowKey}
        columns={columns}
        size={prefs.density === 'default' ? undefined : prefs.density}
        dataSource={error ? [] : (data?.rows ?? [])}
        loading={{ spinning: isFetching, description: t('common:loading') }}
        locale={{ emptyText }}
        scroll={{ x: 'max-content' }}
        rowSelection={d.status ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = d.columns.find((c) => c.key === one?.columnKey);
          if (!one?.order || !column) go({ ...state, sort: undefined, order: undefined, page: 1 });
          else
            go({
              ...state,
              sort: sortKeyOf(column),
              order: one.order === 'ascend' ? 'asc' : 'desc',
              page: 1,
            });
        }}
        pagination={{
          current: state.page,
          pageSize: state.limit,
          total: error ? 0 : (data?.total ?? 0),
          showTotal: (total) => t('widgets:total', { total }),
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZES],
          showQuickJumper: true,
          onChange: (page, limit) => go({ ...state, page: limit === state.limit ? page : 1, limit }),
        }}
      />
      {d.form && (
        <FormDrawer<T>
          form={d.form}
          listUrl={d.url}
          rowKey={d.rowKey}
          state={formState}
          onClose={() => setFormState(null)}
        />
      )}
      {d.detail && (
        <DetailDrawer<T>
          detail={d.detail}
          columns={d.columns}
          row={detailRow}
          onClose={() => setDetailRow(null)}
        />
      )}
    </Card>
  );
}

export default ListPage;
