import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Form, Progress, Select, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cameraApi,
  CameraSettingsUpdateSchema,
  crowdWarningApi,
  type CameraHour,
  type CameraRow,
  type CrowdWarningRow,
} from '../../../shared/api/passenger-cameras.ts';
import { DAY_MS } from '../../../shared/dates.ts';
import { CameraText, CrowdWarningStatus } from '../../../shared/dict/passenger-cameras.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { defineListPage, ListPage, type PageResult } from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';

// the chart's code is its own chunk, fetched when this screen first draws it (as /shop/salesStatistics)
const CountsChart = lazy(() => import('./counts-chart.tsx'));

/** The live count against the capacity, and the warning state. */
function LiveCount({ row }: { row: CameraRow }) {
  const { t } = useTranslation('passengerCameras');
  const percent = row.capacity ? Math.min(100, Math.round((row.liveCount / row.capacity) * 100)) : 0;
  const over = row.threshold != null && row.liveCount >= row.threshold;
  return (
    <Space direction="vertical" size={0} style={{ minWidth: 140 }}>
      <span data-testid={`live-count-${row.id}`}>
        {row.liveCount} / {row.capacity ?? t('notSetUp')} {row.warned && <Tag color="red">{t('warned')}</Tag>}
      </span>
      {row.capacity != null && (
        <Progress
          percent={percent}
          size="small"
          showInfo={false}
          status={over ? 'exception' : 'normal'}
          aria-label={`${row.liveCount} / ${row.capacity}`}
        />
      )}
    </Space>
  );
}

