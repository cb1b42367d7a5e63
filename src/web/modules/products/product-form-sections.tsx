import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  TimePicker,
  Typography,
  type InputNumberProps,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIMITS, type ProductFormOptions } from '../../../shared/api/products.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { ProductField } from '../../../shared/dict/product-fields.ts';
import {
  BuyChannel,
  ENTRY_MODE,
  EntryMode,
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
} from '../../../shared/dict/product.ts';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { DictSelect, dictOptions } from '../../components/dict-select.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { useSettings } from '../../lib/settings.ts';

const UPLOAD_URL = storageApi.uploadUnMove;
const NON_TIMED_VALIDITY = [1, 2, 3, 5, 6];
const half = { xs: 24, md: 12, xl: 8 } as const;

/** The product form's field label (the same dictionary as the list's columns). */
function useField() {
  const label = useLabel();
  return (name: keyof typeof ProductField) => label(ProductField[name]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      <Row gutter={24}>{children}</Row>
    </Card>
  );
}

/** A whole number in a full-width control (antd Form passes value and onChange through). */
function Count(props: InputNumberProps<number>) {
  return <InputNumber {...props} precision={0} style={{ width: '100%' }} />;
}

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

/**
 * A list of start-end times (entry windows; a timed product's sessions, which also have a name),
 * with its add button and the list's error under it.
 */
function TimeRangeList({
  name,
  max,
  named,
  addText,
  error,
}: {
  name: 'timeWindows' | 'sessions';
  max: number;
  named?: boolean;
  addText: string;
  error: ReactNode;
}) {
  const { t } = useTranslation('products');
  const time = (field: number, end: 'start' | 'end') => (
    <Form.Item name={[field, end]} noStyle>
      <TimePicker format="HH:mm" minuteStep={5} placeholder={t(end === 'start' ? 'startTime' : 'endTime')} />
    </Form.Item>
  );
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Space orientation="vertical">
          {fields.map((field) => (
            <Space key={field.key} align="baseline" wrap={named}>
              {named && (
                <Form.Item name={[field.name, 'name']} noStyle>
                  <Input
                    maxLength={PRODUCT_LIMITS.sessionName}
                    placeholder={t('sessionNamePlaceholder')}
                    aria-label={t('sessionName')}
                    style={{ width: 200 }}
                  />
                </Form.Item>
              )}
              {time(field.name, 'start')}
              <span>-</span>
              {time(field.name, 'end')}
              <MinusCircleOutlined aria-label={t('remove')} onClick={() => remove(field.name)} />
            </Space>
          ))}
          {fields.length < max && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(named ? { name: '', start: null, end: null } : { start: null, end: null })}
            >
              {addText}
            </Button>
          )}
          {error}
        </Space>
      )}
    </Form.List>
  );
}

export function BasicSection({ typeOptions }: { typeOptions: { value: number; label: string }[] }) {
  const { t } = useTranslation('products');
  const f = useField();
  return (
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
  );
}

export function PriceSection() {
  const { t } = useTranslation('products');
  const f = useField();
  return (
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
  );
}

