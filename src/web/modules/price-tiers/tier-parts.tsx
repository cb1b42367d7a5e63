import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Modal, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  priceTierApi,
  PriceTierLineSaveSchema,
  type PriceTierLineRow,
  type PriceTierRow,
  type TierDistributorRow,
  type TierProductOption,
} from '../../../shared/api/price-tiers.ts';
import { DistributorState } from '../../../shared/dict/distribution.ts';
import { PriceTierField } from '../../../shared/dict/price-tiers.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { useLabel, validateWithSchema } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { errorField, get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';

const EDIT = 'admin:retailRole:edit';

const linesKey = (tierId: number) => ['priceTiers', 'lines', tierId] as const;

interface LineForm {
  productId?: number;
  dates?: [Dayjs, Dayjs];
  settlementPrice?: number | null;
  retailFloor?: number | null;
}

/** The add/edit form of one line: product, visit dates, settlement price, lowest retail price. */
function LineModal({
  tierId,
  line,
  onClose,
}: {
  tierId: number;
  line: PriceTierLineRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('priceTiers');
  const label = useLabel();
  const { lang } = useSettings();
  const [form] = Form.useForm<LineForm>();
  const products = useQuery({
    queryKey: ['priceTiers', 'products'],
    queryFn: () => get<TierProductOption[]>(priceTierApi.products),
    staleTime: 60_000,
  });
  const save = useAction((body: unknown) => post<{ id: number }>(priceTierApi.saveLine, body), {
    refresh: [linesKey(tierId), [priceTierApi.page]],
    onSuccess: onClose,
    onError: (error) => {
      const field = errorField(error);
      const name = field === 'dateFrom' || field === 'dateTo' ? 'dates' : field;
      if (name) form.setFields([{ name: name as 'dates', errors: [(error as Error).message] }]);
    },
  });
  const submit = (v: LineForm) => {
    const body = {
      ...(line && { id: line.id }),
      tierId,
      productId: v.productId,
      dateFrom: v.dates?.[0]?.format('YYYY-MM-DD'),
      dateTo: v.dates?.[1]?.format('YYYY-MM-DD'),
      settlementPrice: v.settlementPrice ?? undefined,
      retailFloor: v.retailFloor ?? undefined,
    };
    const checked = validateWithSchema(PriceTierLineSaveSchema, body, lang);
    if (checked.errors) {
      const field = (name: string) => (name === 'dateFrom' || name === 'dateTo' ? 'dates' : name);
      form.setFields(checked.errors.map((e) => ({ name: field(e.name) as 'dates', errors: [e.message] })));
      return;
    }
    void save.run(checked.data);
  };
  return (
    <Modal
      open
      title={line ? t('editLine') : t('addLine')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.pending}
    >
      <Form<LineForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          line
            ? {
                productId: line.productId,
                dates: [dayjs(line.dateFrom), dayjs(line.dateTo)],
                settlementPrice: line.settlementPrice,
                retailFloor: line.retailFloor,
              }
            : {}
        }
      >
        <Form.Item name="productId" label={label(PriceTierField.product)} required>
          <Select
            showSearch
            optionFilterProp="label"
            loading={products.isLoading}
            options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="dates"
          label={`${label(PriceTierField.dateFrom)} – ${label(PriceTierField.dateTo)}`}
          required
        >
          <DateRangePicker allowFuture rangeLimitMs={null} shortcuts={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="settlementPrice" label={label(PriceTierField.settlementPrice)} required>
          <MoneyInput />
        </Form.Item>
        <Form.Item name="retailFloor" label={label(PriceTierField.retailFloor)} required>
          <MoneyInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A tier's lines in a drawer: add, edit, delete (asks first). */
export function PricesButton({ tier }: { tier: PriceTierRow }) {
  const { t } = useTranslation('priceTiers');
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<PriceTierLineRow | null | undefined>(undefined);
  const lines = useQuery({
    queryKey: linesKey(tier.id),
    queryFn: () => get<PriceTierLineRow[]>(priceTierApi.lines, { tierId: tier.id }),
    enabled: open,
  });
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid={`tier-prices-${tier.id}`}>
        {t('prices')}
      </Button>
      {open && (
        <Drawer
          open
          width={860}
          title={t('pricesTitle', { name: tier.name })}
          onClose={() => setOpen(false)}
          extra={
            <Can perm={EDIT}>
              <Button type="primary" onClick={() => setEditing(null)}>
                {t('addLine')}
              </Button>
            </Can>
          }
        >
          <Table<PriceTierLineRow>
            rowKey="id"
            size="small"
            loading={lines.isLoading}
            dataSource={lines.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { key: 'productName', dataIndex: 'productName', title: label(PriceTierField.product) },
              { key: 'dateFrom', dataIndex: 'dateFrom', title: label(PriceTierField.dateFrom) },
              { key: 'dateTo', dataIndex: 'dateTo', title: label(PriceTierField.dateTo) },
              {
                key: 'settlementPrice',
                title: label(PriceTierField.settlementPrice),
                render: (_, r) => <MoneyText cents={r.settlementPrice} />,
              },
              {
                key: 'retailFloor',
                title: label(PriceTierField.retailFloor),
                render: (_, r) => <MoneyText cents={r.retailFloor} />,
              },
              {
                key: 'actions',
                title: '',
                render: (_, r) => (
                  <Space size={0}>
                    <Can perm={EDIT}>
                      <Button type="link" size="small" onClick={() => setEditing(r)}>
                        {t('editLine')}
                      </Button>
                    </Can>
                    <ConfirmAction
                      perm={EDIT}
                      title={t('deleteLineConfirm')}
                      okDanger
                      action={() => get(priceTierApi.deleteLine, { id: r.id })}
                      refresh={[linesKey(tier.id), [priceTierApi.page]]}
                    >
                      {t('deleteLine')}
                    </ConfirmAction>
                  </Space>
                ),
              },
            ]}
          />
        </Drawer>
      )}
      {editing !== undefined && (
        <LineModal tierId={tier.id} line={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}

/** Puts chosen distributors of the area on the tier. */
export function AssignButton({ tier, onDone }: { tier: PriceTierRow; onDone: () => void }) {
  const { t } = useTranslation(['priceTiers', 'common']);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const distributors = useQuery({
    queryKey: ['priceTiers', 'distributors'],
    queryFn: () => get<TierDistributorRow[]>(priceTierApi.distributors),
    enabled: open,
  });
  const assign = useAction(
    () => post<{ count: number }>(priceTierApi.assign, { tierId: tier.id, distributorIds: chosen }),
    {
      refresh: [['priceTiers', 'distributors']],
      onSuccess: () => {
        setOpen(false);
        onDone();
      },
    },
  );
  return (
    <>
      <Can perm="admin:retailRole:assign">
        <Button
          type="link"
          size="small"
          onClick={() => {
            setChosen([]);
            setOpen(true);
          }}
        >
          {t('assign')}
        </Button>
      </Can>
      {open && (
        <Modal
          open
          title={t('assignTitle', { name: tier.name })}
          onCancel={() => setOpen(false)}
          footer={
            <Space>
              <Button onClick={() => setOpen(false)}>{t('common:cancel')}</Button>
              <ConfirmAction
                title={t('assignConfirm')}
                disabled={!chosen.length}
                action={assign.run}
                button={{ type: 'primary' }}
              >
                {t('assign')}
              </ConfirmAction>
            </Space>
          }
        >
          <Alert type="info" showIcon message={t('assignHint')} style={{ marginBottom: 12 }} />
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={chosen}
            onChange={setChosen}
            optionFilterProp="label"
            loading={distributors.isLoading}
            options={(distributors.data ?? []).map((d) => ({
              value: d.id,
              label: `${d.company}（${t('currentTier')}: ${d.tierName ?? t('noTier')}）`,
            }))}
            optionRender={(o) => {
              const d = distributors.data?.find((x) => x.id === o.value);
              return (
                <Space>
                  {o.label}
                  {d && <DictTag dict={DistributorState} value={d.state} />}
                </Space>
              );
            }}
          />
        </Modal>
      )}
    </>
  );
}
