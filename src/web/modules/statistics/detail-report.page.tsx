import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { BuyChannel, ProductType } from '../../../shared/dict/product.ts';
import {
  DetailField as F,
  detailReportApi,
  type DetailProductOption,
  type DetailRow,
} from '../../../shared/reports/detail-report.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';

/** The area's products as the product filter's choices. */
const choicesOf = (options: readonly DetailProductOption[] = []): Record<number, DictEntry> =>
  Object.fromEntries(options.map((o) => [o.id, { zh: o.name, en: o.name }]));

/** /statAnalyse/detailReport: one row per ticket sold, paged, filtered, sorted and exported (streamed). */
function useDefinition() {
  const { data: products } = useQuery({
    queryKey: ['statistics', 'detailProducts'] as const,
    queryFn: () => get<DetailProductOption[]>(detailReportApi.productOptions),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const productDict = choicesOf(products);
    return defineListPage<DetailRow>({
      id: 'stat.detailReport',
      url: detailReportApi.page,
      exportUrl: detailReportApi.export,
      rowKey: 'id',
      perms: { export: 'admin:stat:detailReport' },
      search: [
        { kind: 'dateRange', name: 'period', label: F.period, from: 'from', to: 'to' },
        { kind: 'dict', name: 'productId', label: F.productId, dict: productDict },
        { kind: 'dict', name: 'channel', label: F.channel, dict: BuyChannel },
        { kind: 'dict', name: 'payWay', label: F.payWay, dict: PayWay },
        { kind: 'dict', name: 'status', label: F.status, dict: TicketStatus },
        { kind: 'text', name: 'orderNo', label: F.orderNo, maxLength: 32 },
        { kind: 'text', name: 'phone', label: F.buyerPhone, maxLength: 20 },
      ],
      columns: [
        { key: 'orderNo', title: F.orderNo, width: 200, fixed: 'left' },
        { key: 'id', title: F.id, width: 90 },
        { key: 'productName', title: F.productName, width: 180, ellipsis: true },
        { key: 'productType', title: F.productType, kind: 'dict', dict: ProductType, width: 100 },
        { key: 'channel', title: F.channel, kind: 'dict', dict: BuyChannel, width: 120 },
        { key: 'payWay', title: F.payWay, kind: 'dict', dict: PayWay, width: 110 },
        { key: 'visitDate', title: F.visitDate, sortable: true, width: 110 },
        { key: 'price', title: F.price, kind: 'money', sortable: true, width: 100 },
        { key: 'status', title: F.status, kind: 'dict', dict: TicketStatus, width: 110 },
        { key: 'visitorName', title: F.visitorName, width: 100 },
        { key: 'visitorPhone', title: F.visitorPhone, width: 130 },
        { key: 'visitorIdNumber', title: F.visitorIdNumber, hidden: true, width: 180 },
        { key: 'buyerName', title: F.buyerName, hidden: true, width: 100 },
        { key: 'buyerPhone', title: F.buyerPhone, width: 130 },
        { key: 'entryCount', title: F.entryCount, width: 90 },
        { key: 'firstEntryTime', title: F.firstEntryTime, kind: 'dateTime', hidden: true, width: 170 },
        { key: 'printCount', title: F.printCount, hidden: true, width: 90 },
        { key: 'createTime', title: F.createTime, kind: 'dateTime', sortable: true, width: 170 },
        { key: 'paidTime', title: F.paidTime, kind: 'dateTime', hidden: true, width: 170 },
      ],
    });
  }, [products]);
}

export default function DetailReportPage() {
  return <ListPage definition={useDefinition()} />;
}
