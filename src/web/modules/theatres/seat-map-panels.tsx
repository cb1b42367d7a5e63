import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  ColorPicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  autoSeatLabel,
  SeatAreaSchema,
  THEATRE_LIMITS,
  type SeatArea,
} from '../../../shared/api/theatres.ts';
import { SEAT_KIND } from '../../../shared/dict/theatres.ts';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { useSettings } from '../../lib/settings.ts';
import { LegendItem, Swatch, TierLegend, type GridCell } from './seat-grid.tsx';
import { seatCountOf, type Grid, type Tool } from './seat-map-model.ts';
import styles from './theatres.module.css';

/** A tier being added (index null) or edited. */
export interface TierDraft {
  index: number | null;
  value: SeatArea;
}

/** The grid as cells to draw; a row is rebuilt only when its cells, number, tiers or label switch change. */
export function useViewRows(
  grid: Grid,
  heads: readonly string[],
  areaByKey: Map<string, SeatArea>,
  showLabels: boolean,
  cellSize: number,
): GridCell[][] {
  const { t } = useTranslation('theatres');
  const cache = useRef<
    { src: Grid[number]; head: string; areas: Map<string, SeatArea>; labels: boolean; out: GridCell[] }[]
  >([]);
  return useMemo(
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
          if (cell.kind === SEAT_KIND.aisle) return { kind: 'aisle', title: t('toolAisle') };
          if (cell.kind === SEAT_KIND.disabled) return { kind: 'disabled', title: t('toolDisabled') };
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
}

export function ToolPicker({ tool, onChange }: { tool: Tool; onChange: (tool: Tool) => void }) {
  const { t } = useTranslation('theatres');
  return (
    <>
      <Typography.Text strong>{t('tools')}</Typography.Text>
      <div style={{ margin: '8px 0' }}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={tool}
          onChange={(e) => onChange(e.target.value as Tool)}
          options={[
            { value: 'seat', label: t('toolSeat') },
            { value: 'aisle', label: t('toolAisle') },
            { value: 'disabled', label: t('toolDisabled') },
            { value: 'erase', label: t('toolErase') },
          ]}
        />
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('paintHint')}
      </Typography.Paragraph>
    </>
  );
}

/** The price tiers: pick one to paint with, add, edit, remove (its seats become empty). */
export function TierList({
  areas,
  grid,
  painting,
  onPick,
  onAdd,
  onEdit,
  onRemove,
}: {
  areas: SeatArea[];
  grid: Grid;
  /** the tier seats are painted with, if the seat tool is on */
  painting: string | undefined;
  onPick: (key: string) => void;
  onAdd: () => void;
  onEdit: (index: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation('theatres');
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{t('tiers')}</Typography.Text>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={areas.length >= THEATRE_LIMITS.areas}
          title={t('tierLimit', { max: THEATRE_LIMITS.areas })}
          onClick={onAdd}
        >
          {t('addTier')}
        </Button>
      </Space>
      <div style={{ marginTop: 8 }}>
        {areas.map((area, index) => (
          <div
            key={area.key}
            className={[styles.tier, painting === area.key ? styles.tierActive : ''].join(' ')}
            onClick={() => onPick(area.key)}
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
              aria-label={t('editTier')}
              onClick={(e) => {
                e.stopPropagation();
                onEdit(index);
              }}
            />
            <Popconfirm
              title={t('removeTier')}
              description={t('removeTierConfirm', { count: seatCountOf(grid, area.key) })}
              okButtonProps={{ danger: true }}
              onConfirm={() => onRemove(area.key)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('removeTier')}
                onClick={(e) => e.stopPropagation()}
              />
            </Popconfirm>
          </div>
        ))}
      </div>
    </>
  );
}

/** Rows and columns of the hall, applied with a button (the caller asks before cells are lost). */
export function SizeControls({
  size,
  onChange,
  current,
  onApply,
}: {
  size: { rows: number; cols: number };
  onChange: (size: { rows: number; cols: number }) => void;
  current: { rows: number; cols: number };
  onApply: () => void;
}) {
  const { t } = useTranslation('theatres');
  const count = (key: 'rows' | 'cols') => (
    <InputNumber
      size="small"
      min={1}
      max={THEATRE_LIMITS[key]}
      precision={0}
      value={size[key]}
      prefix={t(key)}
      aria-label={t(key)}
      onChange={(v) => onChange({ ...size, [key]: v ?? size[key] })}
      style={{ width: 120 }}
    />
  );
  return (
    <>
      <Typography.Text strong>{t('size')}</Typography.Text>
      <Space style={{ marginTop: 8 }} wrap>
        {count('rows')}
        {count('cols')}
        <Button
          size="small"
          disabled={size.rows === current.rows && size.cols === current.cols}
          onClick={onApply}
        >
          {t('applySize')}
        </Button>
      </Space>
    </>
  );
}

export function EditorLegend({ areas }: { areas: SeatArea[] }) {
  const { t } = useTranslation('theatres');
  return (
    <div className={styles.legend}>
      <TierLegend areas={areas} />
      <LegendItem cell={{ kind: 'aisle' }}>{t('toolAisle')}</LegendItem>
      <LegendItem cell={{ kind: 'disabled' }}>{t('toolDisabled')}</LegendItem>
      <LegendItem cell={{ kind: 'empty' }}>{t('empty')}</LegendItem>
    </div>
  );
}

/** A tier's name, colour and price, checked with the server's schema before it is kept. */
export function TierModal({
  tier,
  onChange,
  onCancel,
  onSave,
}: {
  tier: TierDraft | null;
  onChange: (tier: TierDraft) => void;
  onCancel: () => void;
  onSave: (saved: SeatArea, index: number | null) => void;
}) {
  const { t } = useTranslation('theatres');
  const { lang } = useSettings();
  const [error, setError] = useState<string | null>(null);
  const patch = (value: Partial<SeatArea>) =>
    tier && onChange({ ...tier, value: { ...tier.value, ...value } });

  const save = () => {
    if (!tier) return;
    const checked = validateWithSchema(SeatAreaSchema, tier.value, lang);
    if (checked.errors) {
      const labels: Record<string, string> = {
        key: t('tierKey'),
        name: t('tierName'),
        color: t('tierColor'),
        price: t('tierPrice'),
      };
      setError(checked.errors.map((e) => `${labels[e.name] ?? e.name}: ${e.message}`).join('; '));
      return;
    }
    setError(null);
    onSave(checked.data as SeatArea, tier.index);
  };

  return (
    <Modal
      open={tier !== null}
      title={tier?.index === null ? t('addTier') : t('editTier')}
      onCancel={() => {
        setError(null);
        onCancel();
      }}
      onOk={save}
      destroyOnHidden
    >
      {tier ? (
        <Form layout="vertical">
          <Form.Item label={t('tierName')} required>
            <Input maxLength={20} value={tier.value.name} onChange={(e) => patch({ name: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('tierColor')}>
            <ColorPicker
              disabledAlpha
              showText
              format="hex"
              value={tier.value.color}
              onChange={(color) => patch({ color: color.toHexString() })}
            />
          </Form.Item>
          <Form.Item label={t('tierPrice')} required>
            <MoneyInput
              value={tier.value.price}
              max={10_000_000}
              onChange={(cents) => patch({ price: cents ?? 0 })}
            />
          </Form.Item>
          {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
        </Form>
      ) : null}
    </Modal>
  );
}
