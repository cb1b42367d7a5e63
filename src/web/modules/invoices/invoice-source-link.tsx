import { Space } from 'antd';
import { Link } from 'react-router';
import type { InvoiceRowView } from '../../../shared/api/invoices.ts';
import { InvoiceGoods } from '../../../shared/dict/invoices.ts';
import { DictTag } from '../../components/dict-tag.tsx';

/** Where a source order is shown: the ticket order's detail, the shop order's, the card orders filtered by it. */
function sourcePath(row: Pick<InvoiceRowView, 'source' | 'sourceId' | 'sourceNo'>): string | null {
  if (row.source === 'ticket') return `/ticket/detailPage?id=${row.sourceId}`;
  if (row.source === 'shop') return `/shop/orderQuery?id=${row.sourceId}`;
  if (row.source === 'card') return `/VipCard/EnjSelfCardOrder?orderNo=${encodeURIComponent(row.sourceNo)}`;
  return null;
}

/** An invoice's source: its kind and number, linking to the order's screen where there is one. */
export function SourceLink({ row }: { row: Pick<InvoiceRowView, 'source' | 'sourceId' | 'sourceNo'> }) {
  const path = sourcePath(row);
  return (
    <Space size={4} wrap>
      <DictTag dict={InvoiceGoods} value={row.source} />
      {path ? <Link to={path}>{row.sourceNo}</Link> : row.sourceNo}
    </Space>
  );
}
