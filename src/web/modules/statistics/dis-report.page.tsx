import { disReportReport } from '../../../shared/reports/distributors.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/disReport: sales, settled and unsettled per distributor (a distributor: its own). */
const definition: ReportPageDefinition = {
  report: disReportReport,
  charts: [
    {
      table: 'distributors',
      x: 'company',
      format: 'money',
      series: [
        { column: 'net', kind: 'bar' },
        { column: 'settled', kind: 'bar', color: 'colorSuccess' },
        { column: 'unsettled', kind: 'bar', color: 'colorWarning' },
      ],
    },
  ],
  printable: true,
};

export default function DisReportPage() {
  return <ReportPage def={definition} />;
}
