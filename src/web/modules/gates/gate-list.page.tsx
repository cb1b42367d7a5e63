import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  gateApi,
  GateCreateSchema,
  GateUpdateSchema,
  type GateChoices,
  type GateRow,
} from '../../../shared/api/gates.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { CheckinResult } from '../../../shared/dict/checkin.ts';
import { GATE_PASS, GateField, GatePassState, GateText } from '../../../shared/dict/gates.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import { GateType } from '../../../shared/dict/gates.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import {
  defineListPage,
  ListPage,
  useLabel,
  type ColumnDef,
  type FormFieldDef,
} from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';

/** The gate list's live state (last scan, devices online) is polled this often. */
export const GATE_LIVE_POLL_MS = 15_000;

const choicesQuery = () => ({
  queryKey: ['gates', 'choices'] as const,
  queryFn: () => get<GateChoices>(gateApi.choices),
  staleTime: 30_000,
});

type ChoiceKind = 'products' | 'cards' | 'bookingSites' | 'devices';

/** A multi-select of the area's products, cards, booking sites or gate devices (antd Form passes value/onChange). */
function ChoiceSelect({
  kind,
  value,
  onChange,
  id,
}: {
  kind: ChoiceKind;
  value?: number[];
  onChange?: (v: number[]) => void;
  id?: string;
}) {
  const { data, isLoading } = useQuery(choicesQuery());
  const options = (data?.[kind] ?? []).map((c) => ({
    value: c.id,
    label: 'serialNo' in c ? `${c.name} (${String(c.serialNo)})` : c.name,
  }));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      loading={isLoading}
      value={value ?? []}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      data-testid={`gate-${kind}`}
    />
  );
}

/** "09:00-17:00", or the area's hours. */
function HoursCell({ row }: { row: GateRow }) {
  const label = useLabel();
  return <>{row.openFrom && row.openTo ? `${row.openFrom}-${row.openTo}` : label(GateText.areaHours)}</>;
}

function AdmitsCell({ row }: { row: GateRow }) {
  const label = useLabel();
  const { product, card, booking } = row.admissions;
  const n = (v: number) => (v ? String(v) : label(GateText.all));
  return <>{`${n(product)} / ${n(card)} / ${n(booking)}`}</>;
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null));

const GATE_COLUMNS: readonly ColumnDef<GateRow>[] = [
  { key: 'code', title: GateField.code, sortable: true, width: 120 },
  { key: 'name', title: GateField.name, sortable: true, width: 150 },
  { key: 'gateType', title: GateField.gateType, kind: 'dict', dict: GateType, sortable: true },
  { key: 'location', title: GateField.location, ellipsis: true, hidden: true },
  { key: 'status', title: GateField.status, kind: 'dict', dict: EnableStatus },
  { key: 'passState', title: GateField.passState, kind: 'dict', dict: GatePassState },
  { key: 'openFrom', title: GateField.hours, render: (_, row) => <HoursCell row={row} /> },
  { key: 'admissions', title: GateField.admissions, render: (_, row) => <AdmitsCell row={row} /> },
  {
    key: 'devicesOnline',
    title: GateField.devices,
    render: (_, row) => (
      <span data-testid={`gate-online-${row.id}`}>
        <DictTag dict={TerminalOnline} value={row.online} /> {row.devicesOnline}/{row.devices.length}
      </span>
    ),
  },
  { key: 'lastScanTime', title: GateField.lastScan, kind: 'dateTime', width: 170 },
  {
    key: 'lastScanResult',
    title: GateField.lastResult,
    render: (_, row) =>
      row.lastScanResult ? (
        <span data-testid={`gate-last-${row.id}`}>
          <DictTag dict={CheckinResult} value={row.lastScanResult} fallback={row.lastScanResult} />
        </span>
      ) : null,
  },
];

