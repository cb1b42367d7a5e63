import { Col, Divider, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  cardKindApi,
  CardKindCreateSchema,
  cardKindTermsIssue,
  CardKindUpdateSchema,
  type CardKindRow,
  type CardKindTerms,
} from '../../../shared/api/cards.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import {
  CARD_VALIDITY,
  CardKindField,
  CardValidityType,
  CardValidWay,
  type CardValidWayCode,
} from '../../../shared/dict/cards.ts';
import { RealNameType, SHELF, ShelfStatus } from '../../../shared/dict/product.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { EditorPage, useEditor, type EditorDefinition } from '../../components/editor-page.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { useSettings } from '../../lib/settings.ts';
import { ChannelsField, DayField, DaysField, DictRadio, ProductsField } from './card-kind-fields.tsx';
import { KIND_DETAIL_PATH, KIND_LIST_PATH } from './paths.ts';

type Values = {
  name?: string;
  cover?: string;
  description?: string;
  price?: number | null;
  validityType?: number;
  /** the form's choice for a timed card; not sent */
  validWay?: CardValidWayCode;
  validDays?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
  productIds?: number[];
  perDayEntries?: number | null;
  totalEntries?: number | null;
  blackoutDates?: string[];
  photoRequired?: boolean;
  realName?: number;
  status?: number;
  channels?: string[];
};
const FIELDS = [
  'name',
  'cover',
  'description',
  'price',
  'validityType',
  'validWay',
  'validDays',
  'validFrom',
  'validTo',
  'productIds',
  'perDayEntries',
  'totalEntries',
  'blackoutDates',
  'photoRequired',
  'realName',
  'status',
  'channels',
] as const;
const INITIAL: Values = {
  name: '',
  cover: '',
  description: '',
  price: null,
  validityType: CARD_VALIDITY.timed,
  validWay: 'days',
  validDays: 365,
  validFrom: null,
  validTo: null,
  productIds: [],
  perDayEntries: 1,
  totalEntries: 0,
  blackoutDates: [],
  photoRequired: false,
  realName: 1,
  status: SHELF.off,
  channels: ['winManagement', 'weixinManagement', 'backstageManagement'],
};

/** The body: the validity's unused way cleared (null), so an edit can switch between the ways. */
function toBody({ validWay, ...v }: Values): Record<string, unknown> {
  const timed = v.validityType === CARD_VALIDITY.timed;
  const byDays = timed && validWay === 'days';
  const byDates = timed && validWay === 'dates';
  const body: Record<string, unknown> = {
    ...v,
    validDays: byDays ? (v.validDays ?? null) : null,
    validFrom: byDates ? (v.validFrom ?? null) : null,
    validTo: byDates ? (v.validTo ?? null) : null,
  };
  // an empty number is left out: the schema names it (price) or takes its default
  for (const [k, value] of Object.entries(body)) if (value === undefined) delete body[k];
  if (body.price === null) delete body.price;
  for (const k of ['perDayEntries', 'totalEntries']) if (body[k] === null) delete body[k];
  return body;
}

const editor: EditorDefinition<Values, CardKindRow> = {
  fields: FIELDS,
  initial: INITIAL,
  queryKey: (id) => [cardKindApi.query, id],
  queryUrl: cardKindApi.query,
  toValues: ({ id: _id, createTime: _c, updateTime: _u, ...data }) => ({
    ...data,
    validWay: data.validFrom != null ? 'dates' : 'days',
  }),
  toBody,
  createUrl: cardKindApi.create,
  updateUrl: cardKindApi.update,
  createSchema: CardKindCreateSchema,
  updateSchema: CardKindUpdateSchema,
  refresh: [listQueryKey(cardKindApi.page)],
  listPath: KIND_LIST_PATH,
  editorPath: KIND_DETAIL_PATH,
};

