import { PayWay } from '../../../shared/dict/order.ts';
import { ParticularsText, particularsReport } from '../../../shared/reports/particulars.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/particulars: money received and paid back per day and pay way, beside the statements. */
const definition: ReportPageDefinition = {
  report: particularsReport,
  filters: [{ kind: 'dict', name: 'payWay', label: ParticularsText.payWay, dict: PayWay }],
  charts: [
    {
      table: 'byDay',
      x: 'day',
      format: 'money',
      series: [
        { column: 'received', kind: 'bar' },
        { column: 'refunded', kind: 'bar', color: 'colorWarning' },
        { column: 'net', kind: 'line', color: 'colorSuccess' },
      ],
    },
    {
      table: 'byPayWay',
      x: 'payWay',
      format: 'money',
      series: [
        { column: 'received', kind: 'bar' },
        { column: 'refunded', kind: 'bar', color: 'colorWarning' },
      ],
    },
  ],
  pagedTables: ['byDay', 'daily'],
  printable: true,
};

export default function ParticularsPage() {
  return <ReportPage def={definition} />;
}