/** The hourly chart of one camera over a chosen range (at most 31 days). */
function History({ cameras }: { cameras: CameraRow[] }) {
  const { t } = useTranslation('passengerCameras');
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(6, 'day').startOf('day'),
    dayjs(),
  ]);
  const id = chosen ?? cameras[0]?.id;
  const camera = cameras.find((c) => c.id === id);
  const from = range[0].startOf('day').toISOString();
  const to = range[1].endOf('day').add(1, 'millisecond').toISOString();
  const { data, isFetching } = useQuery({
    queryKey: [cameraApi.history, id, from, to],
    queryFn: () => get<CameraHour[]>(cameraApi.history, { id, from, to }, { silent: true }),
    enabled: id != null,
    placeholderData: keepPreviousData,
  });
  const labelOf = useCallback((hour: string) => dayjs(hour).format('MM-DD HH:00'), []);
  const labels = useMemo(() => ({ in: t('chartIn'), out: t('chartOut'), count: t('chartCount') }), [t]);
  const hours = data ?? [];
  return (
    <Card size="small" title={t('history')}>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('historyCamera')} htmlFor="camera-history-camera">
          <Select
            id="camera-history-camera"
            style={{ width: 220 }}
            value={id}
            onChange={setChosen}
            options={cameras.map((c) => ({ value: c.id, label: `${c.name} · ${c.zone}` }))}
          />
        </Form.Item>
        <Form.Item label={t('range')}>
          <DateRangePicker
            value={range}
            allowClear={false}
            rangeLimitMs={30 * DAY_MS}
            onChange={(dates) => {
              if (dates?.[0] && dates[1]) setRange([dates[0], dates[1]]);
            }}
          />
        </Form.Item>
      </Form>
      {hours.length === 0 ? (
        isFetching ? (
          <Skeleton active />
        ) : (
          <Empty description={t('noHistory')} />
        )
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <CountsChart
            hours={hours}
            labelOf={labelOf}
            labels={labels}
            summary={t('chartSummary', {
              name: camera?.name ?? '',
              from: range[0].format('YYYY-MM-DD'),
              to: range[1].format('YYYY-MM-DD'),
              max: Math.max(...hours.map((h) => h.count)),
            })}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** docs/product.md §2 /terminal/passengerCamera: cameras per zone, history and crowd warnings. */
export default function CameraListPage() {
  const { t } = useTranslation('passengerCameras');
  // the history's camera picker: every camera of the area (few)
  const all = useQuery({
    queryKey: [cameraApi.page, 'all'],
    queryFn: () =>
      post<PageResult<CameraRow>>(
        cameraApi.page,
        { limit: 400, sort: 'name', order: 'asc' },
        { silent: true },
      ),
  });

  const cameras = useMemo(
    () =>
      defineListPage<CameraRow>({
        id: 'terminal.passengerCamera',
        title: 'passengerCameras:cameras',
        url: cameraApi.page,
        exportUrl: cameraApi.export,
        rowKey: 'id',
        perms: { update: 'admin:camera:update', export: 'admin:camera:page' },
        search: [
          { kind: 'text', name: 'keyword', label: 'passengerCameras:keyword', maxLength: 64 },
          { kind: 'dict', name: 'online', label: CameraText.online, dict: TerminalOnline },
        ],
        columns: [
          { key: 'name', title: CameraText.name, sortable: true },
          { key: 'zone', title: CameraText.zone, sortable: true },
          {
            key: 'liveCount',
            title: CameraText.liveCount,
            sortable: true,
            render: (_v, row) => <LiveCount row={row} />,
          },
          {
            key: 'threshold',
            title: CameraText.threshold,
            render: (v) => (v as number | null) ?? t('notSetUp'),
          },
          { key: 'online', title: CameraText.online, kind: 'dict', dict: TerminalOnline },
          { key: 'lastReadingTime', title: CameraText.lastReading, kind: 'dateTime', sortable: true },
          { key: 'warnings', title: CameraText.warnings },
          {
            key: 'recipients',
            title: CameraText.recipients,
            hidden: true,
            render: (v) => (v as string[]).join(', '),
          },
        ],
        form: {
          container: 'modal',
          updateUrl: cameraApi.update,
          updateSchema: CameraSettingsUpdateSchema,
          fields: [
            { name: 'zone', label: CameraText.zone, required: true, maxLength: 50 },
            { name: 'capacity', label: CameraText.capacity, kind: 'number', min: 1, required: true },
            {
              name: 'threshold',
              label: CameraText.threshold,
              kind: 'number',
              min: 1,
              required: true,
              extra: 'passengerCameras:thresholdHint',
            },
            {
              name: 'recipients',
              label: CameraText.recipients,
              kind: 'custom',
              extra: 'passengerCameras:recipientsHint',
              render: () => (
                <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} maxCount={10} />
              ),
            },
            {
              name: 'intervalSeconds',
              label: 'passengerCameras:interval',
              kind: 'number',
              min: 60,
              max: 3600,
              required: true,
            },
          ],
          toValues: (row) => ({
            zone: row.zone,
            capacity: row.capacity ?? undefined,
            threshold: row.threshold ?? undefined,
            recipients: row.recipients,
            intervalSeconds: row.intervalSeconds,
          }),
          toBody: (values, row) => ({ id: row?.id, recipients: [], ...values }),
          onSaved: () => void all.refetch(),
        },
      }),
    [t, all],
  );

  const warnings = useMemo(
    () =>
      defineListPage<CrowdWarningRow>({
        id: 'terminal.crowdWarnings',
        title: 'passengerCameras:warningList',
        url: crowdWarningApi.page,
        exportUrl: crowdWarningApi.export,
        rowKey: 'id',
        perms: { export: 'admin:camera:page' },
        search: [{ kind: 'dateRange', name: 'time', label: CameraText.time, from: 'from', to: 'to' }],
        columns: [
          { key: 'time', title: CameraText.time, kind: 'dateTime', sortable: true },
          { key: 'cameraName', title: CameraText.name },
          { key: 'zone', title: CameraText.zone },
          { key: 'count', title: CameraText.count, sortable: true },
          { key: 'threshold', title: CameraText.threshold },
          { key: 'recipients', title: CameraText.recipients, render: (v) => (v as string[]).join(', ') },
          { key: 'smsTemplate', title: CameraText.template },
          { key: 'status', title: CameraText.status, kind: 'dict', dict: CrowdWarningStatus },
        ],
      }),
    [],
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <ListPage definition={cameras} />
      {all.data && all.data.rows.length > 0 ? (
        <History cameras={all.data.rows} />
      ) : (
        <Typography.Text type="secondary" />
      )}
      <ListPage definition={warnings} />
    </Space>
  );
}
