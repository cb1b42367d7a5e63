import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Segmented, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gardenLogApi, type GardenLogRow } from '../../../shared/api/checkin.ts';
import type { GateOption } from '../../../shared/api/gates.ts';
import { CheckinResult, GardenLogField, GardenLogText, HealthCode } from '../../../shared/dict/checkin.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { GateDirection } from '../../../shared/dict/order.ts';
import { CardReadMode, ParkEntryType } from '../../../shared/dict/gates.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { GateName } from '../../components/gate-name.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';

/** "Ticket #12", "Staff card: name" or "Travel card: number" (entry type 2) in the user's language. */
function TicketCell({ row }: { row: GardenLogRow }) {
  const label = useLabel();
  if (row.ticketId) return <>{label(GardenLogText.ticketNo).replace('{id}', String(row.ticketId))}</>;
  if (row.staffCardId) return <>{label(GardenLogText.staffCard).replace('{name}', row.staffCardHolder)}</>;
  if (row.cardNo) return <>{label(GardenLogText.passCard).replace('{no}', row.cardNo)}</>;
  return null;
}

type Of = { orderId: number; orderNo: string } | { ticketId: number; orderNo: string };

/** The log of one order or one ticket (docs/product.md §7 selectGardenLog), oldest first. */
function OneLog({ of, onClose }: { of: Of | null; onClose: () => void }) {
  const { t } = useTranslation('checkin');
  const label = useLabel();
  const body = of ? ('orderId' in of ? { orderId: of.orderId } : { ticketId: of.ticketId }) : null;
  const { data, isLoading } = useQuery({
    queryKey: ['checkin', 'selectGardenLog', body],
    queryFn: () => post<GardenLogRow[]>(gardenLogApi.selectGardenLog, body),
    enabled: body != null,
  });
  return (
    <Drawer
      open={of != null}
      onClose={onClose}
      size="large"
      title={t('oneLogTitle', { no: of?.orderNo ?? '' })}
    >
      <Table<GardenLogRow>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          {
            key: 'scannedAt',
            title: label(GardenLogField.scannedAt),
            dataIndex: 'scannedAt',
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'gate',
            title: label(GardenLogField.gate),
            render: (_, r) => <GateName gateId={r.gateId} name={r.gateName} />,
          },
          {
            key: 'direction',
            title: label(GardenLogField.direction),
            render: (_, r) => <DictTag dict={GateDirection} value={r.direction} />,
          },
          { key: 'ticket', title: label(GardenLogField.ticket), render: (_, r) => <TicketCell row={r} /> },
          {
            key: 'result',
            title: label(GardenLogField.result),
            render: (_, r) => <DictTag dict={CheckinResult} value={r.result} fallback={r.result} />,
          },
        ]}
      />
    </Drawer>
  );
}

type View = 'all' | 'freeIdCard';

/** docs/product.md §2 /ticket/visitors: the entry/exit log of the acting area, with its filters and export. */
export default function GardenLogPage() {
  const { t } = useTranslation('checkin');
  const [view, setView] = useState<View>('all');
  const [of, setOf] = useState<Of | null>(null);
  const { data: gateList } = useQuery({
    queryKey: ['checkin', 'gates'],
    queryFn: () => get<GateOption[]>(gardenLogApi.gates),
    staleTime: 60_000,
  });
  const gateDict = useMemo(
    () =>
      Object.fromEntries(
        (gateList ?? []).map((g) => [g.id, { zh: g.name, en: g.name } satisfies DictEntry]),
      ) as Record<number, DictEntry>,
    [gateList],
  );

  const definition = useMemo(
    () =>
      defineListPage<GardenLogRow>({
        id: 'ticket.visitors',
        url: view === 'all' ? gardenLogApi.page : gardenLogApi.getFreeIdCardGarLog,
        // the free ID-card entries are a view of the log; the export is the log's
        ...(view === 'all' ? { exportUrl: gardenLogApi.derivedPage } : {}),
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
          { kind: 'dict', name: 'gateId', label: GardenLogField.gate, dict: gateDict, width: 180 },
          { kind: 'dict', name: 'readMode', label: GardenLogField.readMode, dict: CardReadMode },
          { kind: 'dict', name: 'direction', label: GardenLogField.direction, dict: GateDirection },
          { kind: 'dict', name: 'result', label: GardenLogField.result, dict: CheckinResult },
          { kind: 'dict', name: 'entryType', label: GardenLogField.entryType, dict: ParkEntryType },
          { kind: 'dict', name: 'healthCode', label: GardenLogField.healthCode, dict: HealthCode },
          { kind: 'text', name: 'orderNo', label: GardenLogField.orderNo, maxLength: 32 },
          { kind: 'text', name: 'ticketCode', label: GardenLogField.ticketCode, maxLength: 64 },
          { kind: 'text', name: 'cardNo', label: GardenLogField.cardNo, maxLength: 16 },
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
            render: (_, row) =>
              row.ticketId ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setOf({ ticketId: row.ticketId!, orderNo: row.orderNo })}
                >
                  <TicketCell row={row} />
                </Button>
              ) : (
                <TicketCell row={row} />
              ),
            width: 150,
          },
          {
            key: 'orderNo',
            title: GardenLogField.orderNo,
            render: (_, row) =>
              row.orderId ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setOf({ orderId: row.orderId!, orderNo: row.orderNo })}
                >
                  {row.orderNo}
                </Button>
              ) : null,
            width: 200,
          },
          { key: 'visitorName', title: GardenLogField.visitorName, width: 110 },
          { key: 'scannedValue', title: GardenLogField.scannedValue, width: 170, hidden: true },
          { key: 'result', title: GardenLogField.result, kind: 'dict', dict: CheckinResult, width: 170 },
          { key: 'healthCode', title: GardenLogField.healthCode, kind: 'dict', dict: HealthCode, width: 90 },
          { key: 'offline', title: GardenLogField.offline, kind: 'boolean', width: 70 },
          { key: 'forced', title: GardenLogField.forced, kind: 'boolean', width: 80, hidden: true },
          { key: 'uploadedAt', title: GardenLogField.uploadedAt, kind: 'dateTime', width: 170, hidden: true },
        ],
        toolbar: () => (
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'all', label: t('viewAll') },
              { value: 'freeIdCard', label: t('viewFreeIdCard') },
            ]}
          />
        ),
      }),
    [view, gateDict, t],
  );

  return (
    <>
      <ListPage definition={definition} />
      <OneLog of={of} onClose={() => setOf(null)} />
    </>
  );
}
