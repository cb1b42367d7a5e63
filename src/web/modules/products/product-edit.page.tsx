import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  TimePicker,
  Typography,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PRODUCT_LIMITS,
  ProductCreateSchema,
  ProductUpdateSchema,
  productApi,
  type ProductFormOptions,
} from '../../../shared/api/products.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ProductField } from '../../../shared/dict/product-fields.ts';
import {
  BuyChannel,
  ENTRY_MODE,
  EntryMode,
  PRODUCT_TYPE,
  PrintType,
  ProductType,
  REFUND_RULE,
  REFUND_UNIT,
  RealNameType,
  RefundRule,
  RefundUnit,
  ShelfStatus,
  VALIDITY_TYPE,
  ValidityDisplay,
  ValidityType,
} from '../../../shared/dict/ticket.ts';
import { Can } from '../../components/can.tsx';
import { DictSelect, dictOptions } from '../../components/dict-select.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { listQueryKey, useLabel, validateWithSchema } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { post, RequestError } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { formOptionsQuery, productQuery } from './product-api.ts';
import { formToBody, newProductValues, productToForm, type ProductFormValues } from './product-form.ts';

const UPLOAD_URL = '/web/api/ticket/storage/uploadUnMove';
/** Form.List fields: their errors are shown under the list. */
const LIST_FIELDS = ['sessions', 'timeWindows'] as const;
type ListField = (typeof LIST_FIELDS)[number];
const NON_TIMED_VALIDITY = [1, 2, 3, 5, 6];

