import { originReport } from '../../../shared/reports/origin.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/**
 * /statAnalyse/origin (hidden, the overview's detail): visitors by province, as bars (no map data
 * package of China is installed; docs/statistics.md).
 */
const definition: ReportPageDefinition = {
  report: originReport,
  charts: [
    { table: 'provinces', x: 'province', format: 'count', series: [{ column: 'visitors', kind: 'bar' }] },
  ],
  printable: true,
};

export default function OriginPage() {
  return <ReportPage def={definition} />;
}
