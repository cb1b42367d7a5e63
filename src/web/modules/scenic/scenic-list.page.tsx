import { Card, Input, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ScenicRow } from '../../../shared/api/scenic.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { PagedTable, useTableSearch } from '../../components/paged-table.tsx';
import { SearchBar } from '../../components/search-bar.tsx';

const PAGE_URL = '/web/api/ticket/scenic/page';

type ScenicFilters = {
  name?: string;
  status?: number;
};

/** The scenic areas the caller may see (all of them for a platform administrator). */
export default function ScenicListPage() {
  const { t } = useTranslation('scenic');
  const { params, reloadKey, search } = useTableSearch<ScenicFilters>();

  const columns: TableProps<ScenicRow>['columns'] = [
    { title: t('code'), dataIndex: 'code', width: 140 },
    { title: t('name'), dataIndex: 'name', width: 200, ellipsis: true },
    { title: t('contact'), dataIndex: 'contact', width: 120 },
    { title: t('phone'), dataIndex: 'phone', width: 140 },
    { title: t('address'), dataIndex: 'address', width: 260, ellipsis: true },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number) => <DictTag dict={EnableStatus} value={status} />,
    },
    {
      title: t('createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
    },
  ];

  return (
    <Card>
      <SearchBar<ScenicFilters>
        onSearch={search}
        fields={[
          {
            name: 'name',
            label: t('name'),
            node: <Input allowClear placeholder={t('namePlaceholder')} maxLength={100} />,
          },
          {
            name: 'status',
            label: t('status'),
            node: (
              <DictSelect dict={EnableStatus} placeholder={t('statusPlaceholder')} style={{ width: 160 }} />
            ),
          },
        ]}
      />
      <PagedTable<ScenicRow>
        url={PAGE_URL}
        params={{ ...params }}
        reloadKey={reloadKey}
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
