import { useQuery } from '@tanstack/react-query';
import { Empty, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  terminalApi,
  TerminalCreateSchema,
  TerminalUpdateSchema,
  type TerminalCreated,
  type TerminalEventRow,
  type TerminalRow,
  type TerminalSecret,
  type TerminalStatusResult,
} from '../../../shared/api/terminals.ts';
import { EnableStatus, ENABLED } from '../../../shared/dict/account.ts';
import { TerminalEvent, TerminalKind, TerminalOnline } from '../../../shared/dict/terminal.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import {
  defineListPage,
  ListPage,
  type ColumnDef,
  type FormFieldDef,
} from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';
import { OneTimeModal, type OneTimeValue } from '../../components/one-time-modal.tsx';

/** The event log of one terminal, in the detail drawer. */
function TerminalEvents({ id }: { id: number }) {
  const { t } = useTranslation('terminals');
  const { data, isLoading } = useQuery({
    queryKey: ['terminals', 'events', id],
    queryFn: () => get<TerminalEventRow[]>(terminalApi.events, { id }, { silent: true }),
  });
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('events')}
      </Typography.Title>
      <Table<TerminalEventRow>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('noEvents')} /> }}
        columns={[
          {
            key: 'createTime',
            title: t('eventTime'),
            dataIndex: 'createTime',
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'event',
            title: t('event'),
            dataIndex: 'event',
            render: (v: string) => <DictTag dict={TerminalEvent} value={v} fallback={v} />,
          },
          { key: 'detail', title: t('detail'), dataIndex: 'detail' },
        ]}
      />
    </>
  );
}

const TERMINAL_COLUMNS: readonly ColumnDef<TerminalRow>[] = [
  { key: 'name', title: 'terminals:name', sortable: true },
  { key: 'kind', title: 'terminals:kind', kind: 'dict', dict: TerminalKind, sortable: true },
  { key: 'serialNo', title: 'terminals:serialNo', sortable: true },
  { key: 'location', title: 'terminals:location', ellipsis: true },
  { key: 'online', title: 'terminals:online', kind: 'dict', dict: TerminalOnline },
  { key: 'lastSeenTime', title: 'terminals:lastSeen', kind: 'dateTime', sortable: true },
  { key: 'appVersion', title: 'terminals:appVersion' },
  { key: 'lastIp', title: 'terminals:lastIp', hidden: true },
  { key: 'status', title: 'terminals:status', kind: 'dict', dict: EnableStatus },
  { key: 'activated', title: 'terminals:activated', kind: 'boolean' },
  { key: 'clientId', title: 'terminals:clientId', hidden: true },
  {
    key: 'createTime',
    title: 'terminals:createTime',
    kind: 'dateTime',
    sortable: true,
    hidden: true,
  },
];

const TERMINAL_FIELDS: readonly FormFieldDef[] = [
  {
    name: 'kind',
    label: 'terminals:kind',
    kind: 'dict',
    dict: TerminalKind,
    required: true,
    createOnly: true,
  },
  { name: 'name', label: 'terminals:name', required: true, maxLength: 50 },
  {
    name: 'serialNo',
    label: 'terminals:serialNo',
    required: true,
    maxLength: 64,
    extra: 'terminals:serialNoHint',
  },
  { name: 'location', label: 'terminals:location', maxLength: 100 },
];

/** docs/product.md §2 /terminal/terminal: the area's registered terminals (docs/decisions.md "Terminals"). */
export default function TerminalListPage() {
  const { t } = useTranslation(['terminals', 'common']);
  const [shown, setShown] = useState<OneTimeValue | null>(null);

  const definition = useMemo(
    () =>
      defineListPage<TerminalRow>({
        id: 'terminal.terminal',
        url: terminalApi.page,
        exportUrl: terminalApi.export,
        rowKey: 'id',
        perms: {
          create: 'admin:terminal:create',
          update: 'admin:terminal:update',
          delete: 'admin:terminal:create',
          export: 'admin:terminal:page',
        },
        search: [
          { kind: 'dict', name: 'kind', label: 'terminals:kind', dict: TerminalKind },
          { kind: 'text', name: 'keyword', label: 'terminals:keyword', maxLength: 64 },
          { kind: 'dict', name: 'online', label: 'terminals:online', dict: TerminalOnline },
          { kind: 'dict', name: 'status', label: 'terminals:status', dict: EnableStatus },
        ],
        columns: TERMINAL_COLUMNS,
        form: {
          createUrl: terminalApi.create,
          updateUrl: terminalApi.update,
          createSchema: TerminalCreateSchema,
          updateSchema: TerminalUpdateSchema,
          fields: TERMINAL_FIELDS,
          toValues: (row) => ({ name: row.name, serialNo: row.serialNo, location: row.location }),
          onSaved: (result, { mode }) => {
            if (mode !== 'create') return;
            const created = result as TerminalCreated;
            setShown({
              title: t('codeTitle'),
              warning: t('codeWarning', {
                time: dayjs(created.activationExpireTime).format('YYYY-MM-DD HH:mm'),
              }),
              value: created.activationCode,
            });
          },
        },
        detail: { extra: (row) => <TerminalEvents id={row.id} /> },
        // only a terminal never activated can go (the server answers 409 for the others)
        delete: {
          url: terminalApi.delete,
          confirm: 'terminals:deleteConfirm',
          when: (row) => !row.activated,
        },
        refreshEvery: 15_000,
        rowActions: (row, { reload }) => (
          <>
            <ConfirmAction
              perm="admin:terminal:update"
              title={row.status === ENABLED ? t('disable') : t('enable')}
              description={row.status === ENABLED ? t('disableConfirm') : t('enableConfirm')}
              okDanger={row.status === ENABLED}
              action={() =>
                post<TerminalStatusResult>(terminalApi.status, {
                  id: row.id,
                  status: row.status === ENABLED ? 2 : ENABLED,
                })
              }
              // enabling answers a new activation code, shown once, which says it all
              success={(result) => (result ? false : t('common:success'))}
              onSuccess={(result) => {
                if (result)
                  setShown({
                    title: `${t('codeTitle')}: ${row.name}`,
                    warning: t('reactivateWarning', {
                      time: dayjs(result.activationExpireTime).format('YYYY-MM-DD HH:mm'),
                    }),
                    value: result.activationCode,
                  });
                reload();
              }}
            >
              {row.status === ENABLED ? t('disable') : t('enable')}
            </ConfirmAction>
            {/* a disabled terminal gets no credential: enabling hands out an activation code */}
            {row.activated && row.status === ENABLED && (
              <ConfirmAction
                perm="admin:terminal:update"
                title={t('rotateSecret')}
                description={t('rotateSecretConfirm')}
                okDanger
                action={() => post<TerminalSecret>(terminalApi.rotateSecret, { id: row.id })}
                // the new secret, shown once, says it all
                success={false}
                onSuccess={(result) => {
                  const s = result as TerminalSecret;
                  setShown({
                    title: `${t('secretTitle')}: ${s.clientId}`,
                    warning: t('secretWarning'),
                    value: s.clientSecret,
                  });
                  reload();
                }}
              >
                {t('rotateSecret')}
              </ConfirmAction>
            )}
          </>
        ),
        actionWidth: 300,
      }),
    [t],
  );

  return (
    <>
      <ListPage definition={definition} />
      <OneTimeModal shown={shown} onClose={() => setShown(null)} inputId="terminal-one-time" />
    </>
  );
}
