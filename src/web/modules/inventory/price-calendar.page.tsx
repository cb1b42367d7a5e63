import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Calendar,
  Card,
  DatePicker,
  Empty,
  Form,
  InputNumber,
  Modal,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CalendarBatchSetSchema,
  CalendarUpdateSchema,
  priceCalendarApi,
  STOCK_MAX,
  type CalendarProduct,
  type CalendarRow,
} from '../../../shared/api/inventory.ts';
import { PRODUCT_TYPE, SALE_STATUS } from '../../../shared/dict/product.ts';
import { Can } from '../../components/can.tsx';
import { downloadExport, validateWithSchema } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { BulkDrawer, type BulkDays } from './bulk-drawer.tsx';
import { SaleStatusRadio, showErrors, visibleRange } from './inventory-widgets.tsx';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { areaToday } from '../../lib/area-clock.ts';

const UPDATE = 'admin:priceCalendar:update';

interface DayEdit {
  date: Dayjs;
  row: CalendarRow | undefined;
}

interface DayValues {
  price?: number | null;
  stock?: number | null;
  status?: number;
}

/** One day: edits its row, or creates it (a one-day bulk edit) when the day has none. */
function DayModal({
  edit,
  product,
  sessionId,
  onClose,
  onSaved,
}: {
  edit: DayEdit | null;
  product: CalendarProduct;
  sessionId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['inventory', 'common']);
  const { lang } = useSettings();
  const [form] = Form.useForm<DayValues>();
  // the calendar shows the saved day at once: no message
  const save = useAction((url: string, body: unknown) => post(url, body), {
    success: false,
    onSuccess: onSaved,
  });

  useEffectOnChange(() => {
    if (!edit) return;
    form.resetFields();
    form.setFieldsValue(
      edit.row
        ? { price: edit.row.price, stock: edit.row.stock, status: edit.row.status }
        : { price: product.price, stock: null, status: SALE_STATUS.onSale },
    );
  }, [edit, form, product.price]);

  const submit = () => {
    if (!edit) return;
    const v = form.getFieldsValue(true) as DayValues;
    const values = {
      ...(v.price == null ? {} : { price: v.price }),
      ...(v.stock == null ? {} : { stock: v.stock }),
      status: v.status ?? SALE_STATUS.onSale,
    };
    const date = edit.date.format('YYYY-MM-DD');
    const [schema, url, body] = edit.row
      ? [CalendarUpdateSchema, priceCalendarApi.update, { id: edit.row.id, ...values }]
      : [
          CalendarBatchSetSchema,
          priceCalendarApi.batchSet,
          {
            productId: product.id,
            ...(sessionId ? { sessionIds: [sessionId] } : {}),
            from: date,
            to: date,
            weekdays: [edit.date.day()],
            ...values,
          },
        ];
    const checked = validateWithSchema(schema, body, lang);
    if (checked.errors) return showErrors(form, checked.errors, ['price', 'stock', 'status']);
    void save.run(url, checked.data);
  };

  return (
    <Modal
      open={!!edit}
      title={edit ? t('editDay', { date: edit.date.format('YYYY-MM-DD') }) : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Can perm={UPDATE}>
            <Button type="primary" loading={save.pending} onClick={submit}>
              {t('common:save')}
            </Button>
          </Can>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        {edit?.row ? (
          <Typography.Paragraph type="secondary">
            {t('sold')}: {edit.row.sold}
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="price" label={t('price')} required>
          <MoneyInput />
        </Form.Item>
        <Form.Item name="stock" label={t('stock')} required>
          <InputNumber min={edit?.row?.sold ?? 0} max={STOCK_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <SaleStatusRadio />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface BulkValues extends BulkDays {
  sessionIds?: number[];
  price?: number | null;
  stock?: number | null;
  status?: number;
}

function CalendarBulkDrawer({
  open,
  product,
  onClose,
  onSaved,
}: {
  open: boolean;
  product: CalendarProduct;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('inventory');
  const timed = product.productType === PRODUCT_TYPE.timed;
  return (
    <BulkDrawer<BulkValues>
      open={open}
      title={`${t('bulkEdit')} · ${product.name}`}
      perm={UPDATE}
      url={priceCalendarApi.batchSet}
      schema={CalendarBatchSetSchema}
      toBody={(v) => ({
        productId: product.id,
        ...(timed && v.sessionIds?.length ? { sessionIds: v.sessionIds } : {}),
        ...(v.price == null ? {} : { price: v.price }),
        ...(v.stock == null ? {} : { stock: v.stock }),
      })}
      fields={['weekdays', 'sessionIds', 'price', 'stock', 'status']}
      onClose={onClose}
      onSaved={onSaved}
    >
      {timed ? (
        <Form.Item name="sessionIds" label={t('sessions')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('allSessions')}
            options={product.sessions.map((s) => ({
              value: s.id,
              label: `${s.name} ${s.startTime}-${s.endTime}`,
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="price" label={t('price')} extra={t('priceHint')}>
        <MoneyInput />
      </Form.Item>
      <Form.Item name="stock" label={t('stock')} extra={t('stockHint')}>
        <InputNumber min={0} max={STOCK_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </BulkDrawer>
  );
}

function DayCell({ row }: { row: CalendarRow | undefined }) {
  const { t } = useTranslation('inventory');
  if (!row)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('notSet')}
      </Typography.Text>
    );
  const closed = row.status !== SALE_STATUS.onSale;
  return (
    <div style={{ fontSize: 12, lineHeight: '18px' }}>
      <div>
        ¥<MoneyText cents={row.price} />
      </div>
      <div>{t('leftSold', { left: row.stock - row.sold, sold: row.sold })}</div>
      {closed ? (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {t('closed')}
        </Tag>
      ) : null}
    </div>
  );
}

/** The month's prices and stock of the product as an .xlsx file. */
function ExportMonth({ product, month }: { product: CalendarProduct | undefined; month: Dayjs }) {
  const { t } = useTranslation('inventory');
  const exporting = useAction(
    (p: CalendarProduct) =>
      downloadExport(
        priceCalendarApi.export,
        {
          productId: p.id,
          from: month.startOf('month').format('YYYY-MM-DD'),
          to: month.endOf('month').format('YYYY-MM-DD'),
        },
        `${p.name}.xlsx`,
      ),
    { success: false },
  );
  return (
    <Button
      disabled={!product}
      loading={exporting.pending}
      onClick={() => product && void exporting.run(product)}
    >
      {t('export')}
    </Button>
  );
}

/** docs/product.md §2 /ticket/priceCalendar (hidden; `?productId=` preselects): price and stock per day. */
export default function PriceCalendarPage() {
  const { t } = useTranslation(['inventory', 'common']);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [month, setMonth] = useState(() => areaToday());
  const [chosenSession, setChosenSession] = useState<number>();
  const [dayEdit, setDayEdit] = useState<DayEdit | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const products = useQuery({
    queryKey: ['inventory', 'calendarProducts'],
    queryFn: () => post<CalendarProduct[]>(priceCalendarApi.products, {}),
  });
  const productId = Number(params.get('productId')) || undefined;
  const product = products.data?.find((p) => p.id === productId);

  useEffect(() => {
    const first = products.data?.[0];
    if (!product && first) setParams({ productId: String(first.id) }, { replace: true });
  }, [product, products.data, setParams]);

  const timed = product?.productType === PRODUCT_TYPE.timed;
  const sessionId = timed
    ? ((product.sessions.find((s) => s.id === chosenSession) ?? product.sessions[0])?.id ?? null)
    : null;
  const range = visibleRange(month);
  const listKey = ['inventory', 'calendar', product?.id, range.from, range.to] as const;
  const rows = useQuery({
    queryKey: listKey,
    enabled: !!product,
    queryFn: () => post<CalendarRow[]>(priceCalendarApi.list, { productId: product!.id, ...range }),
  });
  const byDate = useMemo(
    () => new Map((rows.data ?? []).filter((r) => r.sessionId === sessionId).map((r) => [r.date, r])),
    [rows.data, sessionId],
  );
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['inventory', 'calendar'] });

  if (products.data && !products.data.length)
    return (
      <Card>
        <Empty description={t('noProducts')} />
      </Card>
    );

  return (
    <Card>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 260 }}
          loading={products.isPending}
          placeholder={t('chooseProduct')}
          aria-label={t('product')}
          value={product?.id}
          onChange={(id: number) => setParams({ productId: String(id) })}
          showSearch={{ optionFilterProp: 'label' }}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        {timed ? (
          <Select
            style={{ width: 200 }}
            aria-label={t('session')}
            value={sessionId ?? undefined}
            onChange={(id: number) => setChosenSession(id)}
            options={product.sessions.map((s) => ({
              value: s.id,
              label: `${s.name} ${s.startTime}-${s.endTime}`,
            }))}
          />
        ) : null}
        <Can perm={UPDATE}>
          <Button type="primary" disabled={!product} onClick={() => setBulkOpen(true)}>
            {t('bulkEdit')}
          </Button>
        </Can>
        <ExportMonth product={product} month={month} />
      </Space>
      <Calendar
        value={month}
        onPanelChange={(date) => setMonth(date)}
        // a labelled month picker instead of antd's year and month selects, which have no name
        headerRender={({ value, onChange }) => (
          <Space style={{ width: '100%', justifyContent: 'flex-end', paddingBottom: 8 }}>
            <DatePicker
              picker="month"
              value={value}
              allowClear={false}
              aria-label={t('month')}
              onChange={(date) => date && onChange(date)}
            />
          </Space>
        )}
        onSelect={(date, info) => {
          if (info.source !== 'date' || !product) return;
          if (!date.isSame(month, 'month')) setMonth(date);
          setDayEdit({ date, row: byDate.get(date.format('YYYY-MM-DD')) });
        }}
        cellRender={(date, info) =>
          info.type === 'date' && product ? (
            <DayCell row={byDate.get(date.format('YYYY-MM-DD'))} />
          ) : (
            info.originNode
          )
        }
      />
      {product ? (
        <>
          <DayModal
            edit={dayEdit}
            product={product}
            sessionId={sessionId}
            onClose={() => setDayEdit(null)}
            onSaved={() => {
              setDayEdit(null);
              reload();
            }}
          />
          <CalendarBulkDrawer
            open={bulkOpen}
            product={product}
            onClose={() => setBulkOpen(false)}
            onSaved={() => {
              setBulkOpen(false);
              reload();
            }}
          />
        </>
      ) : null}
    </Card>
  );
}
