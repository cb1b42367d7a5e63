import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  THEATRE_LIMITS,
  TheatreCreateSchema,
  TheatreUpdateSchema,
  theatreApi,
  type TheatreRow,
} from '../../../shared/api/theatres.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { TheatreField } from '../../../shared/dict/theatres.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

function SeatMapButton({ row }: { row: TheatreRow }) {
  const { t } = useTranslation('theatres');
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => void navigate(`/ticket/seatsManage?id=${row.id}`)}>
      {t('seatMap')}
    </Button>
  );
}

const definition = defineListPage<TheatreRow>({
  id: 'ticket.theatres',
  url: theatreApi.page,
  exportUrl: theatreApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:theatre:create',
    update: 'admin:theatre:update',
    delete: 'admin:theatre:delete',
    export: 'admin:theatre:page',
  },
  search: [
    { kind: 'text', name: 'name', label: TheatreField.name, maxLength: 50 },
    { kind: 'dict', name: 'status', label: TheatreField.status, dict: EnableStatus },
  ],
  columns: [
    { key: 'name', title: TheatreField.name, sortable: true },
    { key: 'address', title: TheatreField.address, ellipsis: true },
    { key: 'size', title: TheatreField.size, render: (_, row) => `${row.rows} × ${row.cols}` },
    { key: 'seatCount', title: TheatreField.seatCount },
    { key: 'status', title: TheatreField.status, kind: 'dict', dict: EnableStatus },
    { key: 'remark', title: TheatreField.remark, hidden: true, ellipsis: true },
    { key: 'createTime', title: TheatreField.createTime, kind: 'dateTime', sortable: true },
    { key: 'updateTime', title: TheatreField.updateTime, kind: 'dateTime', hidden: true },
  ],
  form: {
    createUrl: theatreApi.create,
    updateUrl: theatreApi.update,
    createSchema: TheatreCreateSchema,
    updateSchema: TheatreUpdateSchema,
    fields: [
      { name: 'name', label: TheatreField.name, required: true, maxLength: 50 },
      { name: 'address', label: TheatreField.address, maxLength: 200 },
      {
        name: 'rows',
        label: TheatreField.rows,
        kind: 'number',
        min: 1,
        max: THEATRE_LIMITS.rows,
        required: true,
        extra: 'theatres:createHint',
      },
      {
        name: 'cols',
        label: TheatreField.cols,
        kind: 'number',
        min: 1,
        max: THEATRE_LIMITS.cols,
        required: true,
      },
      { name: 'status', label: TheatreField.status, kind: 'dict', dict: EnableStatus, required: true },
      { name: 'remark', label: TheatreField.remark, kind: 'textarea', maxLength: 200 },
    ],
    initialValues: { rows: 10, cols: 16, status: 1 },
    toValues: (row) => ({
      name: row.name,
      address: row.address,
      rows: row.rows,
      cols: row.cols,
      status: row.status,
      remark: row.remark,
    }),
  },
  detail: {
    fields: ['name', 'address', 'size', 'seatCount', 'status', 'remark', 'createTime', 'updateTime'],
  },
  delete: { url: theatreApi.delete },
  rowActions: (row) => <SeatMapButton row={row} />,
  actionWidth: 240,
});

/** docs/product.md §2 /ticket/theatreManage: the area's theatres; the seat map is edited on seatsManage. */
export default function TheatreListPage() {
  return <ListPage definition={definition} />;
}
