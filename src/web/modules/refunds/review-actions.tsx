import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_APPLY } from '../../../shared/dict/order.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { useAction } from '../../lib/use-action.ts';
import { approveRefundApply, rejectRefundApply } from './refund-api.ts';

/** Approve (with a confirm) and reject (asks a reason) of an open refund application. */
export function ReviewActions({
  id,
  status,
  refundAmount,
  onDone,
  size = 'small',
  link = true,
}: {
  id: number;
  status: number;
  refundAmount: number;
  onDone: () => void;
  size?: 'small' | 'middle';
  link?: boolean;
}) {
  const { t } = useTranslation('refunds');
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useAction((reason: string) => rejectRefundApply(id, reason), {
    success: t('rejected'),
    onSuccess: () => {
      setRejecting(false);
      form.resetFields();
      onDone();
    },
  });
  if (status !== REFUND_APPLY.pending) return null;
  const type = link ? 'link' : 'default';

  return (
    <Space size={link ? 0 : 8}>
      <ConfirmAction
        perm="admin:refundApply:review"
        title={t('approve')}
        description={t('approveConfirm', { amount: formatMoney(refundAmount) })}
        button={{ type: link ? 'link' : 'primary', size, 'data-testid': `approve-${id}` }}
        action={() => approveRefundApply(id)}
        success={t('approved')}
        onSuccess={onDone}
      >
        {t('approve')}
      </ConfirmAction>
      <Can perm="admin:refundApply:review">
        <Button
          type={type}
          danger
          size={size}
          onClick={() => setRejecting(true)}
          data-testid={`reject-${id}`}
        >
          {t('reject')}
        </Button>
      </Can>
      <Modal
        title={t('rejectTitle')}
        open={rejecting}
        confirmLoading={reject.pending}
        onOk={() =>
          void form.validateFields().then(
            ({ reason }) => reject.run(reason.trim()),
            () => undefined,
          )
        }
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('rejectReason')}
            rules={[{ required: true, whitespace: true, message: t('rejectReasonRequired') }]}
          >
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
