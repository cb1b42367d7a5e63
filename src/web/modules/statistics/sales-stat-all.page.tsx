import { PayWay } from '../../../shared/dict/order.ts';
import { BuyChannel, ProductType } from '../../../shared/dict/product.ts';
import { SalesText, statAllReport } from '../../../shared/reports/sales.ts';
import { ReportPage, type ReportPageDefinition } from '../../components/report-page/index.ts';

/** /statAnalyse/statAllReport: tickets and money by product, channel and pay way, with subtotals; A4 landscape. */
const definition: ReportPageDefinition = {
  report: statAllReport,
  filters: [
    { kind: 'dict', name: 'productType', label: SalesText.productType, dict: ProductType },
    { kind: 'dict', name: 'channel', label: SalesText.channel, dict: BuyChannel },
    { kind: 'dict', name: 'payWay', label: SalesText.payWay, dict: PayWay },
  ],
  charts: [
    {
      table: 'byProduct',
      x: 'product',
      format: 'money',
      series: [
        { column: 'amount', kind: 'bar' },
        { column: 'net', kind: 'bar', color: 'colorSuccess' },
      ],
    },
  ],
  printable: true,
};

export default function SalesStatAllPage() {
  return <ReportPage def={definition} />;
}
