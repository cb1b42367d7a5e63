import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Divider, Popconfirm, Result, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { theatreApi, type SeatArea, type TheatreDetail } from '../../../shared/api/theatres.ts';
import { Can } from '../../components/can.tsx';
import { get, post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { cellSizeFor, SeatGrid } from './seat-grid.tsx';
import {
  droppedBy,
  fromGrid,
  nextAreaKey,
  nextColor,
  paint,
  removeArea,
  resize,
  rowNumbers,
  seatCountOf,
  toGrid,
  type Grid,
  type Tool,
} from './seat-map-model.ts';
import {
  EditorLegend,
  SizeControls,
  TierList,
  TierModal,
  ToolPicker,
  useViewRows,
  type TierDraft,
} from './seat-map-panels.tsx';
import styles from './theatres.module.css';

/** docs/product.md §2 /ticket/seatsManage?id=: the seat-map editor of one theatre. */
export default function SeatMapEditorPage() {
  const { t } = useTranslation(['theatres', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: ['theatres', 'detail', id],
    queryFn: () => get<TheatreDetail>(theatreApi.query, { id }),
    enabled: valid,
  });
  const back = <Button onClick={() => void navigate('/ticket/theatreManage')}>{t('theatres:back')}</Button>;
  if (!valid) return <Result status="warning" title={t('theatres:noTheatre')} extra={back} />;
  if (query.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (query.error || !query.data)
    return (
      <Result
        status="error"
        title={t('common:loadFailed')}
        extra={
          <Space>
            {back}
            <Button onClick={() => void query.refetch()}>{t('common:retry')}</Button>
          </Space>
        }
      />
    );
  // a fresh editor state whenever the saved theatre changes
  return <Editor key={`${query.data.id}-${query.data.updateTime}`} theatre={query.data} back={back} />;
}

/** The grid being painted: read synchronously while a fast drag paints, so no cell is lost. */
function usePaintedGrid(theatre: TheatreDetail, tool: Tool, active: string | undefined, touched: () => void) {
  const [grid, setGrid] = useState<Grid>(() => toGrid(theatre.rows, theatre.cols, theatre.seats));
  const gridRef = useRef(grid);
  const onStroke = useCallback(
    (r: number, c: number) => {
      const next = paint(gridRef.current, r, c, tool, active);
      if (next === gridRef.current) return;
      gridRef.current = next;
      setGrid(next);
      touched();
    },
    [tool, active, touched],
  );
  const replace = useCallback((change: (current: Grid) => Grid) => {
    gridRef.current = change(gridRef.current);
    setGrid(gridRef.current);
  }, []);
  return { grid, onStroke, replace };
}

/** Unsaved changes: the browser asks before the page is closed or reloaded. */
function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

function Editor({ theatre, back }: { theatre: TheatreDetail; back: ReactNode }) {
  const { t } = useTranslation(['theatres', 'common']);
  const { modal } = App.useApp();
  const [areas, setAreas] = useState<SeatArea[]>(theatre.areas);
  const [tool, setTool] = useState<Tool>('seat');
  const [active, setActive] = useState<string | undefined>(theatre.areas[0]?.key);
  const [dirty, setDirty] = useState(false);
  const [showLabels, setShowLabels] = useState(true);
  const [size, setSize] = useState({ rows: theatre.rows, cols: theatre.cols });
  const [tier, setTier] = useState<TierDraft | null>(null);
  const touched = useCallback(() => setDirty(true), []);
  const { grid, onStroke, replace } = usePaintedGrid(theatre, tool, active, touched);

  const rows = grid.length;
  const cols = grid[0]?.length ?? theatre.cols;
  const cellSize = cellSizeFor(cols);

  useLeaveWarning(dirty);
  const areaByKey = useMemo(() => new Map(areas.map((a) => [a.key, a])), [areas]);
  const heads = useMemo(() => rowNumbers(grid), [grid]);
  const viewRows = useViewRows(grid, heads, areaByKey, showLabels, cellSize);
  const seatTotal = useMemo(() => seatCountOf(grid), [grid]);

  const applySize = () => {
    const dropped = droppedBy(grid, size.rows, size.cols);
    const apply = () => {
      replace((current) => resize(current, size.rows, size.cols));
      setDirty(true);
    };
    if (dropped > 0)
      modal.confirm({
        title: t('theatres:shrinkConfirm', { count: dropped }),
        onOk: apply,
        okButtonProps: { danger: true },
      });
    else apply();
  };

  const keepTier = (saved: SeatArea, index: number | null) => {
    setAreas((list) => (index === null ? [...list, saved] : list.map((a, i) => (i === index ? saved : a))));
    if (index === null) setActive(saved.key);
    setDirty(true);
    setTier(null);
  };

  const removeTier = (key: string) => {
    setAreas((list) => list.filter((a) => a.key !== key));
    replace((current) => removeArea(current, key));
    if (active === key) setActive(areas.find((a) => a.key !== key)?.key);
    setDirty(true);
  };

  // the server's 400/409 is shown by the request layer
  const save = useAction(
    () => post(theatreApi.update, { id: theatre.id, rows, cols, areas, seats: fromGrid(grid) }),
    {
      success: t('theatres:saved'),
      onSuccess: () => setDirty(false),
      refresh: [['theatres', 'detail', theatre.id]],
    },
  );

  const discard = () => {
    replace(() => toGrid(theatre.rows, theatre.cols, theatre.seats));
    setAreas(theatre.areas);
    setSize({ rows: theatre.rows, cols: theatre.cols });
    setDirty(false);
  };

  return (
    <Card
      title={<EditorTitle name={theatre.name} rows={rows} cols={cols} seats={seatTotal} dirty={dirty} />}
      extra={
        <EditorActions
          back={back}
          dirty={dirty}
          saving={save.pending}
          onDiscard={discard}
          onSave={() => void save.run()}
        />
      }
    >
      <div className={styles.layout}>
        <div className={styles.side}>
          <ToolPicker tool={tool} onChange={setTool} />
          <Divider style={{ margin: '12px 0' }} />
          <TierList
            areas={areas}
            grid={grid}
            painting={tool === 'seat' ? active : undefined}
            onPick={(key) => {
              setActive(key);
              setTool('seat');
            }}
            onAdd={() =>
              setTier({
                index: null,
                value: { key: nextAreaKey(areas), name: '', color: nextColor(areas), price: 0 },
              })
            }
            onEdit={(index) => setTier({ index, value: areas[index]! })}
            onRemove={removeTier}
          />
          <Divider style={{ margin: '12px 0' }} />
          <SizeControls size={size} onChange={setSize} current={{ rows, cols }} onApply={applySize} />
          <Divider style={{ margin: '12px 0' }} />
          <Space>
            <Switch
              size="small"
              checked={showLabels}
              onChange={setShowLabels}
              aria-label={t('theatres:showLabels')}
            />
            {t('theatres:showLabels')}
          </Space>
        </div>
        <div className={styles.main}>
          <EditorLegend areas={areas} />
          {/* focusable: the keyboard scrolls a large hall (WCAG 2.1.1) */}
          <div className={styles.scroller} tabIndex={0}>
            <SeatGrid
              rows={viewRows}
              heads={heads}
              cellSize={cellSize}
              onStroke={onStroke}
              stageText={t('theatres:stage')}
            />
          </div>
        </div>
      </div>
      <TierModal tier={tier} onChange={setTier} onCancel={() => setTier(null)} onSave={keepTier} />
    </Card>
  );
}

/** The theatre's name, its size and seat count, and whether there are unsaved changes. */
function EditorTitle({
  name,
  rows,
  cols,
  seats,
  dirty,
}: {
  name: string;
  rows: number;
  cols: number;
  seats: number;
  dirty: boolean;
}) {
  const { t } = useTranslation(['theatres', 'common']);
  return (
    <Space>
      {name}
      <Typography.Text type="secondary">
        {rows} × {cols} · {t('theatres:seatCount', { count: seats })}
      </Typography.Text>
      {dirty ? <Tag color="orange">{t('theatres:unsaved')}</Tag> : null}
    </Space>
  );
}

/** Back, discard (confirmed) and save (with the update permission), the last two once changed. */
function EditorActions({
  back,
  dirty,
  saving,
  onDiscard,
  onSave,
}: {
  back: ReactNode;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation(['theatres', 'common']);
  return (
    <Space>
      {back}
      <Popconfirm title={t('theatres:discard')} disabled={!dirty} onConfirm={onDiscard}>
        <Button disabled={!dirty}>{t('theatres:discard')}</Button>
      </Popconfirm>
      <Can perm="admin:theatre:update">
        {(allowed) => (
          <Button type="primary" loading={saving} disabled={!allowed || !dirty} onClick={onSave}>
            {t('common:save')}
          </Button>
        )}
      </Can>
    </Space>
  );
}
