import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { paperWidthMm, type PrintElement } from '../../../shared/api/print-templates.ts';
import { clamp, snap } from './designer-elements.tsx';

/** CSS pixels per millimetre (96 px per inch). */
export const PX_PER_MM = 96 / 25.4;

interface Placed {
  paper: number;
  heightMm: number;
  elements: PrintElement[];
}

/**
 * Dragging an element of the preview: pointer offsets in screen pixels become millimetres at the
 * current zoom, snapped to 0.5 mm and kept on the paper.
 */
export function useElementDrag<D extends Placed>(
  draft: D,
  setDraft: (update: (current: D) => D) => void,
  onSelect: (index: number) => void,
  scale: number,
) {
  const drag = useRef<{ index: number; startX: number; startY: number; x0: number; y0: number } | null>(null);
  const onElementPointerDown = useCallback(
    (index: number, event: ReactPointerEvent<HTMLDivElement>) => {
      event.preventDefault();
      const element = draft.elements[index];
      if (!element) return;
      onSelect(index);
      drag.current = { index, startX: event.clientX, startY: event.clientY, x0: element.x, y0: element.y };
    },
    [draft.elements, onSelect],
  );
  useEffect(() => {
    const move = (event: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      const dx = (event.clientX - d.startX) / (PX_PER_MM * scale);
      const dy = (event.clientY - d.startY) / (PX_PER_MM * scale);
      setDraft((current) => {
        const element = current.elements[d.index];
        if (!element) return current;
        const width = paperWidthMm(current.paper);
        const x = clamp(snap(d.x0 + dx), 0, Math.floor((width - element.width) * 2) / 2);
        const y = clamp(snap(d.y0 + dy), 0, Math.floor((current.heightMm - element.height) * 2) / 2);
        if (x === element.x && y === element.y) return current;
        return { ...current, elements: current.elements.map((e, i) => (i === d.index ? { ...e, x, y } : e)) };
      });
    };
    const stop = () => {
      drag.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
  }, [scale, setDraft]);
  return onElementPointerDown;
}
