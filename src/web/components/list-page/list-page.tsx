import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Table, type TableProps } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../shared/api/common.ts';
import { KeyboardScroll } from '../keyboard-scroll.tsx';
import { SearchBar } from '../search-bar.tsx';
import { useColumnPrefs } from './column-prefs.ts';
import { DetailDrawer } from './detail-drawer.tsx';
import { FormDrawer } from './form-drawer.tsx';
import { useLabel } from './labels.ts';
import { useListColumns } from './list-columns.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { searchBarFields } from './search-fields.tsx';
import { selectAllTitle } from './select-all-title.tsx';
import type { FormMode, ListPageDefinition, Row } from './types.ts';
import { sortKeyOf, useList } from './use-list.ts';

type List<T extends Row> = ReturnType<typeof useList<T>>;

/** The table's empty state: the failure with a retry, nothing yet while loading, or "no data". */
function EmptyText({ query }: { query: Pick<UseQueryResult, 'error' | 'isPending' | 'refetch'> }) {
  const { t } = useTranslation('common');
  if (query.error)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.error.message || t('loadFailed')}>
        <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
      </Empty>
    );
  if (query.isPending) return <div style={{ height: 48 }} />;
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
}

/** Sorting and paging of the table, as moves of the list state in the URL. */
function tableChange<T extends Row>(
  d: ListPageDefinition<T>,
  { state, go }: Pick<List<T>, 'state' | 'go'>,
): NonNullable<TableProps<T>['onChange']> {
  return (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = d.columns.find((c) => c.key === one?.columnKey);
    if (!one?.order || !column) go({ ...state, sort: undefined, order: undefined, page: 1 });
    else go({ ...state, sort: sortKeyOf(column), order: one.order === 'ascend' ? 'asc' : 'desc', page: 1 });
  };
}

/**
 * A list screen from a definition (docs/adding-a-screen.md): search bar, paged and sortable table,
 * create/edit form checked with the server's schema, detail view, delete and batch enable/disable
 * with confirmation, column settings, export. Filters, page, size and sort live in the tab's URL.
 */
export function ListPage<T extends Row>({ definition: d }: { definition: ListPageDefinition<T> }) {
  const { t } = useTranslation(['listPage', 'common', 'widgets']);
  const label = useLabel();
  const [searchForm] = Form.useForm<Record<string, unknown>>();
  const list = useList(d);
  const { fields, state, query, go, reload } = list;
  const { data, error, isFetching } = query;

  // The search form shows the URL's filters (on mount, and when the URL changes: a link, a tab).
  useEffect(() => {
    searchForm.resetFields();
    searchForm.setFieldsValue(state.values);
  }, [searchForm, state.values]);

  const prefs = useColumnPrefs(
    d.id,
    d.columns.filter((c) => c.hidden).map((c) => c.key),
  );
  const [selected, setSelected] = useState<Key[]>([]);
  const [formState, setFormState] = useState<{ mode: FormMode; row?: T } | null>(null);
  const [detailRow, setDetailRow] = useState<T | null>(null);
  const columns = useListColumns(d, state, prefs, {
    reload,
    onDetail: setDetailRow,
    onEdit: (row) => setFormState({ mode: 'edit', row }),
  });

  return (
    <Card title={d.title ? label(d.title) : undefined}>
      {fields.length > 0 && (
        <SearchBar<Record<string, unknown>>
          form={searchForm}
          fields={searchBarFields(fields, label)}
          onSearch={(values) => go({ ...state, values, page: 1 })}
          loading={isFetching}
        />
      )}
      <ListToolbar
        definition={d}
        selected={selected}
        onBatchDone={() => {
          setSelected([]);
          reload();
        }}
        onCreate={() => setFormState({ mode: 'create' })}
        reload={reload}
        refetch={() => void query.refetch()}
        exportBody={list.exportBody}
        columns={d.columns.map((c) => ({ key: c.key, title: label(c.title) }))}
        prefs={prefs}
      />
      <KeyboardScroll>
        <Table<T>
          rowKey={d.rowKey}
          columns={columns}
          size={prefs.density === 'default' ? undefined : prefs.density}
          dataSource={error ? [] : (data?.rows ?? [])}
          loading={{ spinning: isFetching, description: t('common:loading') }}
          locale={{ emptyText: <EmptyText query={query} /> }}
          scroll={{ x: 'max-content' }}
          rowSelection={
            d.status
              ? { selectedRowKeys: selected, onChange: setSelected, columnTitle: selectAllTitle }
              : undefined
          }
          onChange={tableChange(d, list)}
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
      </KeyboardScroll>
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
