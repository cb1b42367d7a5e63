import { DownOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Dropdown,
  Form,
  Input,
  Modal,
  Radio,
  Typography,
  type ButtonProps,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MemberAdjustSchema,
  MemberConsumeFormSchema,
  userApi,
  type LedgerRow,
  type MemberRow,
} from '../../../shared/api/members.ts';
import { BalanceOperation, MEMBER_STATUS, MemberField } from '../../../shared/dict/members.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Can, usePermission } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { dateTimeText } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import {
  clearErrorsOnEdit,
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
} from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { newRequestKey } from '../../lib/crypto.ts';
import { errorField, get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { SubList } from '../../components/sub-list.tsx';
import { memberDetailPath } from './paths.ts';

type Member = Pick<MemberRow, 'id' | 'nickname' | 'phone' | 'phoneBound' | 'balance' | 'status'>;

/** The phone as the server shows it (masked without admin:user:phone), or "not bound". */
export function PhoneText({ row }: { row: Pick<MemberRow, 'phone' | 'phoneBound'> }) {
  const { t } = useTranslation('members');
  if (!row.phoneBound) return <Typography.Text type="secondary">{t('phoneUnbound')}</Typography.Text>;
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.phone}</span>;
}

/** What a change of a member's balance refreshes: the member list, its detail and its ledger. */
const BALANCE_QUERIES = [listQueryKey(userApi.page), [userApi.query], listQueryKey(userApi.balDetail)];

/** The member's name in a dialog title: nickname and (masked) phone. */
const who = (m: Member) => [m.nickname, m.phone].filter(Boolean).join(' ');

/** The ledger's columns: the operation's name, the signed change, the balance after it. */
export function useLedgerColumns(): TableColumnsType<LedgerRow> {
  const label = useLabel();
  return [
    { key: 'createTime', title: label(MemberField.time), render: (_, r) => dateTimeText(r.createTime) },
    {
      key: 'operation',
      title: label(MemberField.operation),
      render: (_, r) => <DictTag dict={BalanceOperation} value={r.operation} />,
    },
    {
      key: 'change',
      title: label(MemberField.change),
      align: 'right',
      render: (_, r) => `${r.change > 0 ? '+' : ''}${formatMoney(r.change)}`,
    },
    {
      key: 'balanceAfter',
      title: label(MemberField.balanceAfter),
      align: 'right',
      render: (_, r) => <MoneyText cents={r.balanceAfter} />,
    },
    { key: 'reference', dataIndex: 'reference', title: label(MemberField.orderNo) },
    { key: 'remark', dataIndex: 'remark', title: label(MemberField.remark) },
    { key: 'operator', dataIndex: 'operator', title: label(MemberField.operator) },
  ];
}

/** docs/product.md §7 `user/balDetail`: the member's ledger, newest first. */
export function MemberLedger({ memberId }: { memberId: number }) {
  return <SubList<LedgerRow> url={userApi.balDetail} params={{ memberId }} columns={useLedgerColumns()} />;
}

