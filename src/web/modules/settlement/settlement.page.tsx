import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Radio, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  settlementBatchApi,
  settlementSettingApi,
  SettlementSettingUpdateSchema,
  type SettlementBatchRow,
  type SettlementSetting,
} from '../../../shared/api/settlement.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  SETTLEMENT_BATCH_STATE,
  SettlementBatchState,
  SettlementCycle,
  SettlementField,
} from '../../../shared/dict/settlement.ts';
import { Can } from '../../components/can.tsx';
import { QueryPending } from '../../components/record-state.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import {
  defineListPage,
  ListPage,
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
} from '../../components/list-page/index.ts';
import { post, get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { BatchItemsDrawer, NewBatchButton, percent, StatementButton } from './settlement-parts.tsx';
import { SaveResetButtons } from '../../components/save-reset-buttons.tsx';

const SETTINGS_KEY = ['settlement', 'settings'] as const;

interface SettingsForm {
  cycle: number;
  settleUsed: boolean;
  settleExpired: boolean;
  /** percent, two decimals */
  commissionPercent: number | null;
}

const toForm = (s: SettlementSetting): SettingsForm => ({
  cycle: s.cycle,
  settleUsed: s.settleUsed,
  settleExpired: s.settleExpired,
  commissionPercent: s.commissionRate / 100,
});

/** The area's settlement settings: saved with admin:setMange:edit, read-only otherwise. */
function SettingsTab() {
  const { t } = useTranslation(['settlement', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const [form] = Form.useForm<SettingsForm>();
  const [settleError, setSettleError] = useState(false);
  const query = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => get<SettlementSetting>(settlementSettingApi.query, undefined, { silent: true }),
  });
  const { data } = query;
  useEffectOnChange(() => {
    if (data) form.setFieldsValue(toForm(data));
  }, [data, form]);
  const save = useAction((body: unknown) => post(settlementSettingApi.update, body), {
    refresh: [SETTINGS_KEY],
  });

  const submit = () => {
    const v = form.getFieldsValue(true) as SettingsForm;
    const body = {
      cycle: v.cycle,
      settleUsed: !!v.settleUsed,
      settleExpired: !!v.settleExpired,
      commissionRate: v.commissionPercent == null ? undefined : Math.round(v.commissionPercent * 100),
    };
    const checked = validateWithSchema(SettlementSettingUpdateSchema, body, lang);
    setSettleError(!!checked.errors?.some((e) => e.name === 'settleUsed'));
    if (checked.errors)
      return showFieldErrors(
        form,
        checked.errors
          .filter((e) => e.name !== 'settleUsed')
          .map((e) => ({ ...e, name: e.name === 'commissionRate' ? 'commissionPercent' : e.name })),
        ['cycle', 'commissionPercent'],
      );
    void save.run(checked.data);
  };

  if (query.error || !data) return <QueryPending query={query} />;
  return (
    <Can perm="admin:setMange:edit">
      {(allowed) => (
        <Form<SettingsForm>
          form={form}
          name="settlementSettings"
          layout="vertical"
          disabled={!allowed || save.pending}
          onFinish={submit}
          onValuesChange={(changed: Partial<SettingsForm>) => {
            if ('settleUsed' in changed || 'settleExpired' in changed) setSettleError(false);
            if ('commissionPercent' in changed) form.setFields([{ name: 'commissionPercent', errors: [] }]);
          }}
          style={{ maxWidth: 560 }}
        >
          <Typography.Paragraph type="secondary">
            {t('settingsHint')}
            <br />
            {data.updateTime
              ? `${t('updateTime')}: ${dayjs(data.updateTime).format('YYYY-MM-DD HH:mm:ss')}`
              : t('defaults')}
          </Typography.Paragraph>
          {!allowed && <Alert type="info" title={t('readOnly')} style={{ marginBottom: 16 }} />}
          <Form.Item name="cycle" label={label(SettlementField.cycle)} required>
            <Radio.Group
              options={Object.keys(SettlementCycle).map((code) => ({
                value: Number(code),
                label: dictLabel(SettlementCycle, Number(code) as keyof typeof SettlementCycle, lang),
              }))}
            />
          </Form.Item>
          <Form.Item
            label={t('settleWhat')}
            required
            validateStatus={settleError ? 'error' : undefined}
            help={settleError ? t('settleWhatRequired') : undefined}
          >
            <Space wrap>
              <Form.Item name="settleUsed" valuePropName="checked" noStyle>
                <Checkbox>{label(SettlementField.settleUsed)}</Checkbox>
              </Form.Item>
              <Form.Item name="settleExpired" valuePropName="checked" noStyle>
                <Checkbox>{label(SettlementField.settleExpired)}</Checkbox>
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item name="commissionPercent" label={label(SettlementField.commissionRate)} required>
            <InputNumber min={0} max={100} step={0.5} precision={2} suffix="%" style={{ width: 200 }} />
          </Form.Item>
          <SaveResetButtons saving={save.pending} onReset={() => form.setFieldsValue(toForm(data))} />
        </Form>
      )}
    </Can>
  );
}

const batchRefresh = [listQueryKey(settlementBatchApi.page)];

/** Close (T25, once) and discard a draft; the statements of a closed batch; its items. */
function BatchActions({
  row,
  onItems,
  onDone,
}: {
  row: SettlementBatchRow;
  onItems: (row: SettlementBatchRow) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('settlement');
  const draft = row.state === SETTLEMENT_BATCH_STATE.draft;
  return (
    <>
      <Button type="link" size="small" onClick={() => onItems(row)} data-testid="batch-items-open">
        {t('items')}
      </Button>
      {draft && (
        <ConfirmAction
          perm="admin:settle:close"
          title={t('closeConfirm', { batchNo: row.batchNo })}
          description={t('closeHint')}
          okDanger
          action={() => post(settlementBatchApi.close, { id: row.id })}
          refresh={batchRefresh}
          onSuccess={onDone}
          button={{ type: 'link', size: 'small', 'data-testid': 'batch-close' }}
        >
          {t('close')}
        </ConfirmAction>
      )}
      {draft && (
        <ConfirmAction
          perm="admin:settle:close"
          title={t('discardConfirm', { batchNo: row.batchNo })}
          okDanger
          action={() => post(settlementBatchApi.discard, { id: row.id })}
          refresh={batchRefresh}
          onSuccess={onDone}
          button={{ type: 'link', size: 'small', danger: true }}
        >
          {t('discard')}
        </ConfirmAction>
      )}
      {row.state === SETTLEMENT_BATCH_STATE.closed && (
        <StatementButton batchId={row.id}>{t('statement')}</StatementButton>
      )}
      {row.state === SETTLEMENT_BATCH_STATE.closed && (
        <Can perm="admin:invoice:settlement:query">
          {(allowed) =>
            allowed && (
              <Link to={`/invoice/disInvoicePage?batchNo=${encodeURIComponent(row.batchNo)}`}>
                {t('invoices')}
              </Link>
            )
          }
        </Can>
      )}
    </>
  );
}

const batchDefinition = (onItems: (row: SettlementBatchRow) => void) =>
  defineListPage<SettlementBatchRow>({
    id: 'disManage.setMange.batches',
    url: settlementBatchApi.page,
    exportUrl: settlementBatchApi.export,
    rowKey: 'id',
    perms: { export: 'admin:setMange:page' },
    search: [
      { kind: 'text', name: 'batchNo', label: SettlementField.batchNo, maxLength: 32 },
      { kind: 'dict', name: 'state', label: SettlementField.state, dict: SettlementBatchState },
    ],
    columns: [
      { key: 'batchNo', title: SettlementField.batchNo, width: 180 },
      { key: 'periodFrom', title: SettlementField.periodFrom, sortable: true, width: 110 },
      { key: 'periodTo', title: SettlementField.periodTo, width: 110 },
      { key: 'state', title: SettlementField.state, kind: 'dict', dict: SettlementBatchState, width: 90 },
      { key: 'ticketCount', title: SettlementField.ticketCount, width: 80 },
      { key: 'amount', title: SettlementField.amount, kind: 'money', width: 120 },
      { key: 'commission', title: SettlementField.commission, kind: 'money', width: 110 },
      {
        key: 'commissionRate',
        title: 'settlement:commissionRate',
        width: 100,
        render: (v) => percent(Number(v)),
      },
      { key: 'createdBy', title: 'settlement:createdBy', width: 100 },
      { key: 'createTime', title: SettlementField.createTime, kind: 'dateTime', sortable: true },
      { key: 'closedBy', title: 'settlement:closedBy', width: 100 },
      { key: 'closedAt', title: SettlementField.closedAt, kind: 'dateTime' },
    ],
    toolbar: () => <NewBatchButton onCreated={onItems} />,
    rowActions: (row, { reload }) => <BatchActions row={row} onItems={onItems} onDone={reload} />,
    actionWidth: 220,
  });

function BatchesTab() {
  const [open, setOpen] = useState<SettlementBatchRow | null>(null);
  // setOpen keeps its identity: the definition is made once
  const definition = useMemo(() => batchDefinition(setOpen), []);
  return (
    <>
      <ListPage definition={definition} />
      <BatchItemsDrawer batch={open} onClose={() => setOpen(null)} />
    </>
  );
}

/**
 * docs/product.md §2 /disManage/setMange: the area's settlement settings, and its settlement
 * batches (T25: a draft previewed, then closed once or discarded) with their statements.
 */
export default function SettlementPage() {
  const { t } = useTranslation('settlement');
  const [tab, setTab] = useState('settings');
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'settings', label: t('tabSettings'), children: <SettingsTab /> },
          { key: 'batches', label: t('tabBatches'), children: <BatchesTab /> },
        ]}
      />
    </Card>
  );
}