/** Days from activation or fixed dates, shown for a timed card only. */
function ValidityFields() {
  const label = useLabel();
  const type = Form.useWatch<number | undefined>('validityType');
  const way = Form.useWatch<CardValidWayCode | undefined>('validWay');
  const timed = type === CARD_VALIDITY.timed;
  // antd's grid styles a column `display: block`, which beats the `hidden` attribute: hide by style
  const shown = (visible: boolean) => (visible ? undefined : { display: 'none' });
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="validityType" label={label(CardKindField.validityType)} required>
          <DictRadio dict={CardValidityType} />
        </Form.Item>
      </Col>
      <Col xs={24} md={16} style={shown(timed)}>
        <Form.Item name="validWay" label={label(CardKindField.validWay)} hidden={!timed}>
          <DictRadio dict={CardValidWay} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8} style={shown(timed && way === 'days')}>
        <Form.Item name="validDays" label={label(CardKindField.validDays)} required>
          <InputNumber<number> min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8} style={shown(timed && way === 'dates')}>
        <Form.Item name="validFrom" label={label(CardKindField.validFrom)} required>
          <DayField />
        </Form.Item>
      </Col>
      <Col xs={24} md={8} style={shown(timed && way === 'dates')}>
        <Form.Item name="validTo" label={label(CardKindField.validTo)} required>
          <DayField />
        </Form.Item>
      </Col>
    </Row>
  );
}

function Entries({ name, max }: { name: 'perDayEntries' | 'totalEntries'; max: number }) {
  const { t } = useTranslation('cards');
  const label = useLabel();
  return (
    <Form.Item name={name} label={label(CardKindField[name])} extra={t('entriesHint')} required>
      <InputNumber<number> min={0} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** docs/product.md §2 /VipCard/vipUse (hidden): create (no id) or edit (?id=) a card kind. */
export default function CardKindDetailPage() {
  const { t } = useTranslation('cards');
  const label = useLabel();
  const { lang } = useSettings();
  const { id, data, form, formProps, frame } = useEditor(editor, t('notFound'));

  // the validity's fields must agree: marked here before the server would say it
  const save = () => {
    const values = form.getFieldsValue([...FIELDS]) as Values;
    const issue = cardKindTermsIssue(toBody(values) as unknown as CardKindTerms);
    if (!issue) return frame.onSave();
    // by dates with no date at all: the first date is missing (the days field is not shown)
    const byDates = issue.field === 'validDays' && values.validWay === 'dates';
    const reason = byDates ? ValidationMessage.required : issue.reason;
    form.setFields([{ name: byDates ? 'validFrom' : issue.field, errors: [reason[lang]] }]);
  };

  return (
    <EditorPage
      {...frame}
      onSave={save}
      title={id == null ? t('newKind') : t('editKind', { name: data?.name ?? '' })}
      backLabel={t('backToList')}
      savePerm="admin:card:kind:update"
    >
      <Form {...formProps} name="cardKind">
        <Divider titlePlacement="start">{t('basics')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={label(CardKindField.name)} required>
              <Input maxLength={40} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="price" label={label(CardKindField.price)} required>
              <MoneyInput />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="cover" label={label(CardKindField.cover)}>
          <ImageUpload action={storageApi.uploadUnMove} />
        </Form.Item>
        <Form.Item name="description" label={label(CardKindField.description)}>
          <Input.TextArea maxLength={1000} showCount rows={3} />
        </Form.Item>

        <Divider titlePlacement="start">{t('validitySection')}</Divider>
        <ValidityFields />

        <Divider titlePlacement="start">{t('rulesSection')}</Divider>
        <Form.Item name="productIds" label={label(CardKindField.productIds)}>
          <ProductsField />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Entries name="perDayEntries" max={99} />
          </Col>
          <Col xs={24} md={12}>
            <Entries name="totalEntries" max={100_000} />
          </Col>
        </Row>
        <Form.Item name="blackoutDates" label={label(CardKindField.blackoutDates)} extra={t('blackoutHint')}>
          <DaysField />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="realName" label={label(CardKindField.realName)} required>
              <DictSelect dict={RealNameType} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="photoRequired"
              label={label(CardKindField.photoRequired)}
              extra={t('photoHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('saleSection')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="status" label={label(CardKindField.status)} required>
              <DictSelect dict={ShelfStatus} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="channels" label={label(CardKindField.channels)} required>
              <ChannelsField />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </EditorPage>
  );
}
