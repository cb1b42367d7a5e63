import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reservationApi, type BookingRow } from '../../../shared/api/reservations.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import {
  RESERVATION_STATUS,
  ReservationField,
  ReservationStatus,
} from '../../../shared/dict/reservations.ts';
import { BuyChannel } from '../../../shared/dict/product.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useSites } from './site-options.ts';

const UPDATE = 'admin:makeMessage:update';

/** Mark arrived and cancel: only a booked one (state 0); the server checks the day and the start. */
function BookingActions({ row, reload }: { row: BookingRow; reload: () => void }) {
  const { t } = useTranslation('reservations');
  const booked = row.status === RESERVATION_STATUS.booked;
  return (
    <>
      <ConfirmAction
        perm={UPDATE}
        disabled={!booked}
        title={t('arriveConfirm', { name: row.visitorName })}
        action={() => post(reservationApi.arrive, { id: row.id })}
        onSuccess={reload}
        button={{ type: 'link', size: 'small', 'data-testid': `arrive-${row.code}` }}
      >
        {t('arrive')}
      </ConfirmAction>
      <ConfirmAction
        perm={UPDATE}
        disabled={!booked}
        okDanger
        title={t('cancelConfirm', { name: row.visitorName })}
        action={() => post(reservationApi.cancel, { id: row.id })}
        onSuccess={reload}
        button={{ type: 'link', size: 'small', danger: true }}
      >
        {t('cancel')}
      </ConfirmAction>
    </>
  );
}

function useDefinition(siteDict: Record<number, DictEntry>) {
  return useMemo(
    () =>
      defineListPage<BookingRow>({
        id: 'make.message',
        url: reservationApi.page,
        exportUrl: reservationApi.export,
        rowKey: 'id',
        perms: { export: 'admin:makeMessage:page' },
        search: [
          {
            kind: 'text',
            name: 'code',
            label: ReservationField.code,
            placeholder: 'reservations:codePlaceholder',
            maxLength: 16,
          },
          {
            kind: 'text',
            name: 'phone',
            label: ReservationField.phone,
            placeholder: 'reservations:phonePlaceholder',
            maxLength: 20,
          },
          { kind: 'dict', name: 'siteId', label: ReservationField.site, dict: siteDict, width: 200 },
          {
            kind: 'dateRange',
            name: 'date',
            label: ReservationField.date,
            from: 'dateFrom',
            to: 'dateTo',
            dateOnly: true,
            allowFuture: true,
          },
          {
            kind: 'dict',
            name: 'status',
            label: ReservationField.reservationStatus,
            dict: ReservationStatus,
          },
        ],
        columns: [
          { key: 'code', title: ReservationField.code, width: 140 },
          { key: 'siteName', title: ReservationField.site },
          {
            key: 'date',
            title: ReservationField.session,
            render: (_, row) => `${row.date} ${row.startTime}-${row.endTime}`,
            width: 190,
          },
          { key: 'visitorName', title: ReservationField.visitorName, width: 110 },
          { key: 'phone', title: ReservationField.phone, width: 130 },
          { key: 'idNumber', title: ReservationField.idNumber, width: 190, hidden: true },
          { key: 'channel', title: ReservationField.channel, kind: 'dict', dict: BuyChannel, width: 120 },
          {
            key: 'status',
            title: ReservationField.reservationStatus,
            kind: 'dict',
            dict: ReservationStatus,
            width: 110,
          },
          { key: 'bookedAt', title: ReservationField.bookedAt, kind: 'dateTime', sortable: true },
          { key: 'arrivedAt', title: ReservationField.arrivedAt, kind: 'dateTime' },
        ],
        detail: {},
        rowActions: (row, { reload }) => <BookingActions row={row} reload={reload} />,
        actionWidth: 240,
      }),
    [siteDict],
  );
}

/** docs/product.md §2 /Make/message: the bookings, marked arrived at the door or cancelled. */
export default function BookingListPage() {
  const { dict } = useSites(reservationApi.sites);
  return <ListPage definition={useDefinition(dict)} />;
}
