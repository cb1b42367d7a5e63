import { SyncOutlined } from '@ant-design/icons';
import { Button, Descriptions, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PayDifferenceAcceptSchema,
  payReconcileApi,
  PayReconcileRunSchema,
  type PayDifferenceRow,
  type PayStatement,
} from '../../../shared/api/pay-reconcile.ts';
import { ONLINE_PAY_WAYS } from '../../../shared/api/payments.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { PayLineKind, PayReconcileField, PayStatementStatus } from '../../../shared/dict/payments.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { PastDatePicker } from '../../components/date-pickers.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { PromptAction } from '../../components/form-action.tsx';
import {
  clearErrorsOnEdit,
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
} from '../../components/list-page/index.ts';
import { areaToday } from '../../lib/area-clock.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';

const PERM = 'admin:payment:reconcile';
const refresh = [listQueryKey(payReconcileApi.page)];

/** What may be done to a difference: settle a line only the statement has, accept any open one. */
export function DifferenceActions({ row, onDone }: { row: PayDifferenceRow; onDone: () => void }) {
  const { t } = useTranslation('payReconcile');
  const { lang } = useSettings();
  if (row.status !== 'open') return null;
  const no = row.refundNo || row.paymentNo;
  return (
    <>
      {row.settleable && (
        <ConfirmAction
          perm={PERM}
          title={t('settleConfirm', { no, line: PayLineKind[row.lineKind][lang] })}
          description={t('settleHint')}
          action={() => post(payReconcileApi.settle, { id: row.id })}
          success={t('settled')}
          refresh={refresh}
          onSuccess={onDone}
          button={{ type: 'link', size: 'small', 'data-testid': 'difference-settle' }}
        >
          {t('settle')}
        </ConfirmAction>
      )}
      <PromptAction
        perm={PERM}
        text={t('accept')}
        title={t('acceptTitle', { no })}
        hint={t('acceptHint')}
        fields={[
          {
            name: 'note',
            label: PayReconcileField.note,
            kind: 'textarea',
            maxLength: 200,
            required: true,
            showCount: true,
          },
        ]}
        name="differenceAccept"
        refresh={[payReconcileApi.page]}
        schema={PayDifferenceAcceptSchema.omit({ id: true })}
        send={(v) => post(payReconcileApi.accept, { ...v, id: row.id })}
        onDone={onDone}
        testId="difference-accept"
      />
    </>
  );
}

/** The answer of a run: the statement's state, its lines and differences, the provider's error. */
function StatementResult({ statement }: { statement: PayStatement }) {
  const { t } = useTranslation('payReconcile');
  const label = useLabel();
  const { lang } = useSettings();
  return (
    <Descriptions
      data-testid="pay-run-result"
      title={t('result')}
      size="small"
      column={1}
      bordered
      items={[
        {
          key: 'status',
          label: label(PayReconcileField.status),
          children: <DictTag dict={PayStatementStatus} value={statement.status} />,
        },
        {
          key: 'payWay',
          label: label(PayReconcileField.payWay),
          children: PayWay[statement.payWay as keyof typeof PayWay]?.[lang] ?? statement.payWay,
        },
        { key: 'date', label: label(PayReconcileField.statementDate), children: statement.statementDate },
        { key: 'lines', label: t('lines'), children: statement.lines },
        { key: 'differences', label: t('differences'), children: statement.differences },
        ...(statement.error
          ? [
              {
                key: 'error',
                label: t('error'),
                children: <Typography.Text type="danger">{statement.error}</Typography.Text>,
              },
            ]
          : []),
      ]}
    />
  );
}

const RUN_FIELDS = ['payWay', 'date'] as const;

/**
 * "Run again": a pay way and a day (yesterday by default), the statement downloaded and matched
 * once more; the answer stays in the dialog, the list refreshes.
 */
export function RunAgainAction() {
  const { t } = useTranslation('payReconcile');
  const label = useLabel();
  const { lang } = useSettings();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<PayStatement | null>(null);
  const [form] = Form.useForm<{ payWay?: number; date?: Dayjs | null }>();
  const run = useAction((body: unknown) => post<PayStatement>(payReconcileApi.run, body), {
    success: false,
    refresh,
    onSuccess: setResult,
  });
  const submit = () => {
    const { payWay, date } = form.getFieldsValue();
    const checked = validateWithSchema(
      PayReconcileRunSchema,
      { payWay, date: date?.format('YYYY-MM-DD') },
      lang,
    );
    if (checked.errors) return showFieldErrors(form, checked.errors, RUN_FIELDS);
    setResult(null);
    void run.run(checked.data);
  };
  return (
    <>
      <Can perm={PERM}>
        <Button
          icon={<SyncOutlined />}
          data-testid="pay-run-again"
          onClick={() => {
            setResult(null);
            setOpen(true);
          }}
        >
          {t('runAgain')}
        </Button>
      </Can>
      <Modal
        open={open}
        title={t('runAgain')}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText={t('run')}
        cancelText={t('close')}
        okButtonProps={{ loading: run.pending }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('runHint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          name="payReconcileRun"
          initialValues={{ payWay: ONLINE_PAY_WAYS[0], date: areaToday().subtract(1, 'day') }}
          preserve={false}
          onValuesChange={clearErrorsOnEdit(form)}
          onFinish={submit}
        >
          <Form.Item name="payWay" label={label(PayReconcileField.payWay)} required>
            <DictSelect dict={PayWay} codes={ONLINE_PAY_WAYS} allowClear={false} />
          </Form.Item>
          <Form.Item name="date" label={label(PayReconcileField.statementDate)} required>
            <PastDatePicker style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </Form>
        {result && <StatementResult statement={result} />}
      </Modal>
    </>
  );
}
