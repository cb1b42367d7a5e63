// @vitest-environment jsdom
import { act, render, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { PayTypeField } from './account-fields.tsx';

function renderForm(initial: Record<string, unknown>) {
  let form: FormInstance | null = null;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={initial}>
        <Form.Item name="admType" hidden>
          <input />
        </Form.Item>
        <Form.Item name="payType">
          <PayTypeField />
        </Form.Item>
      </Form>
    );
  }
  const view = render(<Harness />);
  return { ...view, form: () => form! };
}

describe('PayTypeField', () => {
  it('is fixed at 0 for every type but distributors, and starts a new distributor on 1', async () => {
    const { form, container } = renderForm({ admType: 2, payType: 0 });
    expect(container.querySelector('.ant-select-disabled')).not.toBeNull();

    // the form tells watchers of a change in a macro task
    await act(async () => form().setFieldsValue({ admType: 3 }));
    await waitFor(() => expect(form().getFieldValue('payType')).toBe(1));
    expect(container.querySelector('.ant-select-disabled')).toBeNull();

    await act(async () => form().setFieldsValue({ payType: 2 }));
    await act(async () => form().setFieldsValue({ admType: 4 }));
    await waitFor(() => expect(form().getFieldValue('payType')).toBe(0));
  });

  it("leaves an existing distributor's saved pay type alone", async () => {
    const { form, container } = renderForm({ admType: 3, payType: 0 });
    // once the watcher has seen the type, the control is enabled, and the value is still 0
    await waitFor(() => expect(container.querySelector('.ant-select-disabled')).toBeNull());
    expect(form().getFieldValue('payType')).toBe(0);
  });
});
