import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Space, Spin, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ProductCreateSchema,
  ProductUpdateSchema,
  productApi,
  type ProductFormOptions,
} from '../../../shared/api/products.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { PRODUCT_TYPE, VALIDITY_TYPE } from '../../../shared/dict/product.ts';
import { Can } from '../../components/can.tsx';
import { listQueryKey, validateWithSchema } from '../../components/list-page/index.ts';
import { errorField, post, RequestError } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { formOptionsQuery, productQuery } from './product-api.ts';
import { formToBody, newProductValues, productToForm, type ProductFormValues } from './product-form.ts';
import {
  BasicSection,
  EntryAndPurchaseSections,
  PriceSection,
  RefundSection,
  SessionsSection,
  TemplatesAndOtherSections,
  ValiditySection,
} from './product-form-sections.tsx';

const LIST_PATH = '/ticket/good';
/** Form.List fields: their errors are shown under the list. */
const LIST_FIELDS = ['sessions', 'timeWindows'] as const;
type ListField = (typeof LIST_FIELDS)[number];
type FieldError = { name: string; message: string };
const isListField = (name: string): name is ListField => (LIST_FIELDS as readonly string[]).includes(name);

/**
 * Saving the product form: checked with the server's schema, then sent; a complaint of the schema
 * or the server marks its field (or shows under its list) and scrolls to the first.
 */
function useProductSave(form: FormInstance<ProductFormValues>, id: number | undefined, onSaved: () => void) {
  const { lang } = useSettings();
  const navigate = useNavigate();
  const [listErrors, setListErrors] = useState<Partial<Record<ListField, string>>>({});

  const markErrors = (errors: FieldError[]) => {
    setListErrors(
      Object.fromEntries(errors.filter((e) => isListField(e.name)).map((e) => [e.name, e.message])),
    );
    form.setFields(
      errors
        .filter((e) => !isListField(e.name))
        .map((e) => ({ name: e.name as keyof ProductFormValues, errors: [e.message] })),
    );
    const first = errors[0]?.name;
    if (first) form.scrollToField(first as keyof ProductFormValues);
  };

  const send = useAction((body: unknown) => post(id ? productApi.update : productApi.create, body), {
    refresh: [listQueryKey(productApi.page), ['products']],
    onSuccess: () => {
      onSaved();
      void navigate(LIST_PATH);
    },
    // a 409 naming a field marks it too
    onError: (error) => {
      const field = errorField(error);
      if (field) markErrors([{ name: field.split('.')[0]!, message: (error as Error).message }]);
    },
  });

  const save = () => {
    const values = form.getFieldsValue(true) as ProductFormValues;
    const checked = validateWithSchema(
      id ? ProductUpdateSchema : ProductCreateSchema,
      formToBody(values, id),
      lang,
    );
    if (!checked.errors) return void send.run(checked.data);
    // an empty number control reaches the coercing schema as NaN: say "required" instead
    const empty = (name: string) => {
      const value = (values as unknown as Record<string, unknown>)[name];
      return value === null || value === undefined || value === '';
    };
    markErrors(
      checked.errors.map((e) => (empty(e.name) ? { ...e, message: ValidationMessage.required[lang] } : e)),
    );
  };

  // a complaint stays until its field (or list) is edited
  const clearErrors = (changed: Partial<ProductFormValues>) => {
    form.setFields(
      Object.keys(changed)
        .filter((name) => !isListField(name))
        .map((name) => ({ name: name as keyof ProductFormValues, errors: [] })),
    );
    if (LIST_FIELDS.some((name) => name in changed))
      setListErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !(k in changed))));
  };

  const listError = (name: ListField) =>
    listErrors[name] ? <Form.ErrorList errors={[listErrors[name]]} /> : null;
  return { save, saving: send.pending, clearErrors, listError };
}

/** A timed product uses the time-slot validity (and at least one session); a new fee unit starts at 0. */
function applyRules(form: FormInstance<ProductFormValues>, changed: Partial<ProductFormValues>) {
  if (changed.productType !== undefined) {
    const current = form.getFieldValue('validityType') as number;
    if (changed.productType === PRODUCT_TYPE.timed) {
      form.setFieldValue('validityType', VALIDITY_TYPE.timeSlot);
      if (!(form.getFieldValue('sessions') as unknown[] | undefined)?.length)
        form.setFieldValue('sessions', [{ name: '', start: null, end: null }]);
    } else if (current === VALIDITY_TYPE.timeSlot) form.setFieldValue('validityType', VALIDITY_TYPE.ordinary);
  }
  if (changed.refundFeeUnit !== undefined) form.setFieldValue('refundFeeValue', 0);
}

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
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductFormValues>();
  const { save, saving, clearErrors, listError } = useProductSave(form, id, onSaved);

  const productType = Form.useWatch('productType', form) ?? initial.productType;
  const validityType = Form.useWatch('validityType', form) ?? initial.validityType;
  const entryMode = Form.useWatch('entryMode', form) ?? initial.entryMode;
  const refundRule = Form.useWatch('refundRule', form) ?? initial.refundRule;
  const feeUnit = Form.useWatch('refundFeeUnit', form) ?? initial.refundFeeUnit;
  const timed = productType === PRODUCT_TYPE.timed;

  const leave = () => {
    if (!form.isFieldsTouched()) return void navigate(LIST_PATH);
    modal.confirm({
      title: t('leaveConfirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: () => void navigate(LIST_PATH),
    });
  };

  const typeOptions = options.types.map((o) => ({ value: o.id, label: o.name }));
  // a product whose category was disabled still shows its name
  if (initial.typeId && !typeOptions.some((o) => o.value === initial.typeId))
    typeOptions.push({ value: initial.typeId, label: typeName ?? `#${initial.typeId}` });

  return (
    <Can perm={id ? 'admin:ticket:update' : 'admin:ticket:create'}>
      {(allowed) => (
        <Form<ProductFormValues>
          form={form}
          name="product"
          layout="vertical"
          initialValues={initial}
          onValuesChange={(changed: Partial<ProductFormValues>) => {
            clearErrors(changed);
            applyRules(form, changed);
          }}
          onFinish={save}
          disabled={!allowed || saving}
        >
          <BasicSection typeOptions={typeOptions} />
          <PriceSection />
          <ValiditySection
            timed={timed}
            validityType={validityType}
            allowed={allowed}
            windowsError={listError('timeWindows')}
          />
          {timed && <SessionsSection error={listError('sessions')} />}
          <EntryAndPurchaseSections entryMode={entryMode} />
          <RefundSection refundRule={refundRule} feeUnit={feeUnit} />
          <TemplatesAndOtherSections options={options} />
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

/** docs/product.md §2 /ticket/scenicTicDetail (hidden): create a product, or edit the one of `?id=`. */
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
