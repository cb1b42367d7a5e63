import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Modal, Select, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  GENERATE_MAX_DAYS,
  reservationSessionApi,
  SessionGenerateSchema,
  type SiteOption,
} from '../../../shared/api/reservations.ts';
import { ReservationField, Weekday } from '../../../shared/dict/reservations.ts';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { useLabel, validateWithSchema } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { areaToday } from '../../lib/area-clock.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const DAY = 'YYYY-MM-DD';

interface GenerateValues {
  siteId?: number;
  dates?: [Dayjs, Dayjs] | null;
  weekdays: number[];
  slots: { startTime?: Dayjs | null; endTime?: Dayjs | null }[];
  capacity?: number | null;
}

/** A date range, a weekly pattern and time slots become sessions; existing ones are skipped. */
export function GenerateSessionsModal({
  sites,
  onClose,
}: {
  sites: SiteOption[];
  onClose: (created: boolean) => void;
}) {
  const { t } = useTranslation(['reservations', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const [form] = Form.useForm<GenerateValues>();
  const generate = useAction(
    (body: unknown) => post<{ created: number; skipped: number }>(reservationSessionApi.generate, body),
    { success: (result) => t('reservations:generated', result), onSuccess: () => onClose(true) },
  );

  const submit = () => {
    const v = form.getFieldsValue(true) as GenerateValues;
    const body = {
      siteId: v.siteId,
      dateFrom: v.dates?.[0]?.format(DAY),
      dateTo: v.dates?.[1]?.format(DAY),
      weekdays: v.weekdays,
      slots: v.slots.map((s) => ({
        startTime: s.startTime?.format('HH:mm'),
        endTime: s.endTime?.format('HH:mm'),
      })),
      ...(v.capacity ? { capacity: v.capacity } : {}),
    };
    const checked = validateWithSchema(SessionGenerateSchema, body, lang);
    if (checked.errors) {
      const field = (name: string) => (name === 'dateFrom' || name === 'dateTo' ? 'dates' : name);
      form.setFields(checked.errors.map((e) => ({ name: field(e.name) as 'dates', errors: [e.message] })));
      return;
    }
    void generate.run(checked.data);
  };

  return (
    <Modal
      open
      title={t('reservations:generate')}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={generate.pending}
      width={560}
    >
      <Form<GenerateValues>
        form={form}
        layout="vertical"
        initialValues={{
          weekdays: [...WEEKDAYS],
          slots: [{ startTime: dayjs('09:00', 'HH:mm'), endTime: dayjs('11:00', 'HH:mm') }],
        }}
      >
        <Form.Item name="siteId" label={label(ReservationField.site)} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={sites.filter((s) => s.status === 1).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={label(ReservationField.date)} required>
          <DateRangePicker
            allowFuture
            shortcuts={false}
            rangeLimitMs={(GENERATE_MAX_DAYS - 1) * 86_400_000}
            disabledDate={(d) => d.isBefore(areaToday(), 'day')}
          />
        </Form.Item>
        <Form.Item name="weekdays" label={label(ReservationField.weekdays)} required>
          <CheckboxGroupField options={WEEKDAYS.map((d) => ({ value: d, label: label(Weekday[d]) }))} />
        </Form.Item>
        <Form.Item label={label(ReservationField.slots)} required>
          <Form.List name="slots">
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline">
                    <Form.Item name={[f.name, 'startTime']} noStyle>
                      <TimePicker
                        format="HH:mm"
                        minuteStep={5}
                        aria-label={`${label(ReservationField.startTime)} ${i + 1}`}
                      />
                    </Form.Item>
                    <span aria-hidden>–</span>
                    <Form.Item name={[f.name, 'endTime']} noStyle>
                      <TimePicker
                        format="HH:mm"
                        minuteStep={5}
                        aria-label={`${label(ReservationField.endTime)} ${i + 1}`}
                      />
                    </Form.Item>
                    {fields.length > 1 ? (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('reservations:removeSlot')}
                        onClick={() => remove(f.name)}
                      />
                    ) : null}
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({})}
                  block
                  style={{ marginTop: 8 }}
                >
                  {t('reservations:addSlot')}
                </Button>
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item
          name="capacity"
          label={label(ReservationField.sessionCapacity)}
          extra={t('reservations:capacityHint')}
        >
          <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
