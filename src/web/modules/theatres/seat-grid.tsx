import { memo, useCallback, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { MoneyText } from '../../components/money-text.tsx';
import { textOn } from '../../lib/theme-color.ts';
import styles from './theatres.module.css';

/** How one cell looks; a row of these is recomputed only when that row changes. */
export interface GridCell {
  kind: 'empty' | 'seat' | 'aisle' | 'disabled';
  color?: string;
  /** Extra classes: held, sold, blocked, selected. */
  marks?: readonly ('held' | 'sold' | 'blocked' | 'selected')[];
  text?: string;
  title?: string;
}

/** Cell size in px for a grid this wide: roomy for a 12 × 18 hall, small for 100 × 100. */
export function cellSizeFor(cols: number): number {
  if (cols <= 24) return 30;
  if (cols <= 40) return 22;
  if (cols <= 70) return 16;
  return 12;
}

const Row = memo(function Row({ r, cells, head }: { r: number; cells: readonly GridCell[]; head: string }) {
  return (
    <div className={styles.row}>
      <div className={styles.rowHead}>{head}</div>
      {cells.map((cell, c) => (
        <div
          key={c}
          data-r={r}
          data-c={c}
          title={cell.title}
          className={[styles.cell, styles[cell.kind], ...(cell.marks ?? []).map((m) => styles[m])].join(' ')}
          // an area's colour is the staff's choice: the seat number in black or white, whichever reads
          style={cell.color ? { backgroundColor: cell.color, color: textOn(cell.color) } : undefined}
        >
          {cell.text}
        </div>
      ))}
    </div>
  );
});

export interface SeatGridProps {
  rows: readonly (readonly GridCell[])[];
  /** Row headers ("1", "2", … or ""). */
  heads: readonly string[];
  cellSize: number;
  /** A press on a cell, then every cell the pointer enters while pressed (drag painting). */
  onStroke: (r: number, c: number, first: boolean) => void;
  stageText: string;
}

/**
 * A rows × cols map as plain divs (no component library per cell), so 100 × 100 stays cheap;
 * pointer events are handled once on the grid and mapped to cells by their data attributes.
 */
export function SeatGrid({ rows, heads, cellSize, onStroke, stageText }: SeatGridProps) {
  const pressed = useRef(false);
  const last = useRef('');
  useEffect(() => {
    const up = () => {
      pressed.current = false;
      last.current = '';
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, []);

  const cellOf = (target: EventTarget | null) => {
    const el = (target as HTMLElement | null)?.closest?.('[data-c]') as HTMLElement | null;
    if (!el) return null;
    return { r: Number(el.dataset.r), c: Number(el.dataset.c) };
  };
  const stroke = useCallback(
    (target: EventTarget | null, first: boolean) => {
      const cell = cellOf(target);
      if (!cell) return;
      const key = `${cell.r}:${cell.c}`;
      if (!first && key === last.current) return;
      last.current = key;
      onStroke(cell.r, cell.c, first);
    },
    [onStroke],
  );

  return (
    <div className={styles.grid} style={{ '--cell': `${cellSize}px` } as CSSProperties}>
      <div className={styles.stage}>{stageText}</div>
      <div
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          pressed.current = true;
          (e.target as HTMLElement).releasePointerCapture?.(e.pointerId);
          stroke(e.target, true);
        }}
        onPointerOver={(e) => {
          if (pressed.current) stroke(e.target, false);
        }}
      >
        {rows.map((cells, r) => (
          <Row key={r} r={r} cells={cells} head={heads[r] ?? ''} />
        ))}
      </div>
    </div>
  );
}

export function Swatch({ cell }: { cell: GridCell }) {
  return (
    <span
      className={[styles.swatch, styles[cell.kind], ...(cell.marks ?? []).map((m) => styles[m])].join(' ')}
      style={cell.color ? { backgroundColor: cell.color } : undefined}
    />
  );
}

/** One entry of a seat-map legend: a swatch and its text. */
export function LegendItem({ cell, children }: { cell: GridCell; children: ReactNode }) {
  return (
    <span className={styles.legendItem}>
      <Swatch cell={cell} />
      {children}
    </span>
  );
}

/** The legend entries of the price tiers: colour, name and price. */
export function TierLegend({
  areas,
}: {
  areas: readonly { key: string; name: string; color: string; price: number }[];
}) {
  return (
    <>
      {areas.map((a) => (
        <LegendItem key={a.key} cell={{ kind: 'seat', color: a.color }}>
          {a.name} <MoneyText cents={a.price} />
        </LegendItem>
      ))}
    </>
  );
}
