import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Empty,
  Form,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  TimePicker,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  SHOW_RANGE_DAYS,
  ShowCreateSchema,
  showApi,
  theatreApi,
  type ShowRow,
  type ShowSeats,
  type TheatreProduct,
  type TheatreRow,
} from '../../../shared/api/theatres.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../shared/api/common.ts';
import { SALE_STATUS, SaleStatus, SEAT_KIND, SEAT_STATUS, SeatStatus } from '../../../shared/dict/ticket.ts';
import { Can } from '../../components/can.tsx';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel, validateWithSchema } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { cellSizeFor, SeatGrid, Swatch, type GridCell } from './seat-grid.tsx';
import styles from './theatres.module.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const DAY = 'YYYY-MM-DD';

interface Filters {
  from?: string;
  to?: string;
  status?: number;
  page: number;
  limit: number;
}

/** Spec §2 /ticket/theaterTicDetail?productId=: the shows of a performance product and their seats. */
export default function TheatreShowsPage() {
  const { t } = useTranslation(['theatres', 'common', 'listPage']);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const productId = Number(params.get('productId')) || undefined;
  const [filters, setFilters] = useState<Filters>({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  const [seatShow, setSeatShow] = useState<ShowRow | null>(null);

  const products = useQuery({
    queryKey: ['theatres', 'products'],
    queryFn: () => post<TheatreProduct[]>(theatreApi.products, {}),
  });
  const listKey = ['theatres', 'shows', productId, filters] as const;
  const shows = useQuery({
    queryKey: listKey,
    queryFn: () =>
      post<{ rows: ShowRow[]; total: number }>(showApi.page, {
        ...filters,
        productId,
        sort: 'showDate',
        order: 'asc',
      }),
    enabled: productId !== undefined,
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['theatres', 'shows'] });

  const setStatus = async (row: ShowRow, status: number) => {
    try {
      await post(showApi.update, { id: row.id, status });
      void message.success(t('common:success'));
      reload();
    } catch {
      // shown by the request layer
    }
  };
  const remove = async (row: ShowRow) => {
    try {
      await get(showApi.delete, { id: row.id });
      void message.success(t('common:success'));
      reload();
    } catch {
      // shown by the request layer
    }
  };

  const columns: TableColumnsType<ShowRow> = [
    { key: 'showDate', dataIndex: 'showDate', title: t('theatres:showDate') },
    {
      key: 'time',
      title: t('theatres:showTime'),
      render: (_, row) => `${row.startTime}-${row.endTime}`,
    },
    { key: 'theatreName', dataIndex: 'theatreName', title: t('theatres:theatre') },
    {
      key: 'seats',
      title: t('theatres:seatsSummary'),
      render: (_, row) => `${row.sold} / ${row.held} / ${row.total}`,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('theatres:status'),
      render: (value: number) => <DictTag dict={SaleStatus} value={value} />,
    },
    {
      key: 'actions',
      title: '',
      width: 280,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setSeatShow(row)}>
            {t('theatres:seatAvailability')}
          </Button>
          <Can perm="admin:theatre:update">
            {(allowed) =>
              row.status === SALE_STATUS.onSale ? (
                <Popconfirm
                  title={t('theatres:close')}
                  disabled={!allowed}
                  onConfirm={() => setStatus(row, SALE_STATUS.closed)}
                >
                  <Button type="link" size="small" disabled={!allowed}>
                    {t('theatres:close')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  type="link"
                  size="small"
                  disabled={!allowed}
                  onClick={() => void setStatus(row, SALE_STATUS.onSale)}
                >
                  {t('theatres:reopen')}
                </Button>
              )
            }
          </Can>
          <Can perm="admin:theatre:delete">
            {(allowed) => (
              <Popconfirm
                title={t('theatres:deleteShowConfirm')}
                disabled={!allowed}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button type="link" size="small" danger disabled={!allowed}>
                  {t('listPage:delete')}
                </Button>
              </Popconfirm>
            )}
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Space wrap>
          <Typography.Text>{t('theatres:product')}</Typography.Text>
          <Select
            style={{ width: 260 }}
            placeholder={t('theatres:selectProduct')}
            loading={products.isPending}
            value={productId}
            notFoundContent={t('theatres:noProducts')}
            options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(value: number) => {
              setFilters((f) => ({ ...f, page: 1 }));
              setParams({ productId: String(value) });
            }}
          />
        </Space>
      }
      extra={
        <Button onClick={() => void navigate('/ticket/theatreManage')}>{t('theatres:manageTheatres')}</Button>
      }
    >
      {productId === undefined ? (
        <Empty description={t('theatres:selectProduct')} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <DateRangePicker
              allowFuture
              shortcuts={false}
              rangeLimitMs={null}
              value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
              onChange={(dates) =>
                setFilters((f) => ({
                  ...f,
                  page: 1,
                  from: dates?.[0]?.format(DAY),
                  to: dates?.[1]?.format(DAY),
                }))
              }
            />
            <DictSelect
              dict={SaleStatus}
              style={{ width: 140 }}
              placeholder={t('theatres:status')}
              value={filters.status}
              onChange={(value) =>
                setFilters((f) => ({ ...f, page: 1, status: value as number | undefined }))
              }
            />
            <Button icon={<ReloadOutlined />} onClick={reload} />
            <Can perm="admin:theatre:create">
              {(allowed) => (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={!allowed}
                  onClick={() => setCreating(true)}
                >
                  {t('theatres:createShows')}
                </Button>
              )}
            </Can>
          </Space>
          <Table<ShowRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={shows.data?.rows ?? []}
            loading={shows.isFetching}
            pagination={{
              current: filters.page,
              pageSize: filters.limit,
              total: shows.data?.total ?? 0,
              showSizeChanger: true,
              showQuickJumper: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              onChange: (page, limit) => setFilters((f) => ({ ...f, page, limit })),
            }}
          />
        </>
      )}
      {creating && productId !== undefined ? (
        <CreateShows
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
    </Card>
  );
}

interface CreateValues {
  theatreId?: number;
  dates?: [Dayjs, Dayjs] | null;
  weekdays: number[];
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
}

function CreateShows({ productId, onClose }: { productId: number; onClose: (created: boolean) => void }) {
  const { t } = useTranslation(['theatres', 'common']);
  const { lang } = useSettings();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const theatres = useQuery({
    queryKey: ['theatres', 'options'],
    queryFn: () =>
      post<{ rows: TheatreRow[] }>(theatreApi.page, { limit: 100, status: 1, sort: 'name', order: 'asc' }),
  });

  const submit = async () => {
    const v = form.getFieldsValue(true) as CreateValues;
    const body = {
      productId,
      theatreId: v.theatreId,
      from: v.dates?.[0]?.format(DAY),
      to: v.dates?.[1]?.format(DAY),
      weekdays: v.weekdays,
      startTime: v.startTime?.format('HH:mm'),
      endTime: v.endTime?.format('HH:mm'),
    };
    const checked = validateWithSchema(ShowCreateSchema, body, lang);
    if (checked.errors) {
      const field = (name: string) =>
        name === 'from' || name === 'to' ? 'dates' : (name as keyof CreateValues);
      form.setFields(checked.errors.map((e) => ({ name: field(e.name), errors: [e.message] })));
      return;
    }
    setSaving(true);
    try {
      const result = await post<{ created: number; skipped: number }>(showApi.create, checked.data);
      void message.success(t('theatres:created', result));
      onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('theatres:createShows')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{
          weekdays: [...WEEKDAYS],
          startTime: dayjs('19:30', 'HH:mm'),
          endTime: dayjs('21:00', 'HH:mm'),
        }}
      >
        <Form.Item name="theatreId" label={t('theatres:theatre')} required>
          <Select
            loading={theatres.isPending}
            options={(theatres.data?.rows ?? []).map((r) => ({
              value: r.id,
              label: `${r.name}（${t('theatres:seatCount', { count: r.seatCount })}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('theatres:dateRange')} required>
          <DateRangePicker
            allowFuture
            shortcuts={false}
            rangeLimitMs={(SHOW_RANGE_DAYS - 1) * 86_400_000}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item name="weekdays" label={t('theatres:weekdays')} required>
          <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t(`theatres:weekday${d}`) }))} />
        </Form.Item>
        <Space>
          <Form.Item name="startTime" label={t('theatres:startTime')} required>
            <TimePicker format="HH:mm" minuteStep={5} />
          </Form.Item>
          <Form.Item name="endTime" label={t('theatres:endTime')} required>
            <TimePicker format="HH:mm" minuteStep={5} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

const STATUS_MARK = {
  [SEAT_STATUS.held]: 'held',
  [SEAT_STATUS.sold]: 'sold',
  [SEAT_STATUS.blocked]: 'blocked',
} as const;

/** The seat map of one show: colours by tier, marks by status; staff select seats to block or free. */
function SeatAvailability({ showId }: { showId: number }) {
  const { t } = useTranslation(['theatres', 'common']);
  const label = useLabel();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['theatres', 'showSeats', showId],
    queryFn: () => get<ShowSeats>(showApi.seats, { id: showId }),
  });
  const data = query.data;

  const layout = useMemo(() => {
    if (!data) return null;
    const seatAt = new Map(data.seats.map((s) => [`${s.row}:${s.col}`, s]));
    const cellAt = new Map(data.cells.map((c) => [`${c.r}:${c.c}`, c]));
    const areaOf = new Map(data.areas.map((a) => [a.key, a]));
    return { seatAt, cellAt, areaOf };
  }, [data]);

  const rows = useMemo(() => {
    if (!data || !layout) return [];
    return Array.from({ length: data.rows }, (_, r) =>
      Array.from({ length: data.cols }, (_, c): GridCell => {
        const key = `${r}:${c}`;
        const seat = layout.seatAt.get(key);
        if (!seat) {
          const cell = layout.cellAt.get(key);
          if (cell?.kind === SEAT_KIND.aisle) return { kind: 'aisle' };
          if (cell?.kind === SEAT_KIND.disabled) return { kind: 'disabled' };
          return { kind: 'empty' };
        }
        const area = layout.areaOf.get(seat.areaKey);
        const mark = STATUS_MARK[seat.status as keyof typeof STATUS_MARK];
        return {
          kind: 'seat',
          color: area?.color ?? '#bfbfbf',
          marks: [...(mark ? [mark] : []), ...(selected.has(key) ? (['selected'] as const) : [])],
          title: `${seat.label} · ${area?.name ?? seat.areaKey} · ¥${(seat.price / 100).toFixed(2)} · ${seat.status in SeatStatus ? label(SeatStatus[seat.status as keyof typeof SeatStatus]) : ''}`,
        };
      }),
    );
  }, [data, layout, selected, label]);

  // row numbers as the labels count them: only rows that hold a seat
  const heads = useMemo(() => {
    let n = 0;
    return rows.map((cells) => (cells.some((c) => c.kind === 'seat') ? String(++n) : ''));
  }, [rows]);

  // a drag selects (or, when it starts on a selected seat, unselects) every seat it crosses
  const adding = useRef(true);
  const onStroke = useCallback(
    (r: number, c: number, first: boolean) => {
      const key = `${r}:${c}`;
      if (!layout?.seatAt.has(key)) return;
      setSelected((prev) => {
        if (first) adding.current = !prev.has(key);
        const next = new Set(prev);
        if (adding.current) next.add(key);
        else next.delete(key);
        return next;
      });
    },
    [layout],
  );

  const counts = useMemo(() => {
    const out: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
    for (const s of data?.seats ?? []) out[s.status] = (out[s.status] ?? 0) + 1;
    return out;
  }, [data]);

  const change = async (status: number) => {
    setBusy(true);
    try {
      const seats = [...selected].map((k) => {
        const [row, col] = k.split(':').map(Number);
        return { row, col };
      });
      await post(showApi.seatStatus, { showId, seats, status });
      void message.success(t('common:success'));
      setSelected(new Set());
      await query.refetch();
    } catch {
      // the 409 naming sold or held seats is shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  if (query.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!data) return <Empty description={t('common:loadFailed')} />;

  return (
    <>
      <div className={styles.legend}>
        {data.areas.map((a) => (
          <span key={a.key} className={styles.legendItem}>
            <Swatch cell={{ kind: 'seat', color: a.color }} />
            {a.name} <MoneyText cents={a.price} />
          </span>
        ))}
      </div>
      <div className={styles.legend}>
        {([1, 2, 3, 4] as const).map((status) => (
          <span key={status} className={styles.legendItem}>
            <Swatch
              cell={{
                kind: 'seat',
                color: data.areas[0]?.color ?? '#409EFF',
                marks: STATUS_MARK[status as keyof typeof STATUS_MARK]
                  ? [STATUS_MARK[status as keyof typeof STATUS_MARK]]
                  : [],
              }}
            />
            {label(SeatStatus[status])} {counts[status] ?? 0}
          </span>
        ))}
        <span className={styles.legendItem}>
          <Swatch cell={{ kind: 'aisle' }} />
          {t('theatres:toolAisle')}
        </span>
        <span className={styles.legendItem}>
          <Swatch cell={{ kind: 'disabled' }} />
          {t('theatres:toolDisabled')}
        </span>
      </div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('theatres:selectHint')}</Typography.Text>
        <Typography.Text>{t('theatres:selected', { count: selected.size })}</Typography.Text>
        <Button size="small" disabled={!selected.size} onClick={() => setSelected(new Set())}>
          {t('theatres:clearSelection')}
        </Button>
        <Can perm="admin:theatre:update">
          {(allowed) => (
            <>
              <Button
                size="small"
                danger
                loading={busy}
                disabled={!allowed || !selected.size}
                onClick={() => void change(SEAT_STATUS.blocked)}
              >
                {t('theatres:block')}
              </Button>
              <Button
                size="small"
                loading={busy}
                disabled={!allowed || !selected.size}
                onClick={() => void change(SEAT_STATUS.available)}
              >
                {t('theatres:unblock')}
              </Button>
            </>
          )}
        </Can>
      </Space>
      <div className={styles.scroller}>
        <SeatGrid
          rows={rows}
          heads={heads}
          cellSize={cellSizeFor(data.cols)}
          onStroke={onStroke}
          stageText={t('theatres:stage')}
        />
      </div>
    </>
  );
}
