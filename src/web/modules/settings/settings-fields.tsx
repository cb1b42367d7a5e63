import { Col, Form, Input, InputNumber, Row, Select, Switch, TimePicker } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneNames } from '../../../shared/area-clock.ts';
import { SETTINGS_LIMITS } from '../../../shared/api/settings.ts';
import {
  PrintType,
  REFUND_RULE,
  REFUND_UNIT,
  RealNameType,
  RefundRule,
  RefundUnit,
} from '../../../shared/dict/product.ts';
import { DictSelect } from '../../components/dict-select.tsx';

/** The fields of the settings form; the refund fields follow the chosen rule and fee unit. */
export function SettingsFields({
  allowed,
  refundRule,
  feeUnit,
  timeZone,
}: {
  /** a control's own disabled wins over the form's, so each conditional one repeats !allowed */
  allowed: boolean;
  refundRule: number | undefined;
  feeUnit: number | undefined;
  /** the saved zone, offered even when this browser does not know it */
  timeZone: string;
}) {
  const { t } = useTranslation('settings');
  const zones = useMemo(() => {
    const names = timeZoneNames();
    if (!names.includes(timeZone)) names.unshift(timeZone);
    return names.map((name) => ({ value: name, label: name }));
  }, [timeZone]);
  const conditional = refundRule === REFUND_RULE.conditional;
  const refundable = refundRule !== REFUND_RULE.none;
  const percent = feeUnit === REFUND_UNIT.percent;

  return (
    <Row gutter={24}>
      <Col xs={24} md={12}>
        <Form.Item name="contact" label={t('contact')}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label={t('phone')}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="openTime" label={t('openTime')} required>
          <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="closeTime" label={t('closeTime')} required>
          <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="timeZone" label={t('timeZone')} extra={t('timeZoneHint')} required>
          <Select showSearch options={zones} style={{ maxWidth: 444 }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="notice" label={t('notice')}>
          <Input.TextArea rows={4} maxLength={SETTINGS_LIMITS.notice} showCount />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="refundRule" label={t('refundRule')} required>
          <DictSelect dict={RefundRule} allowClear={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="refundDeadlineHours"
          label={t('refundDeadlineHours')}
          extra={t('refundDeadlineHint')}
        >
          <InputNumber
            min={0}
            max={SETTINGS_LIMITS.refundDeadlineHours}
            precision={0}
            disabled={!allowed || !conditional}
            suffix={t('hours')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="refundFeeUnit" label={t('refundFeeUnit')}>
          <DictSelect dict={RefundUnit} allowClear={false} disabled={!allowed || !refundable} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="refundFeeValue" label={t('refundFeeValue')}>
          <InputNumber
            min={0}
            max={percent ? 100 : SETTINGS_LIMITS.refundFeeCents / 100}
            precision={percent ? 0 : 2}
            step={percent ? 1 : 0.01}
            disabled={!allowed || !refundable}
            suffix={percent ? '%' : t('yuan')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="realNameType" label={t('realNameType')} required>
          <DictSelect dict={RealNameType} allowClear={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="printType" label={t('printType')} required>
          <DictSelect dict={PrintType} allowClear={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="acceptLatePayment"
          label={t('acceptLatePayment')}
          extra={t('acceptLatePaymentHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="twoPersonPayout"
          label={t('twoPersonPayout')}
          extra={t('twoPersonPayoutHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
}
