import { disSaleReport } from '../../../shared/reports/distributors.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/disSale: distribution sales per day and distributor (a distributor: its own). */
const definition: ReportPageDefinition = {
  report: disSaleReport,
  charts: [
    {
      table: 'days',
      x: 'day',
      format: 'money',
      series: [
        { column: 'sales', kind: 'bar' },
        { column: 'net', kind: 'line', color: 'colorSuccess' },
      ],
    },
  ],
  pagedTables: ['days', 'distributorDays'],
  printable: true,
};

export default function DisSalePage() {
  return <ReportPage def={definition} />;
}
