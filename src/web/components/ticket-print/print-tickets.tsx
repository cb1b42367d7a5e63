import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { TicketPrintData } from '../../../shared/api/print-templates.ts';
import { TicketPrint, type PrintableTemplate } from './ticket-print.tsx';

const ROOT_ID = 'ticket-print-root';
const STYLE_ID = 'ticket-print-style';

/**
 * The print CSS: a page of the ticket's size without margins, and only the tickets on paper (the
 * console is hidden while printing; the tickets are hidden on screen).
 */
export function printCss(widthMm: number, heightMm: number): string {
  return [
    `@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`,
    `@media screen { #${ROOT_ID} { display: none !important; } }`,
    '@media print {',
    `  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }`,
    `  body > *:not(#${ROOT_ID}) { display: none !important; }`,
    `  #${ROOT_ID} { display: block !important; }`,
    `  #${ROOT_ID} .ticket-page { break-after: page; page-break-after: always; }`,
    `  #${ROOT_ID} .ticket-page:last-child { break-after: auto; page-break-after: auto; }`,
    '  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }',
    '}',
  ].join('\n');
}

/**
 * Prints tickets through the browser's print dialog, one page per ticket at the template's size.
 * Resolves when the dialog is closed (or at once where print() does not block).
 */
export async function printTickets(
  template: PrintableTemplate,
  tickets: readonly TicketPrintData[],
): Promise<void> {
  document.getElementById(ROOT_ID)?.remove();
  document.getElementById(STYLE_ID)?.remove();
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = printCss(template.widthMm, template.heightMm);
  const container = document.createElement('div');
  container.id = ROOT_ID;
  document.head.appendChild(style);
  document.body.appendChild(container);
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <>
        {tickets.map((data, i) => (
          <div className="ticket-page" key={i}>
            <TicketPrint template={template} data={data} />
          </div>
        ))}
      </>,
    ),
  );
  const cleanup = () => {
    window.removeEventListener('afterprint', cleanup);
    root.unmount();
    container.remove();
    style.remove();
  };
  window.addEventListener('afterprint', cleanup);
  // let the QR codes and fonts paint before the dialog takes its snapshot
  await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  window.print();
}
