import { disTicketReport } from '../../../shared/reports/distributors.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/disTicket: distribution tickets per state, distributor and product (a distributor: its own). */
const definition: ReportPageDefinition = {
  report: disTicketReport,
  charts: [{ table: 'states', x: 'state', format: 'count', series: [{ column: 'tickets', kind: 'bar' }] }],
  pagedTables: ['products'],
  printable: true,
};

export default function DisTicketPage() {
  return <ReportPage def={definition} />;
}
