import { PayWay } from '../../../shared/dict/order.ts';
import { BuyChannel } from '../../../shared/dict/product.ts';
import { SalesText, dataParsReport } from '../../../shared/reports/sales.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/dataPars: a period's sales, orders, tickets, visitors and refunds against the period before. */
const definition: ReportPageDefinition = {
  report: dataParsReport,
  filters: [
    { kind: 'dict', name: 'channel', label: SalesText.channel, dict: BuyChannel },
    { kind: 'dict', name: 'payWay', label: SalesText.payWay, dict: PayWay },
  ],
  charts: [
    {
      table: 'byChannel',
      x: 'channel',
      format: 'money',
      series: [
        { column: 'amount', kind: 'bar' },
        { column: 'refundedAmount', kind: 'bar', color: 'colorWarning' },
      ],
    },
    { table: 'byPayWay', x: 'payWay', format: 'money', series: [{ column: 'amount', kind: 'bar' }] },
    {
      table: 'byProductType',
      x: 'productType',
      format: 'count',
      series: [
        { column: 'tickets', kind: 'bar' },
        { column: 'refundedTickets', kind: 'bar', color: 'colorWarning' },
      ],
    },
  ],
  printable: true,
};

export default function SalesDataParsPage() {
  return <ReportPage def={definition} />;
}
