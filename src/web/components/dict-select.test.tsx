// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineDict } from '../../shared/dict/dict.ts';
import '../lib/i18n.ts';
import { updateSettings } from '../lib/settings.ts';
import { DictSelect, dictOptions } from './dict-select.tsx';

const Channel = defineDict({
  1: { zh: '正常', en: 'Normal' },
  2: { zh: '冻结', en: 'Frozen' },
  3: { zh: '未启用', en: 'Not enabled' },
});
const Kind = defineDict({ b: { zh: '专票', en: 'Special' }, c: { zh: '纸质', en: 'Paper' } });

afterEach(() => act(() => updateSettings({ lang: 'zh' })));

describe('dictOptions', () => {
  it('turns numeric codes back into numbers and keeps string codes', () => {
    expect(dictOptions(Channel, 'en')).toEqual([
      { value: 1, label: 'Normal' },
      { value: 2, label: 'Frozen' },
      { value: 3, label: 'Not enabled' },
    ]);
    expect(dictOptions(Kind, 'zh').map((o) => o.value)).toEqual(['b', 'c']);
    expect(dictOptions(Channel, 'zh', [3, 1])).toEqual([
      { value: 3, label: '未启用' },
      { value: 1, label: '正常' },
    ]);
  });
});

describe('DictSelect', () => {
  it('offers the labels and sets the numeric code in a form', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="status" label="Status">
          <DictSelect dict={Channel} />
        </Form.Item>
        <button type="submit">go</button>
      </Form>,
    );
    await user.click(screen.getByLabelText('Status'));
    const options = document.querySelectorAll('.ant-select-item-option');
    expect([...options].map((o) => o.textContent)).toEqual(['正常', '冻结', '未启用']);
    await user.click(document.querySelector('.ant-select-item-option[title="冻结"]')!);
    await user.click(screen.getByRole('button', { name: 'go' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ status: 2 }));
  });

  it('filters a multiple choice by the labels typed, not the numeric codes', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="statuses" label="Statuses">
          <DictSelect dict={Channel} mode="multiple" />
        </Form.Item>
        <button type="submit">go</button>
      </Form>,
    );
    await user.click(screen.getByLabelText('Statuses'));
    await user.keyboard('冻');
    const shown = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await vi.waitFor(() => expect(shown()).toEqual(['冻结']));
    await user.click(document.querySelector('.ant-select-item-option[title="冻结"]')!);
    await user.click(screen.getByRole('button', { name: 'go' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ statuses: [2] }));
  });

  it('shows the chosen code in the current language', () => {
    render(<DictSelect dict={Channel} value={3} />);
    expect(screen.getByText('未启用')).toBeInTheDocument();
    act(() => updateSettings({ lang: 'en' }));
    expect(screen.getByText('Not enabled')).toBeInTheDocument();
  });
});
