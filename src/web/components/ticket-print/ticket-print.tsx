import { QRCodeSVG } from 'qrcode.react';
import type { CSSProperties, PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import type { PrintElement, TicketPrintData } from '../../../shared/api/print-templates.ts';
import { formatMoney } from '../../../shared/money.ts';

/** What the renderer needs of a template: its paper size in mm and its elements. */
export interface PrintableTemplate {
  widthMm: number;
  heightMm: number;
  elements: readonly PrintElement[];
}

export interface TicketPrintProps {
  template: PrintableTemplate;
  data: TicketPrintData;
  /** Designer only: the highlighted element. */
  selected?: number | null;
  /** Designer only: an element is grabbed (to drag it). */
  onElementPointerDown?: (index: number, event: ReactPointerEvent<HTMLDivElement>) => void;
}

/** The printed value of an element; `text` is the fixed text, or a label before the value. */
function content(element: PrintElement, data: TicketPrintData): ReactNode {
  switch (element.field) {
    case 'text':
      return element.text;
    case 'qrCode':
      return data.qrCode ? (
        <QRCodeSVG
          value={data.qrCode}
          title={data.qrCode}
          marginSize={0}
          style={{ width: '100%', height: '100%', display: 'block' }}
        />
      ) : null;
    case 'price':
      return `${element.text}¥${formatMoney(data.price)}`;
    default:
      return `${element.text}${data[element.field]}`;
  }
}

/**
 * One ticket at true size: CSS millimetres, fonts in points, so the browser prints it 1:1 on a page
 * of the template's size (see printTickets). Positions are from the top-left corner of the paper.
 */
export function TicketPrint({ template, data, selected, onElementPointerDown }: TicketPrintProps) {
  const paper: CSSProperties = {
    position: 'relative',
    width: `${template.widthMm}mm`,
    height: `${template.heightMm}mm`,
    overflow: 'hidden',
    background: '#fff',
    color: '#000',
    fontFamily: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  };
  return (
    <div className="ticket-print" style={paper}>
      {template.elements.map((element, index) => {
        const square = element.field === 'qrCode' ? Math.min(element.width, element.height) : null;
        const style: CSSProperties = {
          position: 'absolute',
          left: `${element.x}mm`,
          top: `${element.y}mm`,
          width: `${square ?? element.width}mm`,
          height: `${square ?? element.height}mm`,
          fontSize: `${element.fontSize}pt`,
          fontWeight: element.bold ? 700 : 400,
          textAlign: element.align,
          lineHeight: 1.2,
          overflow: 'hidden',
          wordBreak: 'break-all',
          whiteSpace: 'pre-wrap',
          boxSizing: 'border-box',
          ...(onElementPointerDown
            ? {
                cursor: 'move',
                touchAction: 'none',
                userSelect: 'none',
                outline: selected === index ? '1px solid #1677ff' : '1px dashed #bbb',
                background: selected === index ? 'rgba(22, 119, 255, 0.08)' : undefined,
              }
            : {}),
        };
        return (
          <div
            key={index}
            data-element={index}
            style={style}
            onPointerDown={onElementPointerDown ? (event) => onElementPointerDown(index, event) : undefined}
          >
            {content(element, data)}
          </div>
        );
      })}
    </div>
  );
}
