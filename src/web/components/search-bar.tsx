import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One filter of a declarative search bar: `{ name: 'status', label: t(...), node: <DictSelect .../> }`. */
export interface SearchField {
  name: string;
  label?: ReactNode;
  node: ReactNode;
}

export interface SearchBarProps<V extends object> {
  /** Called with the form's values on Search, on Enter in a field, and after Reset. */
  onSearch: (values: V) => void;
  /** Form.Item filters; or use `fields`. */
  children?: ReactNode;
  fields?: readonly SearchField[];
  initialValues?: Partial<V>;
  /** To read or set the filters from outside (e.g. an export with the current filters). */
  form?: FormInstance<V>;
  /** More buttons after Search and Reset (add, export...). */
  extra?: ReactNode;
  loading?: boolean;
}

/** The filters above a list: an inline form that wraps on narrow screens, with Search and Reset. */
export function SearchBar<V extends object>({
  onSearch,
  children,
  fields,
  initialValues,
  form: outer,
  extra,
  loading,
}: SearchBarProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>(outer);
  const reset = () => {
    form.resetFields();
    onSearch(form.getFieldsValue());
  };
  return (
    <Form<V>
      form={form}
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {fields?.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {field.node}
        </Form.Item>
      ))}
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
            {t('search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            {t('reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