/** The validity type's own fields (days, interval, time limit, text) and the entry windows. */
export function ValiditySection({
  timed,
  validityType,
  allowed,
  windowsError,
}: {
  timed: boolean;
  validityType: number;
  allowed: boolean;
  windowsError: ReactNode;
}) {
  const { t } = useTranslation('products');
  const f = useField();
  const item = (name: 'validDays' | 'timeLimitMinutes', control: ReactNode) => (
    <Col {...half}>
      <Form.Item name={name} label={f(name)} required>
        {control}
      </Form.Item>
    </Col>
  );
  return (
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
      {validityType === VALIDITY_TYPE.multiDay &&
        item(
          'validDays',
          <Count min={PRODUCT_LIMITS.validDaysMin} max={PRODUCT_LIMITS.validDaysMax} suffix={t('days')} />,
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
      {validityType === VALIDITY_TYPE.timeLimited &&
        item(
          'timeLimitMinutes',
          <Count min={1} max={PRODUCT_LIMITS.timeLimitMinutes} suffix={t('minutes')} />,
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
          <TimeRangeList
            name="timeWindows"
            max={PRODUCT_LIMITS.timeWindows}
            addText={t('addWindow')}
            error={windowsError}
          />
        </Form.Item>
      </Col>
    </Section>
  );
}

export function SessionsSection({ error }: { error: ReactNode }) {
  const { t } = useTranslation('products');
  return (
    <Section title={t('sectionSessions')}>
      <Col span={24}>
        <Typography.Paragraph type="secondary">{t('sessionsHint')}</Typography.Paragraph>
        <TimeRangeList
          name="sessions"
          named
          max={PRODUCT_LIMITS.sessions}
          addText={t('addSession')}
          error={error}
        />
      </Col>
    </Section>
  );
}

/** Entry, purchase rules and sales channels. */
export function EntryAndPurchaseSections({ entryMode }: { entryMode: number }) {
  const { t } = useTranslation('products');
  const { lang } = useSettings();
  const f = useField();
  const limit = (name: 'limitPerOrder' | 'limitPerIdNumber') => (
    <Col {...half}>
      <Form.Item name={name} label={f(name)} extra={t('noLimitHint')}>
        <Count min={0} max={PRODUCT_LIMITS.limit} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Section title={t('sectionEntry')}>
        <Col {...half}>
          <Form.Item name="entryMode" label={f('entryMode')} required>
            <DictSelect dict={EntryMode} allowClear={false} />
          </Form.Item>
        </Col>
        {entryMode === ENTRY_MODE.times && (
          <Col {...half}>
            <Form.Item name="entryTimes" label={f('entryTimes')} required>
              <Count min={2} max={PRODUCT_LIMITS.entryTimesMax} suffix={t('times')} />
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
        {limit('limitPerOrder')}
        {limit('limitPerIdNumber')}
      </Section>
      <Section title={t('sectionChannels')}>
        <Col span={24}>
          <Form.Item name="channels" label={f('channels')} required>
            <CheckboxGroupField
              options={dictOptions(BuyChannel, lang) as { value: number; label: string }[]}
            />
          </Form.Item>
        </Col>
      </Section>
    </>
  );
}

export function RefundSection({ refundRule, feeUnit }: { refundRule: number; feeUnit: number }) {
  const { t } = useTranslation('products');
  const f = useField();
  return (
    <Section title={t('sectionRefund')}>
      <Col {...half}>
        <Form.Item name="refundRule" label={f('refundRule')} required>
          <DictSelect dict={RefundRule} allowClear={false} />
        </Form.Item>
      </Col>
      {refundRule === REFUND_RULE.conditional && (
        <Col {...half}>
          <Form.Item name="refundDeadlineHours" label={f('refundDeadlineHours')}>
            <Count min={0} max={PRODUCT_LIMITS.refundDeadlineHours} suffix={t('hours')} />
          </Form.Item>
        </Col>
      )}
      {refundRule !== REFUND_RULE.none && (
        <>
          <Col {...half}>
            <Form.Item name="refundFeeUnit" label={f('refundFeeUnit')}>
              <DictSelect dict={RefundUnit} allowClear={false} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="refundFeeValue" label={f('refundFeeValue')}>
              {feeUnit === REFUND_UNIT.percent ? (
                <Count min={0} max={100} suffix={t('percent')} />
              ) : (
                <MoneyInput max={PRODUCT_LIMITS.price} />
              )}
            </Form.Item>
          </Col>
        </>
      )}
    </Section>
  );
}

/** Notice, agreement and print templates; shelf status and sort order. */
export function TemplatesAndOtherSections({ options }: { options: ProductFormOptions }) {
  const { t } = useTranslation('products');
  const f = useField();
  const select = (
    name: 'noticeId' | 'agreementId' | 'printTemplateId',
    rows: { id: number; name: string }[],
  ) => (
    <Col {...half}>
      <Form.Item name={name} label={f(name)}>
        <Select
          allowClear
          options={rows.map((r) => ({ value: r.id, label: r.name }))}
          placeholder={t('none')}
        />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Section title={t('sectionTemplates')}>
        {select('noticeId', options.notices)}
        {select('agreementId', options.agreements)}
        {select('printTemplateId', options.printTemplates)}
      </Section>
      <Section title={t('sectionOther')}>
        <Col {...half}>
          <Form.Item name="shelfStatus" label={f('shelfStatus')} required>
            <DictSelect dict={ShelfStatus} allowClear={false} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="sort" label={f('sort')}>
            <Count min={0} max={PRODUCT_LIMITS.sort} />
          </Form.Item>
        </Col>
      </Section>
    </>
  );
}
