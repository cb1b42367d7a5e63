import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  ColorPicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Result,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  autoSeatLabel,
  SeatAreaSchema,
  THEATRE_LIMITS,
  theatreApi,
  type SeatArea,
  type TheatreDetail,
} from '../../../shared/api/theatres.ts';
import { SEAT_KIND } from '../../../shared/dict/ticket.ts';
import { Can } from '../../components/can.tsx';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { cellSizeFor, SeatGrid, Swatch, type GridCell } from './seat-grid.tsx';
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
import styles from './theatres.module.css';

/** Spec §2 /ticket/seatsManage?id=: the seat-map editor of one theatre. */
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

interface TierDraft {
  index: number | null;
  value: SeatArea;
}

function Editor({ theatre, back }: { theatre: TheatreDetail; back: React.ReactNode }) {
  const { t } = useTranslation(['theatres', 'common']);
  const { lang } = useSettings();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [grid, setGrid] = useState<Grid>(() => toGrid(theatre.rows, theatre.cols, theatre.seats));
  const [areas, setAreas] = useState<SeatArea[]>(theatre.areas);
  const [tool, setTool] = useState<Tool>('seat');
  const [active, setActive] = useState<string | undefined>(theatre.areas[0]?.key);
  const [dirty, setDirty] = useState(false);
  const [showLabels, setShowLabels] = useState(true);
  const [size, setSize] = useState({ rows: theatre.rows, cols: theatre.cols });
  const [tier, setTier] = useState<TierDraft | null>(null);
  const [tierError, setTierError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const rows = grid.length;
  const cols = grid[0]?.length ?? theatre.cols;
  const cellSize = cellSizeFor(cols);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // painting reads the latest grid synchronously, so a fast drag never loses a cell
  const gridRef = useRef(grid);
  const onStroke = useCallback(
    (r: number, c: number) => {
      const next = paint(gridRef.current, r, c, tool, active);
      if (next === gridRef.current) return;
      gridRef.current = next;
      setGrid(next);
      setDirty(true);
    },
    [tool, active],
  );
  const replaceGrid = (next: Grid) => {
    gridRef.current = next;
    setGrid(next);
  };

  const areaByKey = useMemo(() => new Map(areas.map((a) => [a.key, a])), [areas]);
  const heads = useMemo(() => rowNumbers(grid), [grid]);

  // view rows, rebuilt only for the rows whose cells, number, tiers or label switch changed
  const cache = useRef<
    { src: Grid[number]; head: string; areas: Map<string, SeatArea>; labels: boolean; out: GridCell[] }[]
  >([]);
  const viewRows = useMemo(
    () =>
      grid.map((row, r) => {
        const head = heads[r] ?? '';
        const hit = cache.current[r];
        if (
          hit &&
          hit.src === row &&
          hit.head === head &&
          hit.areas === areaByKey &&
          hit.labels === showLabels
        )
          return hit.out;
        let seatNo = 0;
        const out = row.map((cell): GridCell => {
          if (!cell) return { kind: 'empty' };
          if (cell.kind === SEAT_KIND.aisle) return { kind: 'aisle', title: t('theatres:toolAisle') };
          if (cell.kind === SEAT_KIND.disabled)
            return { kind: 'disabled', title: t('theatres:toolDisabled') };
          seatNo++;
          const area = cell.area ? areaByKey.get(cell.area) : undefined;
          const label = cell.label ?? autoSeatLabel(head, seatNo);
          return {
            kind: 'seat',
            color: area?.color ?? '#bfbfbf',
            text: showLabels && cellSize >= 22 ? String(seatNo) : undefined,
            title: `${label} · ${area?.name ?? ''}`,
          };
        });
        cache.current[r] = { src: row, head, areas: areaByKey, labels: showLabels, out };
        return out;
      }),
    [grid, heads, areaByKey, showLabels, cellSize, t],
  );

  const seatTotal = useMemo(() => seatCountOf(grid), [grid]);

  const applySize = () => {
    const dropped = droppedBy(grid, size.rows, size.cols);
    const apply = () => {
      replaceGrid(resize(gridRef.current, size.rows, size.cols));
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

  const saveTier = () => {
    if (!tier) return;
    const checked = validateWithSchema(SeatAreaSchema, tier.value, lang);
    if (checked.errors) {
      const labels: Record<string, string> = {
        key: t('theatres:tierKey'),
        name: t('theatres:tierName'),
        color: t('theatres:tierColor'),
        price: t('theatres:tierPrice'),
      };
      setTierError(checked.errors.map((e) => `${labels[e.name] ?? e.name}: ${e.message}`).join('; '));
      return;
    }
    const saved = checked.data as SeatArea;
    setAreas((list) =>
      tier.index === null ? [...list, saved] : list.map((a, i) => (i === tier.index ? saved : a)),
    );
    if (tier.index === null) setActive(saved.key);
    setDirty(true);
    setTier(null);
  };

  const removeTier = (key: string) => {
    setAreas((list) => list.filter((a) => a.key !== key));
    replaceGrid(removeArea(gridRef.current, key));
    if (active === key) setActive(areas.find((a) => a.key !== key)?.key);
    setDirty(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      await post(theatreApi.update, { id: theatre.id, rows, cols, areas, seats: fromGrid(grid) });
      void message.success(t('theatres:saved'));
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['theatres', 'detail', theatre.id] });
    } catch {
      // the server's 400/409 is shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    replaceGrid(toGrid(theatre.rows, theatre.cols, theatre.seats));
    setAreas(theatre.areas);
    setSize({ rows: theatre.rows, cols: theatre.cols });
    setDirty(false);
  };

  return (
    <Card
      title={
        <Space>
          {theatre.name}
          <Typography.Text type="secondary">
            {rows} × {cols} · {t('theatres:seatCount', { count: seatTotal })}
          </Typography.Text>
          {dirty ? <Tag color="orange">{t('theatres:unsaved')}</Tag> : null}
        </Space>
      }
      extra={
        <Space>
          {back}
          <Popconfirm title={t('theatres:discard')} disabled={!dirty} onConfirm={discard}>
            <Button disabled={!dirty}>{t('theatres:discard')}</Button>
          </Popconfirm>
          <Can perm="admin:theatre:update">
            {(allowed) => (
              <Button
                type="primary"
                loading={saving}
                disabled={!allowed || !dirty}
                onClick={() => void save()}
              >
                {t('common:save')}
              </Button>
            )}
          </Can>
        </Space>
      }
    >
      <div className={styles.layout}>
        <div className={styles.side}>
          <Typography.Text strong>{t('theatres:tools')}</Typography.Text>
          <div style={{ margin: '8px 0' }}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              size="small"
              value={tool}
              onChange={(e) => setTool(e.target.value as Tool)}
              options={[
                { value: 'seat', label: t('theatres:toolSeat') },
                { value: 'aisle', label: t('theatres:toolAisle') },
                { value: 'disabled', label: t('theatres:toolDisabled') },
                { value: 'erase', label: t('theatres:toolErase') },
              ]}
            />
          </div>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('theatres:paintHint')}
          </Typography.Paragraph>

          <Divider style={{ margin: '12px 0' }} />
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>{t('theatres:tiers')}</Typography.Text>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={areas.length >= THEATRE_LIMITS.areas}
              title={t('theatres:tierLimit', { max: THEATRE_LIMITS.areas })}
              onClick={() => {
                setTierError(null);
                setTier({
                  index: null,
                  value: { key: nextAreaKey(areas), name: '', color: nextColor(areas), price: 0 },
                });
              }}
            >
              {t('theatres:addTier')}
            </Button>
          </Space>
          <div style={{ marginTop: 8 }}>
            {areas.map((area, index) => (
              <div
                key={area.key}
                className={[
                  styles.tier,
                  active === area.key && tool === 'seat' ? styles.tierActive : '',
                ].join(' ')}
                onClick={() => {
                  setActive(area.key);
                  setTool('seat');
                }}
              >
                <Swatch cell={{ kind: 'seat', color: area.color }} />
                <span className={styles.tierName}>{area.name}</span>
                <MoneyText cents={area.price} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {seatCountOf(grid, area.key)}
                </Typography.Text>
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('theatres:editTier')}
                  onClick={(e) => {
                    e.stopPropagation();
                    setTierError(null);
                    setTier({ index, value: area });
                  }}
                />
                <Popconfirm
                  title={t('theatres:removeTier')}
                  description={t('theatres:removeTierConfirm', { count: seatCountOf(grid, area.key) })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => removeTier(area.key)}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('theatres:removeTier')}
                    onClick={(e) => e.stopPropagation()}
                  />
                </Popconfirm>
              </div>
            ))}
          </div>

          <Divider style={{ margin: '12px 0' }} />
          <Typography.Text strong>{t('theatres:size')}</Typography.Text>
          <Space style={{ marginTop: 8 }} wrap>
            <InputNumber
              size="small"
              min={1}
              max={THEATRE_LIMITS.rows}
              precision={0}
              value={size.rows}
              prefix={t('theatres:rows')}
              onChange={(v) => setSize((s) => ({ ...s, rows: v ?? s.rows }))}
              style={{ width: 120 }}
            />
            <InputNumber
              size="small"
              min={1}
              max={THEATRE_LIMITS.cols}
              precision={0}
              value={size.cols}
              prefix={t('theatres:cols')}
              onChange={(v) => setSize((s) => ({ ...s, cols: v ?? s.cols }))}
              style={{ width: 120 }}
            />
            <Button size="small" disabled={size.rows === rows && size.cols === cols} onClick={applySize}>
              {t('theatres:applySize')}
            </Button>
          </Space>
          <Divider style={{ margin: '12px 0' }} />
          <Space>
            <Switch size="small" checked={showLabels} onChange={setShowLabels} />
            {t('theatres:showLabels')}
          </Space>
        </div>

        <div className={styles.main}>
          <div className={styles.legend}>
            {areas.map((a) => (
              <span key={a.key} className={styles.legendItem}>
                <Swatch cell={{ kind: 'seat', color: a.color }} />
                {a.name} <MoneyText cents={a.price} />
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
            <span className={styles.legendItem}>
              <Swatch cell={{ kind: 'empty' }} />
              {t('theatres:empty')}
            </span>
          </div>
          <div className={styles.scroller}>
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

      <Modal
        open={tier !== null}
        title={tier?.index === null ? t('theatres:addTier') : t('theatres:editTier')}
        onCancel={() => setTier(null)}
        onOk={saveTier}
        destroyOnHidden
      >
        {tier ? (
          <Form layout="vertical">
            <Form.Item label={t('theatres:tierName')} required>
              <Input
                maxLength={20}
                value={tier.value.name}
                onChange={(e) => setTier({ ...tier, value: { ...tier.value, name: e.target.value } })}
              />
            </Form.Item>
            <Form.Item label={t('theatres:tierColor')}>
              <ColorPicker
                disabledAlpha
                showText
                format="hex"
                value={tier.value.color}
                onChange={(color) =>
                  setTier({ ...tier, value: { ...tier.value, color: color.toHexString() } })
                }
              />
            </Form.Item>
            <Form.Item label={t('theatres:tierPrice')} required>
              <MoneyInput
                value={tier.value.price}
                max={10_000_000}
                onChange={(cents) => setTier({ ...tier, value: { ...tier.value, price: cents ?? 0 } })}
              />
            </Form.Item>
            {tierError ? <Typography.Text type="danger">{tierError}</Typography.Text> : null}
          </Form>
        ) : null}
      </Modal>
    </Card>
  );
}
