import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApi, type ShowSeats } from '../../../shared/api/theatres.ts';
import { SEAT_KIND, SEAT_STATUS, SeatStatus } from '../../../shared/dict/theatres.ts';
import { Can } from '../../components/can.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { cellSizeFor, LegendItem, SeatGrid, TierLegend, type GridCell } from './seat-grid.tsx';
import styles from './theatres.module.css';

const STATUS_MARK = {
  [SEAT_STATUS.held]: 'held',
  [SEAT_STATUS.sold]: 'sold',
  [SEAT_STATUS.blocked]: 'blocked',
} as const;

const markOf = (status: number) => STATUS_MARK[status as keyof typeof STATUS_MARK];

/** The grid of a show's seats: colour by tier, marks by status and selection; row numbers. */
function useSeatRows(data: ShowSeats | undefined, selected: Set<string>) {
  const label = useLabel();
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
        const mark = markOf(seat.status);
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

  const hasSeat = useCallback((key: string) => !!layout?.seatAt.has(key), [layout]);
  return { rows, heads, hasSeat };
}

/** Tiers with their prices; statuses with their counts; aisle and disabled cells. */
function SeatLegend({ data }: { data: ShowSeats }) {
  const { t } = useTranslation('theatres');
  const label = useLabel();
  const counts = useMemo(() => {
    const out: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
    for (const s of data.seats) out[s.status] = (out[s.status] ?? 0) + 1;
    return out;
  }, [data]);
  return (
    <>
      <div className={styles.legend}>
        <TierLegend areas={data.areas} />
      </div>
      <div className={styles.legend}>
        {([1, 2, 3, 4] as const).map((status) => (
          <LegendItem
            key={status}
            cell={{
              kind: 'seat',
              color: data.areas[0]?.color ?? '#409EFF',
              marks: markOf(status) ? [markOf(status)] : [],
            }}
          >
            {label(SeatStatus[status])} {counts[status] ?? 0}
          </LegendItem>
        ))}
        <LegendItem cell={{ kind: 'aisle' }}>{t('toolAisle')}</LegendItem>
        <LegendItem cell={{ kind: 'disabled' }}>{t('toolDisabled')}</LegendItem>
      </div>
    </>
  );
}

/** The seat map of one show: colours by tier, marks by status; staff select seats to block or free. */
export function SeatAvailability({ showId }: { showId: number }) {
  const { t } = useTranslation(['theatres', 'common']);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const queryKey = ['theatres', 'showSeats', showId];
  const query = useQuery({ queryKey, queryFn: () => get<ShowSeats>(showApi.seats, { id: showId }) });
  const data = query.data;
  const { rows, heads, hasSeat } = useSeatRows(data, selected);

  // a drag selects (or, when it starts on a selected seat, unselects) every seat it crosses
  const adding = useRef(true);
  const onStroke = useCallback(
    (r: number, c: number, first: boolean) => {
      const key = `${r}:${c}`;
      if (!hasSeat(key)) return;
      setSelected((prev) => {
        if (first) adding.current = !prev.has(key);
        const next = new Set(prev);
        if (adding.current) next.add(key);
        else next.delete(key);
        return next;
      });
    },
    [hasSeat],
  );

  // a 409 naming sold or held seats is shown by the request layer
  const change = useAction(
    (status: number) => {
      const seats = [...selected].map((k) => {
        const [row, col] = k.split(':').map(Number);
        return { row, col };
      });
      return post(showApi.seatStatus, { showId, seats, status });
    },
    { refresh: [queryKey], onSuccess: () => setSelected(new Set()) },
  );

  if (query.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!data) return <Empty description={t('common:loadFailed')} />;

  return (
    <>
      <SeatLegend data={data} />
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
                loading={change.pending}
                disabled={!allowed || !selected.size}
                onClick={() => void change.run(SEAT_STATUS.blocked)}
              >
                {t('theatres:block')}
              </Button>
              <Button
                size="small"
                loading={change.pending}
                disabled={!allowed || !selected.size}
                onClick={() => void change.run(SEAT_STATUS.available)}
              >
                {t('theatres:unblock')}
              </Button>
            </>
          )}
        </Can>
      </Space>
      {/* focusable: the keyboard scrolls a large hall (WCAG 2.1.1) */}
      <div className={styles.scroller} tabIndex={0}>
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
