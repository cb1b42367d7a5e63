import { App, Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_APPLY } from '../../../shared/dict/order.ts';
import { formatCents } from '../../../shared/money.ts';
import { Can } from '../../components/can.tsx';
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
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  if (status !== REFUND_APPLY.pending) return null;
  const type = link ? 'link' : 'default';

  const reject = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await rejectRefundApply(id, reason.trim());
      void message.success(t('rejected'));
      setRejecting(false);
      form.resetFields();
      onDone();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space size={link ? 0 : 8}>
      <Can perm="admin:refundApply:review">
        {(allowed) => (
          <Popconfirm
            title={t('approve')}
            description={
              <div style={{ maxWidth: 320 }}>
                {t('approveConfirm', { amount: formatCents(refundAmount) })}
              </div>
            }
            disabled={!allowed}
            onConfirm={async () => {
              try {
                await approveRefundApply(id);
                void message.success(t('approved'));
                onDone();
              } catch {
                // shown by the request layer
              }
            }}
          >
            <Button
              type={link ? 'link' : 'primary'}
              size={size}
              disabled={!allowed}
              data-testid={`approve-${id}`}
            >
              {t('approve')}
            </Button>
          </Popconfirm>
        )}
      </Can>
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
        confirmLoading={busy}
        onOk={() => void reject().catch(() => undefined)}
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
