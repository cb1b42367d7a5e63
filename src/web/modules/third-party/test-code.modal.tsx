import { Button, Descriptions, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thirdPartyApi, type ThirdPartyVerified } from '../../../shared/api/third-party.ts';
import { CheckinResult } from '../../../shared/dict/checkin.ts';
import { TicketStatus } from '../../../shared/dict/order.ts';
import {
  ThirdPartyField,
  TpAdapter,
  TpVerifyOutcome,
  TpVoucherStatus,
} from '../../../shared/dict/third-party.ts';
import { useLabel } from '../../components/list-page/index.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { useThirdPartyOptions } from './third-party-fields.tsx';

/** "Test a code": what a gate would do with it now, without redeeming anything. */
export function TestCodeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('thirdParty');
  const label = useLabel();
  const { data: options } = useThirdPartyOptions();
  const [form] = Form.useForm<{ code: string; gateId?: number }>();
  const [result, setResult] = useState<ThirdPartyVerified | null>(null);
  const verify = useAction(
    (v: { code: string; gateId?: number }) =>
      post<ThirdPartyVerified>(thirdPartyApi.verify, {
        code: v.code,
        ...(v.gateId ? { gateId: v.gateId } : {}),
      }),
    { success: false, onSuccess: setResult },
  );
  return (
    <Modal
      open={open}
      title={t('testTitle')}
      onCancel={() => (onClose(), setResult(null))}
      footer={null}
      width={620}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void verify.run(v)} preserve={false}>
        <Form.Item
          name="code"
          label={label(ThirdPartyField.code)}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={64} data-testid="tp-test-input" />
        </Form.Item>
        <Form.Item name="gateId" label={t('testGate')}>
          <Select allowClear options={(options?.gates ?? []).map((g) => ({ value: g.id, label: g.name }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={verify.pending}>
            {t('testRun')}
          </Button>
        </Space>
      </Form>
      {result && (
        <Descriptions column={1} bordered size="small" style={{ marginTop: 16 }} data-testid="tp-test-result">
          <Descriptions.Item label={t('outcome')}>
            <DictTag dict={TpVerifyOutcome} value={result.outcome} />
          </Descriptions.Item>
          <Descriptions.Item label={t('reason')}>
            {result.reason ? <DictTag dict={CheckinResult} value={result.reason} /> : t('none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('channel')}>
            {result.channelName || t('none')}
            {result.adapter ? (
              <>
                {' '}
                <DictTag dict={TpAdapter} value={result.adapter} />
              </>
            ) : null}
          </Descriptions.Item>
          {result.voucher && (
            <Descriptions.Item label={t('vouchers')}>
              <DictTag dict={TpVoucherStatus} value={result.voucher.status} />{' '}
              {result.voucher.validFrom.slice(0, 10)} ~ {result.voucher.validTo.slice(0, 10)}
            </Descriptions.Item>
          )}
          {result.tickets.length > 0 && (
            <Descriptions.Item label={t('tickets')}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={result.tickets}
                columns={[
                  { key: 'id', dataIndex: 'id', title: t('ticketId') },
                  {
                    key: 'status',
                    dataIndex: 'status',
                    title: t('ticketStatus'),
                    render: (v: number) => <DictTag dict={TicketStatus} value={v} />,
                  },
                ]}
              />
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}
