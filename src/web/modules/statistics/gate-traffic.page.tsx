import { ParkEntryType } from '../../../shared/dict/gates.ts';
import { GateTrafficFilterLabel, gateTrafficReport } from '../../../shared/reports/gate-traffic.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/stat: entries and exits per day, hour and gate, and the peak inside. */
const definition: ReportPageDefinition = {
  report: gateTrafficReport,
  filters: [
    { kind: 'dict', name: 'entryType', label: GateTrafficFilterLabel.entryType, dict: ParkEntryType },
  ],
  defaultPeriod: 'week',
  charts: [
    {
      table: 'days',
      x: 'day',
      format: 'count',
      series: [
        { column: 'entries', kind: 'bar' },
        { column: 'exits', kind: 'bar', color: 'colorWarning' },
        { column: 'peak', kind: 'line', color: 'colorSuccess' },
      ],
    },
    {
      table: 'hours',
      x: 'hour',
      format: 'count',
      series: [
        { column: 'entries', kind: 'bar' },
        { column: 'exits', kind: 'bar', color: 'colorWarning' },
      ],
    },
    { table: 'gates', x: 'gate', format: 'count', series: [{ column: 'entries', kind: 'bar' }] },
  ],
  pagedTables: ['days'],
  printable: true,
};

export default function GateTrafficPage() {
  return <ReportPage def={definition} />;
}
