import { gardenLogApi, type GardenLogRow } from '../../../shared/api/checkin.ts';
import { CheckinResult, GardenLogField, GardenLogText } from '../../../shared/dict/checkin.ts';
import { GateDirection } from '../../../shared/dict/order.ts';
import { CardReadMode, ParkEntryType } from '../../../shared/dict/ticket.ts';
import { GateName } from '../../components/gate-name.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';

/** "Ticket #12" or "Staff card: name" in the user's language. */
function TicketCell({ row }: { row: GardenLogRow }) {
  const label = useLabel();
  if (row.ticketId) return <>{label(GardenLogText.ticketNo).replace('{id}', String(row.ticketId))}</>;
  if (row.staffCardId) return <>{label(GardenLogText.staffCard).replace('{name}', row.staffCardHolder)}</>;
  return null;
}

const definition = defineListPage<GardenLogRow>({
  id: 'ticket.visitors',
  url: gardenLogApi.page,
  exportUrl: gardenLogApi.derivedPage,
  rowKey: 'id',
  perms: { export: 'admin:gardenLog:page' },
  search: [
    {
      kind: 'dateRange',
      name: 'scannedAt',
      label: GardenLogField.scannedAt,
      from: 'scannedFrom',
      to: 'scannedTo',
      time: true,
    },
    { kind: 'number', name: 'gateId', label: GardenLogField.gate, min: 1 },
    { kind: 'dict', name: 'direction', label: GardenLogField.direction, dict: GateDirection },
    { kind: 'dict', name: 'result', label: GardenLogField.result, dict: CheckinResult },
    { kind: 'dict', name: 'entryType', label: GardenLogField.entryType, dict: ParkEntryType },
    { kind: 'text', name: 'orderNo', label: GardenLogField.orderNo, maxLength: 32 },
    { kind: 'text', name: 'ticketCode', label: GardenLogField.ticketCode, maxLength: 64 },
    { kind: 'text', name: 'visitorName', label: GardenLogField.visitorName, maxLength: 50 },
    { kind: 'text', name: 'idNumber', label: GardenLogField.idNumber, maxLength: 18 },
  ],
  columns: [
    { key: 'scannedAt', title: GardenLogField.scannedAt, kind: 'dateTime', sortable: true, width: 170 },
    {
      key: 'gateName',
      title: GardenLogField.gate,
      render: (_, row) => <GateName gateId={row.gateId} name={row.gateName} />,
      width: 130,
    },
    { key: 'direction', title: GardenLogField.direction, kind: 'dict', dict: GateDirection, width: 80 },
    { key: 'deviceId', title: GardenLogField.deviceId, width: 130 },
    { key: 'readMode', title: GardenLogField.readMode, kind: 'dict', dict: CardReadMode, width: 90 },
    { key: 'entryType', title: GardenLogField.entryType, kind: 'dict', dict: ParkEntryType, width: 90 },
    {
      key: 'ticketId',
      title: GardenLogField.ticket,
      render: (_, row) => <TicketCell row={row} />,
      width: 150,
    },
    { key: 'orderNo', title: GardenLogField.orderNo, width: 200 },
    { key: 'visitorName', title: GardenLogField.visitorName, width: 110 },
    { key: 'scannedValue', title: GardenLogField.scannedValue, width: 170, hidden: true },
    { key: 'result', title: GardenLogField.result, kind: 'dict', dict: CheckinResult, width: 170 },
    { key: 'offline', title: GardenLogField.offline, kind: 'boolean', width: 70 },
    { key: 'forced', title: GardenLogField.forced, kind: 'boolean', width: 80, hidden: true },
    { key: 'uploadedAt', title: GardenLogField.uploadedAt, kind: 'dateTime', width: 170, hidden: true },
  ],
});

/** docs/product.md §2 /ticket/visitors: the entry/exit log of the acting area, with its filters and export. */
export default function GardenLogPage() {
  return <ListPage definition={definition} />;
}
