import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  reservationSessionApi,
  SessionUpdateSchema,
  type SessionRow,
  type SiteOption,
} from '../../../shared/api/reservations.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import {
  ReservationField,
  ReservationSessionStatus,
  SESSION_STATUS,
} from '../../../shared/dict/reservations.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage, useListReload } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { GenerateSessionsModal } from './generate-sessions-modal.tsx';
import { useSites } from './site-options.ts';

const UPDATE = 'admin:makeSession:update';

/** Close a session to new bookings (asked first), or open it again. */
function SessionActions({ row, reload }: { row: SessionRow; reload: () => void }) {
  const { t } = useTranslation('reservations');
  const setStatus = (status: number) => post(reservationSessionApi.status, { ids: [row.id], status });
  const reopen = useAction(() => setStatus(SESSION_STATUS.open), { onSuccess: reload });
  return row.status === SESSION_STATUS.open ? (
    <ConfirmAction
      perm={UPDATE}
      title={t('closeSessionConfirm')}
      action={() => setStatus(SESSION_STATUS.closed)}
      onSuccess={reload}
      button={{ type: 'link', size: 'small', danger: true }}
    >
      {t('closeSession')}
    </ConfirmAction>
  ) : (
    <Can perm={UPDATE}>
      {(allowed) => (
        <Button
          type="link"
          size="small"
          disabled={!allowed}
          loading={reopen.pending}
          onClick={() => void reopen.run()}
        >
          {t('openSession')}
        </Button>
      )}
    </Can>
  );
}

function useDefinition(siteDict: Record<number, DictEntry>, onGenerate: () => void) {
  const { t } = useTranslation('reservations');
  return useMemo(
    () =>
      defineListPage<SessionRow>({
        id: 'make.session',
        url: reservationSessionApi.page,
        exportUrl: reservationSessionApi.export,
        rowKey: 'id',
        perms: { update: UPDATE, export: 'admin:makeSession:page' },
        search: [
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
            label: ReservationField.sessionStatus,
            dict: ReservationSessionStatus,
          },
        ],
        columns: [
          { key: 'siteName', title: ReservationField.site },
          { key: 'date', title: ReservationField.date, sortable: true, width: 120 },
          {
            key: 'startTime',
            title: ReservationField.timeSlot,
            render: (_, row) => `${row.startTime}-${row.endTime}`,
            width: 130,
          },
          { key: 'capacity', title: ReservationField.sessionCapacity, sortable: true, width: 100 },
          { key: 'booked', title: ReservationField.booked, sortable: true, width: 100 },
          { key: 'remaining', title: ReservationField.remaining, width: 100 },
          {
            key: 'status',
            title: ReservationField.sessionStatus,
            kind: 'dict',
            dict: ReservationSessionStatus,
            width: 110,
          },
        ],
        form: {
          updateUrl: reservationSessionApi.update,
          updateSchema: SessionUpdateSchema,
          fields: [
            {
              name: 'capacity',
              label: ReservationField.sessionCapacity,
              kind: 'number',
              min: 1,
              max: 100000,
              required: true,
            },
          ],
          container: 'modal',
          width: 420,
        },
        toolbar: () => (
          <Can perm={UPDATE}>
            {(allowed) => (
              <Button type="primary" icon={<PlusOutlined />} disabled={!allowed} onClick={onGenerate}>
                {t('generate')}
              </Button>
            )}
          </Can>
        ),
        rowActions: (row, { reload }) => <SessionActions row={row} reload={reload} />,
        actionWidth: 200,
      }),
    [siteDict, onGenerate, t],
  );
}

/** docs/product.md §2 /Make/session: the bookable sessions of the sites. */
export default function SessionListPage() {
  const { sites, dict } = useSites(reservationSessionApi.sites);
  const [generating, setGenerating] = useState(false);
  const reload = useListReload(reservationSessionApi.page);
  const open = useCallback(() => setGenerating(true), []);
  const definition = useDefinition(dict, open);
  return (
    <>
      <ListPage definition={definition} />
      {generating ? (
        <GenerateSessionsModal
          sites={sites as SiteOption[]}
          onClose={(created) => {
            setGenerating(false);
            if (created) reload();
          }}
        />
      ) : null}
    </>
  );
}
