import { BuyChannel } from '../../../shared/dict/product.ts';
import { SalesText, TrendStep, dataAnalyseReport } from '../../../shared/reports/sales.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/dataAnalyse: the sales trend by day, week or month beside the period before, hours, mix. */
const definition: ReportPageDefinition = {
  report: dataAnalyseReport,
  filters: [
    { kind: 'dict', name: 'step', label: SalesText.step, dict: TrendStep },
    { kind: 'dict', name: 'channel', label: SalesText.channel, dict: BuyChannel },
  ],
  charts: [
    {
      table: 'trend',
      x: 'period',
      format: 'money',
      series: [
        { column: 'amount', kind: 'bar' },
        { column: 'amountPrev', kind: 'line', color: 'colorWarning' },
      ],
    },
    {
      table: 'byHour',
      x: 'hour',
      format: 'count',
      series: [
        { column: 'orders', kind: 'bar' },
        { column: 'tickets', kind: 'line', color: 'colorSuccess' },
      ],
    },
    { table: 'byProduct', x: 'product', format: 'money', series: [{ column: 'amount', kind: 'bar' }] },
    { table: 'byChannel', x: 'channel', format: 'money', series: [{ column: 'amount', kind: 'bar' }] },
  ],
  pagedTables: ['trend'],
  printable: true,
};

export default function SalesDataAnalysePage() {
  return <ReportPage def={definition} />;
}
