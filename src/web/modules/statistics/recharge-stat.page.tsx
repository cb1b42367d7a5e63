import { rechargeStatReport } from '../../../shared/reports/recharge-stat.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/rechargeStat: members' top-ups, gifts and spends per day, recharge rule and pay way. */
const definition: ReportPageDefinition = {
  report: rechargeStatReport,
  charts: [
    {
      table: 'byDay',
      x: 'day',
      format: 'money',
      series: [
        { column: 'topUp', kind: 'bar' },
        { column: 'gift', kind: 'bar', color: 'colorSuccess' },
        { column: 'spend', kind: 'line', color: 'colorWarning' },
      ],
    },
    { table: 'byRule', x: 'rule', format: 'money', series: [{ column: 'topUp', kind: 'bar' }] },
  ],
  pagedTables: ['byDay'],
  printable: true,
};

export default function RechargeStatPage() {
  return <ReportPage def={definition} />;
}