/** The ledger in a drawer, from a row of the member list. */
function LedgerDrawer({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('members');
  return (
    <Drawer open width="min(960px, 96vw)" title={t('ledgerTitle', { member: who(member) })} onClose={onClose}>
      <MemberLedger memberId={member.id} />
    </Drawer>
  );
}

type ConsumeValues = { conOperateMoney?: number | null; admPassword?: string; conRemark?: string };
const CONSUME_FIELDS = ['conOperateMoney', 'admPassword', 'conRemark'] as const;

/**
 * Counter consumption (docs/product.md §3 consume payload): the amount comes off the balance once
 * the operator confirms with their own password, encrypted like the login's.
 */
export function ConsumeButton({ member, button }: { member: Member; button?: ButtonProps }) {
  const { t } = useTranslation('members');
  const label = useLabel();
  const { lang } = useSettings();
  const [open, setOpen] = useState(false);
  // one charge per opening of the dialog: a repeated request answers the first (Idempotency-Key)
  const [chargeKey, setChargeKey] = useState('');
  const [form] = Form.useForm<ConsumeValues>();
  const consume = useAction(
    async (body: { conOperateMoney: number; admPassword: string; conRemark: string }) =>
      get<{ balance: number }>(
        userApi.consume,
        {
          wxUserId: member.id,
          admPassword: await encryptSensitive(body.admPassword),
          conOperateMoney: body.conOperateMoney,
          conRemark: body.conRemark,
        },
        { headers: { 'Idempotency-Key': chargeKey } },
      ),
    {
      success: (r) => t('consumed', { balance: formatMoney(r.balance) }),
      refresh: BALANCE_QUERIES,
      onSuccess: () => setOpen(false),
      onError: (error) => {
        const field = errorField(error);
        if (field && (CONSUME_FIELDS as readonly string[]).includes(field))
          form.setFields([{ name: field as keyof ConsumeValues, errors: [(error as Error).message] }]);
      },
    },
  );
  const submit = () => {
    const values = form.getFieldsValue();
    const checked = validateWithSchema(
      MemberConsumeFormSchema,
      { wxUserId: member.id, conRemark: '', ...values, conOperateMoney: values.conOperateMoney ?? undefined },
      lang,
    );
    if (checked.errors) showFieldErrors(form, checked.errors, CONSUME_FIELDS);
    else
      void consume.run(checked.data as { conOperateMoney: number; admPassword: string; conRemark: string });
  };
  const frozen = member.status === MEMBER_STATUS.frozen;
  return (
    <>
      <Can perm="admin:user:consume">
        <Button
          type="link"
          size="small"
          {...button}
          disabled={frozen || member.balance <= 0}
          onClick={() => {
            form.resetFields();
            setChargeKey(newRequestKey());
            setOpen(true);
          }}
        >
          {t('consume')}
        </Button>
      </Can>
      {open && (
        <Modal
          open
          title={t('consumeTitle', { member: who(member) })}
          okText={t('consumeOk')}
          onCancel={() => setOpen(false)}
          onOk={submit}
          confirmLoading={consume.pending}
        >
          <BalanceLine balance={member.balance} />
          <Form<ConsumeValues>
            form={form}
            layout="vertical"
            name="consume"
            disabled={consume.pending}
            onValuesChange={clearErrorsOnEdit(form)}
          >
            <Form.Item name="conOperateMoney" label={label(MemberField.amount)} required>
              <MoneyInput min={1} max={member.balance} />
            </Form.Item>
            <Form.Item
              name="admPassword"
              label={label(MemberField.admPassword)}
              extra={t('passwordHint')}
              required
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="conRemark" label={label(MemberField.remark)}>
              <Input.TextArea maxLength={200} showCount rows={2} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

/** The member's balance above a money dialog's form. */
function BalanceLine({ balance }: { balance: number }) {
  const label = useLabel();
  return (
    <Descriptions
      size="small"
      column={1}
      items={[{ key: 'balance', label: label(MemberField.balance), children: <MoneyText cents={balance} /> }]}
      style={{ marginBottom: 16 }}
    />
  );
}

type AdjustValues = { direction?: 1 | -1; amount?: number | null; reason?: string };

/** A staff adjustment of the balance, up or down, with its reason (ledger operation 5). */
function AdjustDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('members');
  const label = useLabel();
  const { lang } = useSettings();
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAction((body: unknown) => post<{ balance: number }>(userApi.adjust, body), {
    success: (r) => t('adjusted', { balance: formatMoney(r.balance) }),
    refresh: BALANCE_QUERIES,
    onSuccess: onClose,
    onError: (error) => {
      const field = errorField(error);
      const name = field === 'change' ? 'amount' : field === 'reason' ? 'reason' : null;
      if (name) form.setFields([{ name, errors: [(error as Error).message] }]);
    },
  });
  const submit = () => {
    const v = form.getFieldsValue();
    const body = { id: member.id, change: (v.amount ?? 0) * (v.direction ?? 1), reason: v.reason ?? '' };
    const checked = validateWithSchema(MemberAdjustSchema, body, lang);
    if (checked.errors)
      showFieldErrors(
        form,
        checked.errors.map((e) => (e.name === 'change' ? { ...e, name: 'amount' } : e)),
        ['amount', 'reason'],
      );
    else void adjust.run(checked.data);
  };
  return (
    <Modal
      open
      title={t('adjustTitle', { member: who(member) })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={adjust.pending}
    >
      <BalanceLine balance={member.balance} />
      <Form<AdjustValues>
        form={form}
        layout="vertical"
        name="adjust"
        initialValues={{ direction: 1 }}
        disabled={adjust.pending}
        onValuesChange={clearErrorsOnEdit(form)}
      >
        <Form.Item name="direction" label={t('direction')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('increase') },
              { value: -1, label: t('decrease') },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label={label(MemberField.adjustChange)} required>
          <MoneyInput min={1} />
        </Form.Item>
        <Form.Item name="reason" label={label(MemberField.adjustReason)} required>
          <Input.TextArea maxLength={200} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AdjustButton({ member, button }: { member: Member; button?: ButtonProps }) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Can perm="admin:user:adjust">
        <Button type="link" size="small" {...button} onClick={() => setOpen(true)}>
          {t('adjust')}
        </Button>
      </Can>
      {open && <AdjustDialog member={member} onClose={() => setOpen(false)} />}
    </>
  );
}

/** A row or detail button acting on one member; `button` styles it (a link in rows). */
interface MemberButtonProps {
  member: Member;
  onDone: () => void;
  button?: ButtonProps;
}

/** Freeze (no spending, top-ups or sign-in) or unfreeze, asked first. */
export function FreezeButton({ member, onDone, button }: MemberButtonProps) {
  const { t } = useTranslation('members');
  const frozen = member.status === MEMBER_STATUS.frozen;
  return (
    <ConfirmAction
      perm="admin:user:update"
      okDanger={!frozen}
      title={t(frozen ? 'unfreezeConfirm' : 'freezeConfirm', { member: who(member) })}
      action={() =>
        post(userApi.update, { id: member.id, status: frozen ? MEMBER_STATUS.active : MEMBER_STATUS.frozen })
      }
      refresh={[[userApi.query]]}
      onSuccess={onDone}
      button={{ type: 'link', size: 'small', danger: !frozen, ...button }}
    >
      {t(frozen ? 'unfreeze' : 'freeze')}
    </ConfirmAction>
  );
}

/** Unbind the phone (the member keeps balance, points and coupons), asked first. */
export function UnbindButton({ member, onDone, button }: MemberButtonProps) {
  const { t } = useTranslation('members');
  return (
    <ConfirmAction
      perm="admin:user:update"
      disabled={!member.phoneBound}
      okDanger
      title={t('unbindConfirm', { member: who(member) })}
      description={t('unbindHint')}
      action={() => get(userApi.unbindPhone, { id: member.id })}
      refresh={[[userApi.query]]}
      onSuccess={onDone}
      button={{ type: 'link', size: 'small', danger: true, ...button }}
    >
      {t('unbind')}
    </ConfirmAction>
  );
}

/**
 * A member row's actions: detail and counter consumption, the rest under "more" (ledger,
 * adjustment, freeze and unbind, the last two asked first).
 */
export function MemberRowActions({ row, reload }: { row: MemberRow; reload: () => void }) {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const can = usePermission();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<'ledger' | 'adjust' | null>(null);
  const frozen = row.status === MEMBER_STATUS.frozen;
  const options = { refresh: [[userApi.query]] as const, onSuccess: reload };
  const freeze = useAction(
    () => post(userApi.update, { id: row.id, status: frozen ? MEMBER_STATUS.active : MEMBER_STATUS.frozen }),
    options,
  );
  const unbind = useAction(() => get(userApi.unbindPhone, { id: row.id }), options);
  const ask = (
    title: string,
    description: string | undefined,
    run: () => Promise<unknown>,
    danger: boolean,
  ) => modal.confirm({ title, content: description, okButtonProps: { danger }, onOk: run });
  const items: MenuProps['items'] = [
    { key: 'ledger', label: t('ledger') },
    { key: 'adjust', label: t('adjust'), disabled: !can('admin:user:adjust') },
    {
      key: 'freeze',
      label: t(frozen ? 'unfreeze' : 'freeze'),
      danger: !frozen,
      disabled: !can('admin:user:update'),
    },
    {
      key: 'unbind',
      label: t('unbind'),
      danger: true,
      disabled: !can('admin:user:update') || !row.phoneBound,
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'ledger' || key === 'adjust') setDialog(key);
    else if (key === 'freeze')
      ask(
        t(frozen ? 'unfreezeConfirm' : 'freezeConfirm', { member: who(row) }),
        undefined,
        freeze.run,
        !frozen,
      );
    else if (key === 'unbind')
      ask(t('unbindConfirm', { member: who(row) }), t('unbindHint'), unbind.run, true);
  };
  return (
    <>
      <Button type="link" size="small" onClick={() => void navigate(memberDetailPath(row.id))}>
        {t('detail')}
      </Button>
      <ConsumeButton member={row} />
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button type="link" size="small" loading={freeze.pending || unbind.pending}>
          {t('more')} <DownOutlined />
        </Button>
      </Dropdown>
      {dialog === 'ledger' && <LedgerDrawer member={row} onClose={() => setDialog(null)} />}
      {dialog === 'adjust' && <AdjustDialog member={row} onClose={() => setDialog(null)} />}
    </>
  );
}
