import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  thirdPartyApi,
  ThirdPartyCreateSchema,
  ThirdPartyUpdateSchema,
  type ThirdPartyRow,
} from '../../../shared/api/third-party.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { OtaPlatformLabel } from '../../../shared/dict/ota.ts';
import {
  ThirdPartyField,
  ThirdPartyText,
  TpAdapter,
  TpBuyChannel,
} from '../../../shared/dict/third-party.ts';
import {
  defineListPage,
  ListPage,
  useLabel,
  type ColumnDef,
  type FormFieldDef,
} from '../../components/list-page/index.ts';
import { GatesField, GateTags, OtaChannelField, ProductField } from './third-party-fields.tsx';
import { TestCodeModal } from './test-code.modal.tsx';
import { VouchersDrawer } from './vouchers.drawer.tsx';

function GatesCell({ row }: { row: ThirdPartyRow }) {
  const label = useLabel();
  return <GateTags gates={row.gates} none={label(ThirdPartyText.noGate)} />;
}

function OtaOrProduct({ row }: { row: ThirdPartyRow }) {
  const label = useLabel();
  if (row.adapter === 'codeList') return <span>{row.productName}</span>;
  const platform = OtaPlatformLabel[row.otaPlatform as keyof typeof OtaPlatformLabel];
  return <span>{platform ? label(platform) : (row.otaPlatform ?? '')}</span>;
}

/** The other adapter's reference is cleared, so the body names only what its adapter uses. */
function toBody(values: Record<string, unknown>, row: ThirdPartyRow | undefined) {
  const adapter = row?.adapter ?? values.adapter;
  const body: Record<string, unknown> = {
    ...values,
    ...(adapter === 'ota' ? { productId: null } : { otaChannelId: null }),
  };
  return row ? { id: row.id, ...body } : body;
}

const CHANNEL_COLUMNS: readonly ColumnDef<ThirdPartyRow>[] = [
  { key: 'name', title: ThirdPartyField.name, sortable: true },
  {
    key: 'buyChannel',
    title: ThirdPartyField.buyChannel,
    kind: 'dict',
    dict: TpBuyChannel,
    sortable: true,
  },
  { key: 'adapter', title: ThirdPartyField.adapter, kind: 'dict', dict: TpAdapter },
  {
    key: 'productName',
    title: ThirdPartyField.product,
    render: (_, row) => <OtaOrProduct row={row} />,
  },
  { key: 'codePrefix', title: ThirdPartyField.codePrefix },
  { key: 'codePattern', title: ThirdPartyField.codePattern, hidden: true },
  {
    key: 'codeMinLength',
    title: ThirdPartyField.codeLength,
    render: (_, row) => `${row.codeMinLength}-${row.codeMaxLength}`,
  },
  { key: 'gates', title: ThirdPartyField.gates, render: (_, row) => <GatesCell row={row} /> },
  {
    key: 'vouchersUsed',
    title: ThirdPartyField.vouchers,
    render: (_, row) => `${row.vouchersUsed}/${row.vouchersTotal}`,
  },
  { key: 'status', title: ThirdPartyField.status, kind: 'dict', dict: EnableStatus },
  {
    key: 'createTime',
    title: ThirdPartyField.createTime,
    kind: 'dateTime',
    sortable: true,
    hidden: true,
  },
];

const CHANNEL_FIELDS: readonly FormFieldDef[] = [
  { name: 'name', label: ThirdPartyField.name, required: true, maxLength: 50 },
  {
    name: 'buyChannel',
    label: ThirdPartyField.buyChannel,
    kind: 'dict',
    dict: TpBuyChannel,
    required: true,
  },
  {
    name: 'adapter',
    label: ThirdPartyField.adapter,
    kind: 'dict',
    dict: TpAdapter,
    required: true,
    createOnly: true,
  },
  {
    name: 'otaChannelId',
    label: ThirdPartyField.otaChannel,
    kind: 'custom',
    extra: 'thirdParty:otaHint',
    render: () => <OtaChannelField />,
  },
  {
    name: 'productId',
    label: ThirdPartyField.product,
    kind: 'custom',
    extra: 'thirdParty:productHint',
    render: () => <ProductField />,
  },
  { name: 'codePrefix', label: ThirdPartyField.codePrefix, maxLength: 16 },
  {
    name: 'codePattern',
    label: ThirdPartyField.codePattern,
    maxLength: 200,
    extra: 'thirdParty:formatHint',
  },
  { name: 'codeMinLength', label: ThirdPartyField.codeMinLength, kind: 'number', min: 1, max: 64 },
  { name: 'codeMaxLength', label: ThirdPartyField.codeMaxLength, kind: 'number', min: 1, max: 64 },
  {
    name: 'gateIds',
    label: ThirdPartyField.gates,
    kind: 'custom',
    extra: 'thirdParty:gatesHint',
    render: () => <GatesField />,
  },
  {
    name: 'status',
    label: ThirdPartyField.status,
    kind: 'dict',
    dict: EnableStatus,
    createOnly: true,
  },
];

