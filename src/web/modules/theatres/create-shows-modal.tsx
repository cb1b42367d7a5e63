import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  SHOW_RANGE_DAYS,
  ShowCreateSchema,
  showApi,
  theatreApi,
  type TheatreRow,
} from '../../../shared/api/theatres.ts';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { areaToday } from '../../lib/area-clock.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const DAY = 'YYYY-MM-DD';

interface CreateValues {
  theatreId?: number;
  dates?: [Dayjs, Dayjs] | null;
  weekdays: number[];
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
}

/** Shows of a product on one theatre, one a chosen weekday of a date range, all at the same time. */
export function CreateShowsModal({
  productId,
  onClose,
}: {
  productId: number;
  onClose: (created: boolean) => void;
}) {
  const { t } = useTranslation(['theatres', 'common']);
  const { lang } = useSettings();
  const [form] = Form.useForm<CreateValues>();
  const theatres = useQuery({
    queryKey: ['theatres', 'options'],
    queryFn: () =>
      post<{ rows: TheatreRow[] }>(theatreApi.page, { limit: 100, status: 1, sort: 'name', order: 'asc' }),
  });
  const create = useAction(
    (body: unknown) => post<{ created: number; skipped: number }>(showApi.create, body),
    { success: (result) => t('theatres:created', result), onSuccess: () => onClose(true) },
  );

  const submit = () => {
    const v = form.getFieldsValue(true) as CreateValues;
    const body = {
      productId,
      theatreId: v.theatreId,
      from: v.dates?.[0]?.format(DAY),
      to: v.dates?.[1]?.format(DAY),
      weekdays: v.weekdays,
      startTime: v.startTime?.format('HH:mm'),
      endTime: v.endTime?.format('HH:mm'),
    };
    const checked = validateWithSchema(ShowCreateSchema, body, lang);
    if (checked.errors) {
      const field = (name: string) =>
        name === 'from' || name === 'to' ? 'dates' : (name as keyof CreateValues);
      form.setFields(checked.errors.map((e) => ({ name: field(e.name), errors: [e.message] })));
      return;
    }
    void create.run(checked.data);
  };

  return (
    <Modal
      open
      title={t('theatres:createShows')}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={create.pending}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{
          weekdays: [...WEEKDAYS],
          startTime: dayjs('19:30', 'HH:mm'),
          endTime: dayjs('21:00', 'HH:mm'),
        }}
      >
        <Form.Item name="theatreId" label={t('theatres:theatre')} required>
          <Select
            loading={theatres.isPending}
            options={(theatres.data?.rows ?? []).map((r) => ({
              value: r.id,
              label: `${r.name}（${t('theatres:seatCount', { count: r.seatCount })}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('theatres:dateRange')} required>
          <DateRangePicker
            allowFuture
            shortcuts={false}
            rangeLimitMs={(SHOW_RANGE_DAYS - 1) * 86_400_000}
            disabledDate={(d) => d.isBefore(areaToday(), 'day')}
          />
        </Form.Item>
        <Form.Item name="weekdays" label={t('theatres:weekdays')} required>
          <CheckboxGroupField
            options={WEEKDAYS.map((d) => ({ value: d, label: t(`theatres:weekday${d}`) }))}
          />
        </Form.Item>
        <Space>
          <Form.Item name="startTime" label={t('theatres:startTime')} required>
            <TimePicker format="HH:mm" minuteStep={5} />
          </Form.Item>
          <Form.Item name="endTime" label={t('theatres:endTime')} required>
            <TimePicker format="HH:mm" minuteStep={5} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
