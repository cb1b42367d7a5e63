import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Select, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showApi, theatreApi, type ShowRow, type TheatreProduct } from '../../../shared/api/theatres.ts';
import { SALE_STATUS, SaleStatus } from '../../../shared/dict/product.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage, useListReload } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { CreateShowsModal } from './create-shows-modal.tsx';
import { SeatAvailability } from './seat-availability.tsx';

const UPDATE = 'admin:theatre:update';

/** Seats of a show; closing it to sales (asked first) or opening it again. */
function ShowActions({
  row,
  reload,
  onSeats,
}: {
  row: ShowRow;
  reload: () => void;
  onSeats: (row: ShowRow) => void;
}) {
  const { t } = useTranslation('theatres');
  const setStatus = (status: number) => post(showApi.update, { id: row.id, status });
  const reopen = useAction(() => setStatus(SALE_STATUS.onSale), { onSuccess: reload });
  return (
    <>
      <Button type="link" size="small" onClick={() => onSeats(row)}>
        {t('seatAvailability')}
      </Button>
      {row.status === SALE_STATUS.onSale ? (
        <ConfirmAction
          perm={UPDATE}
          title={t('close')}
          action={() => setStatus(SALE_STATUS.closed)}
          onSuccess={reload}
        >
          {t('close')}
        </ConfirmAction>
      ) : (
        <Can perm={UPDATE}>
          <Button type="link" size="small" loading={reopen.pending} onClick={() => void reopen.run()}>
            {t('reopen')}
          </Button>
        </Can>
      )}
    </>
  );
}

function useShowList(productId: number, onCreate: () => void, onSeats: (row: ShowRow) => void) {
  const { t } = useTranslation('theatres');
  return useMemo(
    () =>
      defineListPage<ShowRow>({
        id: 'ticket.theaterTicDetail',
        url: showApi.page,
        params: { productId },
        defaultSort: { sort: 'showDate', order: 'asc' },
        rowKey: 'id',
        perms: { delete: 'admin:theatre:delete' },
        search: [
          {
            kind: 'dateRange',
            name: 'showDate',
            label: 'theatres:showDate',
            from: 'from',
            to: 'to',
            dateOnly: true,
            allowFuture: true,
          },
          { kind: 'dict', name: 'status', label: 'theatres:status', dict: SaleStatus },
        ],
        columns: [
          { key: 'showDate', title: 'theatres:showDate' },
          { key: 'time', title: 'theatres:showTime', render: (_, row) => `${row.startTime}-${row.endTime}` },
          { key: 'theatreName', title: 'theatres:theatre' },
          {
            key: 'seats',
            title: 'theatres:seatsSummary',
            render: (_, row) => `${row.sold} / ${row.held} / ${row.total}`,
          },
          { key: 'status', title: 'theatres:status', kind: 'dict', dict: SaleStatus },
        ],
        delete: { url: showApi.delete, confirm: 'theatres:deleteShowConfirm' },
        toolbar: () => (
          <Can perm="admin:theatre:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              {t('createShows')}
            </Button>
          </Can>
        ),
        rowActions: (row, { reload }) => <ShowActions row={row} reload={reload} onSeats={onSeats} />,
        actionWidth: 280,
      }),
    [productId, onCreate, onSeats, t],
  );
}

function ShowList({ productId }: { productId: number }) {
  const [creating, setCreating] = useState(false);
  const [seatShow, setSeatShow] = useState<ShowRow | null>(null);
  const reload = useListReload(showApi.page);
  const create = useCallback(() => setCreating(true), []);
  const definition = useShowList(productId, create, setSeatShow);
  return (
    <>
      <ListPage definition={definition} />
      {creating ? (
        <CreateShowsModal
          productId={productId}
          onClose={(created) => {
            setCreating(false);
            if (created) reload();
          }}
        />
      ) : null}
      <Drawer
        open={seatShow !== null}
        width="min(1100px, 96vw)"
        title={
          seatShow
            ? `${seatShow.productName} · ${seatShow.showDate} ${seatShow.startTime}-${seatShow.endTime} · ${seatShow.theatreName}`
            : ''
        }
        onClose={() => {
          setSeatShow(null);
          reload();
        }}
        destroyOnHidden
      >
        {seatShow ? <SeatAvailability showId={seatShow.id} /> : null}
      </Drawer>
    </>
  );
}

/** docs/product.md §2 /ticket/theaterTicDetail?productId=: the shows of a performance product and their seats. */
export default function TheatreShowsPage() {
  const { t } = useTranslation('theatres');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const productId = Number(params.get('productId')) || undefined;
  const products = useQuery({
    queryKey: ['theatres', 'products'],
    queryFn: () => post<TheatreProduct[]>(theatreApi.products, {}),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Typography.Text>{t('product')}</Typography.Text>
            <Select
              style={{ width: 260 }}
              placeholder={t('selectProduct')}
              aria-label={t('product')}
              loading={products.isPending}
              value={productId}
              notFoundContent={t('noProducts')}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              // another product starts from its first page, without the last one's filters
              onChange={(value: number) => setParams({ productId: String(value) })}
            />
          </Space>
          <Button onClick={() => void navigate('/ticket/theatreManage')}>{t('manageTheatres')}</Button>
        </Space>
      </Card>
      {productId === undefined ? (
        <Card>
          <Empty description={t('selectProduct')} />
        </Card>
      ) : (
        <ShowList productId={productId} />
      )}
    </Space>
  );
}