/** docs/product.md §2 /terminal/thirdPartyChannel: vouchers of other platforms that the gates accept. */
export default function ThirdPartyChannelPage() {
  const { t } = useTranslation('thirdParty');
  const [vouchersOf, setVouchersOf] = useState<{ row: ThirdPartyRow; reload: () => void } | null>(null);
  const [testing, setTesting] = useState(false);

  const definition = useMemo(
    () =>
      defineListPage<ThirdPartyRow>({
        id: 'terminal.thirdPartyChannel',
        url: thirdPartyApi.page,
        exportUrl: thirdPartyApi.export,
        rowKey: 'id',
        perms: {
          create: 'admin:thirdParty:update',
          update: 'admin:thirdParty:update',
          delete: 'admin:thirdParty:update',
          status: 'admin:thirdParty:update',
          export: 'admin:thirdParty:page',
        },
        search: [
          { kind: 'text', name: 'name', label: ThirdPartyField.name, maxLength: 50 },
          { kind: 'dict', name: 'buyChannel', label: ThirdPartyField.buyChannel, dict: TpBuyChannel },
          { kind: 'dict', name: 'adapter', label: ThirdPartyField.adapter, dict: TpAdapter },
          { kind: 'dict', name: 'status', label: ThirdPartyField.status, dict: EnableStatus },
        ],
        columns: CHANNEL_COLUMNS,
        form: {
          createUrl: thirdPartyApi.create,
          updateUrl: thirdPartyApi.update,
          createSchema: ThirdPartyCreateSchema,
          updateSchema: ThirdPartyUpdateSchema,
          width: 560,
          fields: CHANNEL_FIELDS,
          initialValues: {
            adapter: 'codeList',
            buyChannel: 11,
            codePrefix: '',
            codePattern: '',
            codeMinLength: 6,
            codeMaxLength: 32,
            gateIds: [],
            status: 1,
          },
          toValues: (row) => ({
            name: row.name,
            buyChannel: row.buyChannel,
            adapter: row.adapter,
            otaChannelId: row.otaChannelId,
            productId: row.productId,
            codePrefix: row.codePrefix,
            codePattern: row.codePattern,
            codeMinLength: row.codeMinLength,
            codeMaxLength: row.codeMaxLength,
            gateIds: row.gateIds,
            status: row.status,
          }),
          toBody,
        },
        delete: { url: thirdPartyApi.delete, confirm: 'thirdParty:deleteConfirm' },
        status: { url: thirdPartyApi.status },
        rowActions: (row, { reload }) =>
          row.adapter === 'codeList' ? (
            <Button type="link" size="small" onClick={() => setVouchersOf({ row, reload })}>
              {t('vouchers')}
            </Button>
          ) : null,
        toolbar: () => (
          <Button onClick={() => setTesting(true)} data-testid="tp-test-code">
            {t('test')}
          </Button>
        ),
        actionWidth: 220,
      }),
    [t],
  );

  return (
    <>
      <ListPage definition={definition} />
      <VouchersDrawer
        channel={vouchersOf?.row ?? null}
        onClose={() => {
          // the used/total counts of the list follow imports and voids
          vouchersOf?.reload();
          setVouchersOf(null);
        }}
      />
      <TestCodeModal open={testing} onClose={() => setTesting(false)} />
    </>
  );
}
