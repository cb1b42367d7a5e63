import { Button, Form, Input, InputNumber, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { couponApi, MAX_CODES_PER_CALL, type CouponRow } from '../../../shared/api/coupons.ts';
import { Can } from '../../components/can.tsx';
import { errorField, post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';

type Coupon = Pick<CouponRow, 'id' | 'name' | 'totalQuantity' | 'codes'>;

/** Asks how many redeem codes to generate (never past the total quantity), then generates them. */
export function GenerateCodesButton({
  coupon,
  onDone,
  button = { type: 'link', size: 'small' },
}: {
  coupon: Coupon;
  onDone: () => void;
  button?: Omit<ButtonProps, 'onClick' | 'children'>;
}) {
  const { t } = useTranslation('coupons');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ count: number }>();
  const left = Math.max(0, coupon.totalQuantity - coupon.codes);
  const generate = useAction(
    (count: number) =>
      post<{ created: number; total: number }>(couponApi.generateCodes, { id: coupon.id, count }),
    {
      success: (r) => t('generated', r),
      onSuccess: () => {
        setOpen(false);
        onDone();
      },
      onError: (error) => {
        if (errorField(error) === 'count')
          form.setFields([{ name: 'count', errors: [(error as Error).message] }]);
      },
    },
  );
  return (
    <>
      <Can perm="admin:coupon:codes">
        <Button {...button} disabled={left === 0} onClick={() => setOpen(true)}>
          {t('generateCodes')}
        </Button>
      </Can>
      {open && (
        <Modal
          open
          title={t('generateTitle', { name: coupon.name })}
          onCancel={() => setOpen(false)}
          onOk={() => form.submit()}
          confirmLoading={generate.pending}
        >
          <Form
            form={form}
            layout="vertical"
            initialValues={{ count: Math.min(left, 100) }}
            onFinish={(v) => void generate.run(v.count)}
          >
            <Form.Item
              name="count"
              label={t('generateCount')}
              extra={t('generateHint', { count: coupon.codes, total: coupon.totalQuantity, left })}
              rules={[{ required: true }]}
            >
              <InputNumber
                min={1}
                max={Math.min(left, MAX_CODES_PER_CALL)}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

/** Staff give a coupon to members named by phone: one each, all or none. */
export function IssueButton({ coupon, onDone }: { coupon: Coupon; onDone: () => void }) {
  const { t } = useTranslation('coupons');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ phones: string }>();
  const issue = useAction(
    (phones: string[]) => post<{ given: number }>(couponApi.issue, { couponId: coupon.id, phones }),
    {
      success: (r) => t('issued', r),
      onSuccess: () => {
        setOpen(false);
        onDone();
      },
      onError: (error) => {
        if (errorField(error) === 'phones')
          form.setFields([{ name: 'phones', errors: [(error as Error).message] }]);
      },
    },
  );
  return (
    <>
      <Can perm="admin:coupon:issue">
        <Button type="link" size="small" onClick={() => setOpen(true)}>
          {t('issue')}
        </Button>
      </Can>
      {open && (
        <Modal
          open
          title={t('issueTitle', { name: coupon.name })}
          onCancel={() => setOpen(false)}
          onOk={() => form.submit()}
          confirmLoading={issue.pending}
        >
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) =>
              void issue.run([
                ...new Set(
                  v.phones
                    .split(/[\s,，;；]+/)
                    .map((p) => p.trim())
                    .filter(Boolean),
                ),
              ])
            }
          >
            <Form.Item
              name="phones"
              label={t('issuePhones')}
              extra={t('issuePhonesHint')}
              rules={[{ required: true }]}
            >
              <Input.TextArea rows={6} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