const GATE_FIELDS: readonly FormFieldDef[] = [
  { name: 'code', label: GateField.code, required: true, maxLength: 32, createOnly: true },
  { name: 'name', label: GateField.name, required: true, maxLength: 50 },
  { name: 'gateType', label: GateField.gateType, kind: 'dict', dict: GateType, required: true },
  { name: 'location', label: GateField.location, maxLength: 100 },
  { name: 'status', label: GateField.status, kind: 'dict', dict: EnableStatus, required: true },
  {
    name: 'passState',
    label: GateField.passState,
    kind: 'dict',
    dict: GatePassState,
    required: true,
  },
  { name: 'openFrom', label: 'gates:openFrom', maxLength: 5, placeholder: 'gates:hoursHint' },
  { name: 'openTo', label: 'gates:openTo', maxLength: 5, extra: 'gates:hoursHint' },
  {
    name: 'productIds',
    label: 'gates:products',
    kind: 'custom',
    extra: 'gates:admitsAllHint',
    render: () => <ChoiceSelect kind="products" />,
  },
  {
    name: 'cardIds',
    label: 'gates:cards',
    kind: 'custom',
    extra: 'gates:admitsAllHint',
    render: () => <ChoiceSelect kind="cards" />,
  },
  {
    name: 'bookingSiteIds',
    label: 'gates:bookingSites',
    kind: 'custom',
    extra: 'gates:admitsAllHint',
    render: () => <ChoiceSelect kind="bookingSites" />,
  },
  {
    name: 'deviceIds',
    label: 'gates:devices',
    kind: 'custom',
    extra: 'gates:devicesHint',
    render: () => <ChoiceSelect kind="devices" />,
  },
];

/** docs/product.md §2 /terminal/gateManage: the area's gates and their live state (docs/decisions.md "Gates"). */
export default function GateListPage() {
  const { t } = useTranslation('gates');
  const queryClient = useQueryClient();

  const definition = useMemo(
    () =>
      defineListPage<GateRow>({
        id: 'terminal.gateManage',
        url: gateApi.page,
        exportUrl: gateApi.export,
        rowKey: 'id',
        title: 'gates:liveHint',
        refreshEvery: GATE_LIVE_POLL_MS,
        perms: {
          create: 'admin:gate:create',
          update: 'admin:gate:update',
          delete: 'admin:gate:create',
          export: 'admin:gate:page',
        },
        search: [
          { kind: 'text', name: 'name', label: GateField.name, maxLength: 50 },
          { kind: 'dict', name: 'gateType', label: GateField.gateType, dict: GateType },
          { kind: 'dict', name: 'passState', label: GateField.passState, dict: GatePassState },
          { kind: 'dict', name: 'status', label: GateField.status, dict: EnableStatus },
          { kind: 'dict', name: 'online', label: 'gates:online', dict: TerminalOnline },
        ],
        columns: GATE_COLUMNS,
        form: {
          createUrl: gateApi.create,
          updateUrl: gateApi.update,
          createSchema: GateCreateSchema,
          updateSchema: GateUpdateSchema,
          width: 560,
          initialValues: { status: 1, passState: GATE_PASS.on, gateType: 10 },
          fields: GATE_FIELDS,
          toValues: (row) => ({
            code: row.code,
            name: row.name,
            gateType: row.gateType,
            location: row.location,
            status: row.status,
            passState: row.passState,
            openFrom: row.openFrom ?? '',
            openTo: row.openTo ?? '',
            productIds: row.productIds,
            cardIds: row.cardIds,
            bookingSiteIds: row.bookingSiteIds,
            deviceIds: row.deviceIds,
          }),
          toBody: (values, row) => {
            const { code, ...rest } = values;
            const body = {
              ...rest,
              openFrom: blankToNull(values.openFrom),
              openTo: blankToNull(values.openTo),
              productIds: values.productIds ?? [],
              cardIds: values.cardIds ?? [],
              bookingSiteIds: values.bookingSiteIds ?? [],
              deviceIds: values.deviceIds ?? [],
            };
            return row ? { id: row.id, ...body } : { code, ...body };
          },
          onSaved: () => void queryClient.invalidateQueries({ queryKey: ['gates', 'choices'] }),
        },
        // a gate with scans stays (the server answers 409 inUse; staff cards naming it are checked there too)
        delete: {
          url: gateApi.delete,
          confirm: 'gates:deleteConfirm',
          when: (row) => row.lastScanTime == null,
        },
        rowActions: (row, { reload }) => {
          const on = row.passState === GATE_PASS.on;
          return (
            <ConfirmAction
              perm="admin:gate:update"
              title={on ? t('passOff') : t('passOn')}
              description={on ? t('passOffConfirm') : t('passOnConfirm')}
              okDanger={on}
              action={() =>
                post(gateApi.passState, { id: row.id, passState: on ? GATE_PASS.off : GATE_PASS.on })
              }
              onSuccess={reload}
              button={{ type: 'link', size: 'small', danger: on, 'data-testid': `gate-pass-${row.id}` }}
            >
              {on ? t('passOff') : t('passOn')}
            </ConfirmAction>
          );
        },
        actionWidth: 220,
      }),
    [t, queryClient],
  );

  return <ListPage definition={definition} />;
}
