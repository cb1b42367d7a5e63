// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrintElementSchema, type TicketPrintData } from '../../../shared/api/print-templates.ts';
import { printCss } from './print-tickets.tsx';
import { TicketPrint } from './ticket-print.tsx';

const data: TicketPrintData = {
  productName: '成人票',
  visitDate: '2025-05-01',
  price: 12_000,
  qrCode: 'T-1',
  visitor: '张三',
  orderNo: 'NO1',
};

const el = (e: Record<string, unknown>) => PrintElementSchema.parse(e);

describe('TicketPrint', () => {
  it('draws each element at its true size and position in mm', () => {
    const { container } = render(
      <TicketPrint
        template={{
          widthMm: 80,
          heightMm: 100,
          elements: [
            el({ field: 'price', x: 4, y: 10.5, width: 72, height: 6, text: '票价：', bold: true }),
            el({ field: 'text', x: 0, y: 0, width: 80, height: 5, text: '欢迎光临', align: 'center' }),
            el({ field: 'qrCode', x: 20, y: 30, width: 40, height: 30 }),
            el({ field: 'visitor', x: 0, y: 90, width: 80, height: 5 }),
          ],
        }}
        data={data}
      />,
    );
    const paper = container.querySelector<HTMLElement>('.ticket-print')!;
    expect(paper.style.width).toBe('80mm');
    expect(paper.style.height).toBe('100mm');
    const [price, text, qr, visitor] = [...paper.querySelectorAll<HTMLElement>('[data-element]')];
    expect(price!.textContent).toBe('票价：¥120.00');
    expect(price!.style.left).toBe('4mm');
    expect(price!.style.top).toBe('10.5mm');
    expect(price!.style.fontSize).toBe('10pt');
    expect(price!.style.fontWeight).toBe('700');
    expect(text!.textContent).toBe('欢迎光临');
    expect(text!.style.textAlign).toBe('center');
    // a QR code stays square: the smaller side
    expect(qr!.style.width).toBe('30mm');
    expect(qr!.querySelector('svg')).not.toBeNull();
    expect(visitor!.textContent).toBe('张三');
  });

  it('prints on a page of the ticket size without margins, only the tickets', () => {
    const css = printCss(29, 250);
    expect(css).toContain('@page { size: 29mm 250mm; margin: 0; }');
    expect(css).toContain('body > *:not(#ticket-print-root) { display: none !important; }');
  });
});