/** Up to 6 images: each can be replaced or removed, a last empty picker adds one. */
function ImageListInput({
  value = [],
  onChange,
  disabled,
}: {
  value?: string[];
  onChange?: (urls: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('products');
  return (
    <Space wrap align="start">
      {value.map((url, i) => (
        <div key={`${i}-${url}`} style={{ position: 'relative' }}>
          <ImageUpload
            action={UPLOAD_URL}
            value={url}
            disabled={disabled}
            onChange={(next) => onChange?.(value.map((u, j) => (j === i ? next : u)))}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('removeImage')}
            disabled={disabled}
            style={{ position: 'absolute', top: 4, right: 4 }}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {value.length < PRODUCT_LIMITS.images && (
        <ImageUpload
          action={UPLOAD_URL}
          disabled={disabled}
          onChange={(url) => onChange?.([...value, url])}
        />
      )}
    </Space>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      <Row gutter={24}>{children}</Row>
    </Card>
  );
}

const half = { xs: 24, md: 12, xl: 8 } as const;

function ProductForm({
  id,
  options,
  initial,
  typeName,
  onSaved,
}: {
  id: number | undefined;
  options: ProductFormOptions;
  initial: ProductFormValues;
  /** the product's category name, shown when the category is no longer offered */
  typeName: string | undefined;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProductFormValues>();
  const [saving, setSaving] = useState(false);
  const [listErrors, setListErrors] = useState<Partial<Record<ListField, string>>>({});

  const productType = Form.useWatch('productType', form) ?? initial.productType;
  const validityType = Form.useWatch('validityType', form) ?? initial.validityType;
  const entryMode = Form.useWatch('entryMode', form) ?? initial.entryMode;
  const refundRule = Form.useWatch('refundRule', form) ?? initial.refundRule;
  const feeUnit = Form.useWatch('refundFeeUnit', form) ?? initial.refundFeeUnit;
  const timed = productType === PRODUCT_TYPE.timed;

  const markErrors = (errors: { name: string; message: string }[]) => {
    const lists: Partial<Record<ListField, string>> = {};
    const fields: { name: keyof ProductFormValues; errors: string[] }[] = [];
    for (const e of errors) {
      if ((LIST_FIELDS as readonly string[]).includes(e.name)) lists[e.name as ListField] = e.message;
      else fields.push({ name: e.name as keyof ProductFormValues, errors: [e.message] });
    }
    setListErrors(lists);
    form.setFields(fields);
    const first = errors[0]?.name;
    if (first) form.scrollToField(first as keyof ProductFormValues);
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as ProductFormValues;
    const checked = validateWithSchema(
      id ? ProductUpdateSchema : ProductCreateSchema,
      formToBody(values, id),
      lang,
    );
    if (checked.errors) {
      // an empty number control reaches the coercing schema as NaN: say "required" instead
      const empty = (name: string) => {
        const value = (values as unknown as Record<string, unknown>)[name];
        return value === null || value === undefined || value === '';
      };
      markErrors(
        checked.errors.map((e) => (empty(e.name) ? { ...e, message: ValidationMessage.required[lang] } : e)),
      );
      return;
    }
    setSaving(true);
    try {
      await post(id ? productApi.update : productApi.create, checked.data);
      void message.success(t('common:success'));
      void queryClient.invalidateQueries({ queryKey: listQueryKey(productApi.page) });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      onSaved();
      void navigate('/ticket/good');
    } catch (error) {
      // the request layer showed the message; a 409 naming a field marks it too
      const field =
        error instanceof RequestError ? (error.body?.data as { field?: unknown } | null)?.field : null;
      if (typeof field === 'string')
        markErrors([{ name: field.split('.')[0]!, message: (error as Error).message }]);
    } finally {
      setSaving(false);
    }
  };

  const leave = () => {
    if (!form.isFieldsTouched()) return void navigate('/ticket/good');
    modal.confirm({
      title: t('leaveConfirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: () => void navigate('/ticket/good'),
    });
  };

  // a schema error stays until its field is edited; a timed product uses the time-slot validity
  const onValuesChange = (changed: Partial<ProductFormValues>) => {
    form.setFields(
      Object.keys(changed)
        .filter((name) => !(LIST_FIELDS as readonly string[]).includes(name))
        .map((name) => ({ name: name as keyof ProductFormValues, errors: [] })),
    );
    const lists = LIST_FIELDS.filter((name) => name in changed);
    if (lists.length)
      setListErrors((prev) =>
        Object.fromEntries(Object.entries(prev).filter(([k]) => !lists.includes(k as ListField))),
      );
    if (changed.productType !== undefined) {
      const toTimed = changed.productType === PRODUCT_TYPE.timed;
      const current = form.getFieldValue('validityType') as number;
      if (toTimed) {
        form.setFieldValue('validityType', VALIDITY_TYPE.timeSlot);
        if (!(form.getFieldValue('sessions') as unknown[] | undefined)?.length)
          form.setFieldValue('sessions', [{ name: '', start: null, end: null }]);
      } else if (current === VALIDITY_TYPE.timeSlot)
        form.setFieldValue('validityType', VALIDITY_TYPE.ordinary);
    }
    if (changed.refundFeeUnit !== undefined) form.setFieldValue('refundFeeValue', 0);
  };

  const typeOptions = options.types.map((o) => ({ value: o.id, label: o.name }));
  // a product whose category was disabled still shows its name
  if (initial.typeId && !typeOptions.some((o) => o.value === initial.typeId))
    typeOptions.push({ value: initial.typeId, label: typeName ?? `#${initial.typeId}` });
  const select = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));
  const f = (name: keyof typeof ProductField) => label(ProductField[name]);
  const refundable = refundRule !== REFUND_RULE.none;
  const percent = feeUnit === REFUND_UNIT.percent;
  const listError = (name: ListField) =>
    listErrors[name] ? <Form.ErrorList errors={[listErrors[name]]} /> : null;

  return (
    <Can perm={id ? 'admin:ticket:update' : 'admin:ticket:create'}>
      {(allowed) => (
        <Form<ProductFormValues>
          form={form}
          name="product"
          layout="vertical"
          initialValues={initial}
          onValuesChange={onValuesChange}
          onFinish={() => void save()}
          disabled={!allowed || saving}
        >
          <Section title={t('sectionBasic')}>
            <Col {...half}>
              <Form.Item name="name" label={f('name')} required>
                <Input maxLength={PRODUCT_LIMITS.name} showCount />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="typeId" label={f('typeId')} required>
                <Select options={typeOptions} showSearch={{ optionFilterProp: 'label' }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="productType" label={f('productType')} required>
                <DictSelect dict={ProductType} allowClear={false} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="images" label={f('images')} extra={t('imagesHint')}>
                <ImageListInput />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="intro" label={f('intro')}>
                <Input.TextArea rows={3} maxLength={PRODUCT_LIMITS.intro} showCount />
              </Form.Item>
            </Col>
          </Section>

          <Section title={t('sectionPrice')}>
            <Col {...half}>
              <Form.Item name="price" label={f('price')} required>
                <MoneyInput max={PRODUCT_LIMITS.price} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="marketPrice" label={f('marketPrice')}>
                <MoneyInput max={PRODUCT_LIMITS.price} />
              </Form.Item>
            </Col>
          </Section>

          <Section title={t('sectionValidity')}>
            <Col {...half}>
              <Form.Item name="validityType" label={f('validityType')} required>
                <DictSelect
                  dict={ValidityType}
                  codes={timed ? [VALIDITY_TYPE.timeSlot] : NON_TIMED_VALIDITY}
                  allowClear={false}
                  disabled={!allowed || timed}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="validityDisplay" label={f('validityDisplay')}>
                <DictSelect dict={ValidityDisplay} allowClear={false} />
              </Form.Item>
            </Col>
            {validityType === VALIDITY_TYPE.multiDay && (
              <Col {...half}>
                <Form.Item name="validDays" label={f('validDays')} required>
                  <InputNumber
                    min={PRODUCT_LIMITS.validDaysMin}
                    max={PRODUCT_LIMITS.validDaysMax}
                    precision={0}
                    suffix={t('days')}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            )}
            {validityType === VALIDITY_TYPE.interval && (
              <>
                <Col {...half}>
                  <Form.Item name="validFrom" label={f('validFrom')} required>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="validTo" label={f('validTo')} required>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )}
            {validityType === VALIDITY_TYPE.timeLimited && (
              <Col {...half}>
                <Form.Item name="timeLimitMinutes" label={f('timeLimitMinutes')} required>
                  <InputNumber
                    min={1}
                    max={PRODUCT_LIMITS.timeLimitMinutes}
                    precision={0}
                    suffix={t('minutes')}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            )}
            {validityType === VALIDITY_TYPE.display && (
              <Col span={24}>
                <Form.Item name="validityText" label={f('validityText')} required>
                  <Input maxLength={PRODUCT_LIMITS.validityText} showCount />
                </Form.Item>
              </Col>
            )}
            <Col span={24}>
              <Form.Item label={f('timeWindows')} extra={t('windowsHint')}>
                <Form.List name="timeWindows">
                  {(fields, { add, remove }) => (
                    <Space orientation="vertical">
                      {fields.map((field) => (
                        <Space key={field.key} align="baseline">
                          <Form.Item name={[field.name, 'start']} noStyle>
                            <TimePicker format="HH:mm" minuteStep={5} placeholder={t('startTime')} />
                          </Form.Item>
                          <span>-</span>
                          <Form.Item name={[field.name, 'end']} noStyle>
                            <TimePicker format="HH:mm" minuteStep={5} placeholder={t('endTime')} />
                          </Form.Item>
                          <MinusCircleOutlined aria-label={t('remove')} onClick={() => remove(field.name)} />
                        </Space>
                      ))}
                      {fields.length < PRODUCT_LIMITS.timeWindows && (
                        <Button
                          type="dashed"
                          icon={<PlusOutlined />}
                          onClick={() => add({ start: null, end: null })}
                        >
                          {t('addWindow')}
                        </Button>
                      )}
                      {listError('timeWindows')}
                    </Space>
                  )}
                </Form.List>
              </Form.Item>
            </Col>
          </Section>

          {timed && (
            <Section title={t('sectionSessions')}>
              <Col span={24}>
                <Typography.Paragraph type="secondary">{t('sessionsHint')}</Typography.Paragraph>
                <Form.List name="sessions">
                  {(fields, { add, remove }) => (
                    <Space orientation="vertical">
                      {fields.map((field) => (
                        <Space key={field.key} align="baseline" wrap>
                          <Form.Item name={[field.name, 'name']} noStyle>
                            <Input
                              maxLength={PRODUCT_LIMITS.sessionName}
                              placeholder={t('sessionNamePlaceholder')}
                              aria-label={t('sessionName')}
                              style={{ width: 200 }}
                            />
                          </Form.Item>
                          <Form.Item name={[field.name, 'start']} noStyle>
                            <TimePicker format="HH:mm" minuteStep={5} placeholder={t('startTime')} />
                          </Form.Item>
                          <span>-</span>
                          <Form.Item name={[field.name, 'end']} noStyle>
                            <TimePicker format="HH:mm" minuteStep={5} placeholder={t('endTime')} />
                          </Form.Item>
                          <MinusCircleOutlined aria-label={t('remove')} onClick={() => remove(field.name)} />
                        </Space>
                      ))}
                      {fields.length < PRODUCT_LIMITS.sessions && (
                        <Button
                          type="dashed"
                          icon={<PlusOutlined />}
                          onClick={() => add({ name: '', start: null, end: null })}
                        >
                          {t('addSession')}
                        </Button>
                      )}
                      {listError('sessions')}
                    </Space>
                  )}
                </Form.List>
              </Col>
            </Section>
          )}

          <Section title={t('sectionEntry')}>
            <Col {...half}>
              <Form.Item name="entryMode" label={f('entryMode')} required>
                <DictSelect dict={EntryMode} allowClear={false} />
              </Form.Item>
            </Col>
            {entryMode === ENTRY_MODE.times && (
              <Col {...half}>
                <Form.Item name="entryTimes" label={f('entryTimes')} required>
                  <InputNumber
                    min={2}
                    max={PRODUCT_LIMITS.entryTimesMax}
                    precision={0}
                    suffix={t('times')}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            )}
          </Section>

          <Section title={t('sectionPurchase')}>
            <Col {...half}>
              <Form.Item name="realNameType" label={f('realNameType')} required>
                <DictSelect dict={RealNameType} allowClear={false} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="printType" label={f('printType')} required>
                <DictSelect dict={PrintType} allowClear={false} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="limitPerOrder" label={f('limitPerOrder')} extra={t('noLimitHint')}>
                <InputNumber min={0} max={PRODUCT_LIMITS.limit} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="limitPerIdNumber" label={f('limitPerIdNumber')} extra={t('noLimitHint')}>
                <InputNumber min={0} max={PRODUCT_LIMITS.limit} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Section>

          <Section title={t('sectionChannels')}>
            <Col span={24}>
              <Form.Item name="channels" label={f('channels')} required>
                <Checkbox.Group
                  options={dictOptions(BuyChannel, lang) as { value: number; label: string }[]}
                />
              </Form.Item>
            </Col>
          </Section>

          <Section title={t('sectionRefund')}>
            <Col {...half}>
              <Form.Item name="refundRule" label={f('refundRule')} required>
                <DictSelect dict={RefundRule} allowClear={false} />
              </Form.Item>
            </Col>
            {refundRule === REFUND_RULE.conditional && (
              <Col {...half}>
                <Form.Item name="refundDeadlineHours" label={f('refundDeadlineHours')}>
                  <InputNumber
                    min={0}
                    max={PRODUCT_LIMITS.refundDeadlineHours}
                    precision={0}
                    suffix={t('hours')}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            )}
            {refundable && (
              <>
                <Col {...half}>
                  <Form.Item name="refundFeeUnit" label={f('refundFeeUnit')}>
                    <DictSelect dict={RefundUnit} allowClear={false} />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="refundFeeValue" label={f('refundFeeValue')}>
                    {percent ? (
                      <InputNumber
                        min={0}
                        max={100}
                        precision={0}
                        suffix={t('percent')}
                        style={{ width: '100%' }}
                      />
                    ) : (
                      <MoneyInput max={PRODUCT_LIMITS.price} />
                    )}
                  </Form.Item>
                </Col>
              </>
            )}
          </Section>

          <Section title={t('sectionTemplates')}>
            <Col {...half}>
              <Form.Item name="noticeId" label={f('noticeId')}>
                <Select allowClear options={select(options.notices)} placeholder={t('none')} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="agreementId" label={f('agreementId')}>
                <Select allowClear options={select(options.agreements)} placeholder={t('none')} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="printTemplateId" label={f('printTemplateId')}>
                <Select allowClear options={select(options.printTemplates)} placeholder={t('none')} />
              </Form.Item>
            </Col>
          </Section>

          <Section title={t('sectionOther')}>
            <Col {...half}>
              <Form.Item name="shelfStatus" label={f('shelfStatus')} required>
                <DictSelect dict={ShelfStatus} allowClear={false} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="sort" label={f('sort')}>
                <InputNumber min={0} max={PRODUCT_LIMITS.sort} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Section>

          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('common:save')}
            </Button>
            <Button htmlType="button" disabled={false} onClick={leave}>
              {t('back')}
            </Button>
          </Space>
        </Form>
      )}
    </Can>
  );
}

/** Spec §2 /ticket/scenicTicDetail (hidden): create a product, or edit the one of `?id=`. */
export default function ProductEditPage() {
  const { t } = useTranslation(['products', 'common']);
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  // a new key after a save: the kept-alive tab starts from a clean form next time
  const [version, setVersion] = useState(0);
  const options = useQuery(formOptionsQuery());
  const product = useQuery({ ...productQuery(id ?? 0), enabled: id !== undefined });

  const failed = options.error ?? (id ? product.error : null);
  if (failed)
    return (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            failed instanceof RequestError && failed.status === 404
              ? t('notFound')
              : failed.message || t('common:loadFailed')
          }
        >
          <Button
            onClick={() => {
              void options.refetch();
              if (id) void product.refetch();
            }}
          >
            {t('common:retry')}
          </Button>
        </Empty>
      </Card>
    );
  if (!options.data || (id && !product.data))
    return (
      <Card>
        <Spin />
      </Card>
    );

  const initial = id && product.data ? productToForm(product.data) : newProductValues(options.data);
  return (
    <Card title={t(id ? 'editTitle' : 'createTitle')}>
      <ProductForm
        key={`${id ?? 'new'}-${version}-${product.dataUpdatedAt}`}
        id={id}
        options={options.data}
        initial={initial}
        typeName={product.data?.typeName}
        onSaved={() => setVersion((v) => v + 1)}
      />
    </Card>
  );
}
