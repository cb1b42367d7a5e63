import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Table, Tabs, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../shared/api/common.ts';
import type { Permission } from '../../shared/perms.ts';
import { usePermission } from './can.tsx';
import { KeyboardScroll } from './keyboard-scroll.tsx';
import { listQueryKey, type PageResult } from './list-page/index.ts';
import { post } from '../lib/request.ts';

export interface SubListProps<T> {
  /** POST { page, limit, ...params } → { rows, total } */
  url: string;
  params: Record<string, unknown>;
  columns: TableColumnsType<T>;
}

/**
 * One record's records on its detail screen (a member's orders, coupons and ledger; a
 * distributor's orders, top-ups and credit): a small paged table whose page is its own (several
 * share the detail screen, so not the URL's), with a retry when loading fails. Its query key starts
 * with the list's url, so a change elsewhere refreshes it like the list screens.
 */
export function SubList<T extends { id: number | string }>({ url, params, columns }: SubListProps<T>) {
  const { t } = useTranslation(['widgets', 'common']);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const body = { ...params, ...paging };
  const query = useQuery({
    queryKey: [...listQueryKey(url), body],
    queryFn: () => post<PageResult<T>>(url, body, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const { data, error, isFetching } = query;
  return (
    <KeyboardScroll>
      <Table<T>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={error ? [] : (data?.rows ?? [])}
        loading={{ spinning: isFetching, description: t('common:loading') }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: error ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error.message || t('common:loadFailed')}>
              <Button onClick={() => void query.refetch()}>{t('common:retry')}</Button>
            </Empty>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:empty')} />
          ),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: error ? 0 : (data?.total ?? 0),
          showTotal: (total) => t('widgets:total', { total }),
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZES],
          onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
        }}
      />
    </KeyboardScroll>
  );
}

export interface RecordTab {
  key: string;
  label: string;
  /** The permission of the tab's list: without it the tab is disabled and loads nothing. */
  perm: Permission;
  children: ReactNode;
}

export const recordTab = (key: string, label: string, perm: Permission, children: ReactNode): RecordTab => ({
  key,
  label,
  perm,
  children,
});

/** The tabs of a detail screen's records (usually `SubList`s); a hidden tab's list unmounts. */
export function RecordTabs({ tabs }: { tabs: readonly RecordTab[] }) {
  const can = usePermission();
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={tabs.map(({ perm, children, ...tab }) => ({
          ...tab,
          disabled: !can(perm),
          children: can(perm) ? children : null,
        }))}
      />
    </Card>
  );
}
