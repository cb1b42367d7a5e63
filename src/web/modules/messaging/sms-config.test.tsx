// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmsPlatformSetting, SmsSettings, SmsTemplateSetting } from '../../../shared/api/messaging.ts';
import { SMS_TEMPLATES, SmsReason, unknownVariables } from '../../../shared/dict/messaging.ts';
import '../../lib/i18n.ts';
import { updateSettings } from '../../lib/settings.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import SmsConfigPage from './sms-config.page.tsx';

const platform = (code: 0 | 1 | 2 | 9, more: Partial<SmsPlatformSetting> = {}): SmsPlatformSetting => ({
  platform: code,
  available: code !== 2,
  enabled: false,
  accessKeyId: '',
  secretSet: false,
  sdkAppId: '',
  region: '',
  endpoint: '',
  signName: '',
  updateTime: null,
  ...more,
});
const TICKET_TEXT = '您的订单${orderNo}已支付，${product}共${quantity}张，游玩日期${date}。';
const template = (code: (typeof SMS_TEMPLATES)[number]): SmsTemplateSetting => ({
  template: code,
  enabled: code === 2,
  templateCode: code === 2 ? 'SMS_2001' : '',
  signName: '',
  content: code === 2 ? TICKET_TEXT : code === 9 ? '发票${invoiceNo}' : `模板${code}`,
  variables:
    code === 2
      ? [
          { name: 'orderNo', sample: 'T202611280001' },
          { name: 'product', sample: '成人票' },
          { name: 'quantity', sample: '2' },
          { name: 'date', sample: '2026-12-01' },
        ]
      : [],
  declared: code !== 9,
  updateTime: null,
});
const initial = (): SmsSettings => ({
  platforms: [
    platform(0, { enabled: true, accessKeyId: 'LTAI5tDemo', secretSet: true, signName: '青山湖' }),
    platform(1),
    platform(2),
    platform(9, { enabled: true }),
  ],
  templates: SMS_TEMPLATES.map(template),
  uses: [{ use: 2, platform: 9 }],
});

let settings = initial();
const sent: { url: string; body: Record<string, unknown> }[] = [];
const reply = (data: unknown, status = 200, msg = '') =>
  new Response(JSON.stringify({ code: status, msg, data }), { status });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  sent.push({ url, body });
  if (url.endsWith('/platform')) {
    if (body.enabled && !body.accessKeyId)
      return reply({ field: 'accessKeyId' }, 400, SmsReason.credentials.zh);
    const saved = { ...platform(body.platform as 0), ...body, secretSet: !body.clearSecret };
    settings.platforms = settings.platforms.map((p) => (p.platform === body.platform ? saved : p));
    return reply(saved);
  }
  if (url.endsWith('/template')) {
    if (String(body.content).includes('${nope}'))
      return reply({ field: 'content' }, 400, unknownVariables(['nope']).zh);
    settings.templates = settings.templates.map((t) =>
      t.template === body.template ? { ...t, ...body } : t,
    );
    return reply(settings.templates.find((t) => t.template === body.template));
  }
  if (url.endsWith('/uses')) {
    settings.uses = body.uses as SmsSettings['uses'];
    return reply(settings.uses);
  }
  return reply(settings);
});
const sentTo = (path: string) => sent.filter((s) => s.url.endsWith(path));

beforeEach(() => {
  settings = initial();
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:sms:query', 'admin:sms:update']);
});
afterEach(() => act(() => updateSettings({ lang: 'zh' })));
signOutAfterEach();
const toasts = captureToasts();

// buttons found by their text: role queries walk the whole card's accessibility tree (slow in jsdom)
const button = (within_: HTMLElement, name: RegExp) =>
  within(within_).getAllByText(name)[0]!.closest('button')!;

describe('SmsConfigPage (/sys/smsconfig): platforms', () => {
  it('shows each platform with its secret as set / not set; clears a secret; Huawei is unavailable', async () => {
    renderInConsole(<SmsConfigPage />, '/sys/smsconfig');
    const aliyun = await screen.findByTestId('sms-platform-0');
    expect(within(aliyun).getByText('阿里云短信')).toBeInTheDocument();
    expect(within(aliyun).getByText('已设置')).toBeInTheDocument();
    expect(within(aliyun).getByLabelText('AccessKey ID / SecretId')).toHaveValue('LTAI5tDemo');
    // only Tencent asks for its SMS app id
    expect(within(aliyun).queryByLabelText('短信应用 ID（SdkAppId）')).toBeNull();
    const tencent = screen.getByTestId('sms-platform-1');
    expect(within(tencent).getByText('未设置')).toBeInTheDocument();
    expect(within(tencent).getByLabelText('短信应用 ID（SdkAppId）')).toBeInTheDocument();
    expect(within(screen.getByTestId('sms-platform-2')).getByText('暂不可用')).toBeInTheDocument();
    expect(within(screen.getByTestId('sms-platform-9')).getByText(/不真正发送/)).toBeInTheDocument();

    await userEvent.click(button(aliyun, /^清\s*除$/));
    expect(within(aliyun).getByText('保存后清除')).toBeInTheDocument();
    await userEvent.click(button(aliyun, /^保\s*存$/));
    await waitFor(() => expect(sentTo('/platform')).toHaveLength(1));
    const body = sentTo('/platform')[0]!.body;
    expect(body).toMatchObject({ platform: 0, enabled: true, accessKeyId: 'LTAI5tDemo', clearSecret: true });
    expect(body).not.toHaveProperty('secret');
    // the answer refreshed: the secret now reads "not set"
    expect(await within(aliyun).findByText('未设置')).toBeInTheDocument();
  });

  it('sends a replaced secret, and shows the server’s complaint on its field', async () => {
    renderInConsole(<SmsConfigPage />, '/sys/smsconfig');
    const tencent = await screen.findByTestId('sms-platform-1');
    await userEvent.click(button(tencent, /^替\s*换$/));
    await userEvent.type(within(tencent).getByPlaceholderText('输入新的密钥'), 'tencent-secret');
    await userEvent.click(within(tencent).getAllByRole('switch')[0]!);
    await userEvent.click(button(tencent, /^保\s*存$/));
    expect(await within(tencent).findByText(SmsReason.credentials.zh)).toBeInTheDocument();
    expect(sentTo('/platform')[0]!.body).toMatchObject({
      platform: 1,
      enabled: true,
      secret: 'tencent-secret',
    });
    expect(toasts.error).toHaveBeenCalled();
  });

  it('checks an endpoint with the server schema in the user’s language before sending', async () => {
    act(() => updateSettings({ lang: 'en' }));
    renderInConsole(<SmsConfigPage />, '/sys/smsconfig');
    const aliyun = await screen.findByTestId('sms-platform-0');
    expect(within(aliyun).getByText('Alibaba Cloud SMS')).toBeInTheDocument();
    await userEvent.type(within(aliyun).getByLabelText('Endpoint'), 'dysmsapi.aliyuncs.com');
    await userEvent.click(button(aliyun, /^Save$/));
    expect(
      await within(aliyun).findByText(/http/i, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(sentTo('/platform')).toHaveLength(0);
  });

  it('disables the forms without admin:sms:update', async () => {
    signIn(['admin:sms:query']);
    renderInConsole(<SmsConfigPage />, '/sys/smsconfig');
    const aliyun = await screen.findByTestId('sms-platform-0');
    expect(button(aliyun, /^保\s*存$/)).toBeDisabled();
    expect(within(aliyun).getByLabelText('AccessKey ID / SecretId')).toBeDisabled();
  });
});

describe('SmsConfigPage (/sys/smsconfig): templates and uses', () => {
  const openTemplate = async (code: number) => {
    renderInConsole(<SmsConfigPage />, '/sys/smsconfig');
    await userEvent.click(await screen.findByRole('tab', { name: '短信模板' }));
    await userEvent.click(await screen.findByTestId(`sms-template-edit-${code}`));
    return screen.findByRole('dialog');
  };

  it('edits a template with a live preview and saves it', async () => {
    const dialog = await openTemplate(2);
    expect(within(dialog).getByText('编辑短信模板：门票支付成功')).toBeInTheDocument();
    const preview = within(dialog).getByTestId('sms-preview');
    expect(preview).toHaveTextContent('您的订单T202611280001已支付，成人票共2张，游玩日期2026-12-01。');

    const text = within(dialog).getByLabelText('模板内容');
    await userEvent.clear(text);
    expect(preview).toHaveTextContent(/^$/);
    await userEvent.type(text, '订单');
    expect(preview).toHaveTextContent('订单');
    // a variable inserted at the cursor
    await userEvent.click(within(dialog).getByText(/^订单号/));
    expect(text).toHaveValue('订单${orderNo}');
    expect(preview).toHaveTextContent('订单T202611280001');
    await userEvent.type(text, '已付款', { initialSelectionStart: 12, initialSelectionEnd: 12 });
    await userEvent.click(within(dialog).getByText(/^数量/));
    expect(text).toHaveValue('订单${orderNo}已付款${quantity}');
    expect(preview).toHaveTextContent('订单T202611280001已付款2');

    // a variable the module does not fill in is flagged as the server would
    fireEvent.change(text, { target: { value: '订单${orderNo}，${nope}' } });
    expect(await within(dialog).findByText(unknownVariables(['nope']).zh)).toBeInTheDocument();
    expect(preview).toHaveTextContent('订单T202611280001，${nope}');
    await userEvent.click(button(dialog, /^确\s*定$/));
    expect(
      await within(dialog).findByText(unknownVariables(['nope']).zh, {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();

    fireEvent.change(text, { target: { value: '订单${orderNo}已付款${quantity}' } });
    await userEvent.type(within(dialog).getByLabelText('平台模板 ID'), '9');
    await userEvent.click(button(dialog, /^确\s*定$/));
    await waitFor(() => expect(sentTo('/template')).toHaveLength(2));
    expect(sentTo('/template')[1]!.body).toEqual({
      template: 2,
      enabled: true,
      templateCode: 'SMS_20019',
      signName: '',
      content: '订单${orderNo}已付款${quantity}',
    });
    // stored: the table shows the new text
    await waitFor(() =>
      expect(document.querySelector('.ant-table-row[data-row-key="2"]')).toHaveTextContent(
        '订单${orderNo}已付款${quantity}',
      ),
    );
  });

  it('says when no module sends a template yet', async () => {
    const dialog = await openTemplate(9);
    expect(within(dialog).getByText(/暂无功能发送此模板/)).toBeInTheDocument();
    expect(within(dialog).getByText('此模板没有变量')).toBeInTheDocument();
  });

  it('links each template to its messages in the send log', async () => {
    renderInConsole(<SmsConfigPage />, '/sys/smsconfig');
    await userEvent.click(await screen.findByRole('tab', { name: '短信模板' }));
    expect(screen.getByText('暂无功能发送此模板')).toBeInTheDocument();
    expect(screen.getByTestId('sms-template-log-2')).toBeInTheDocument();
  });

  it('saves the whole use table, a use on the default left out', async () => {
    renderInConsole(<SmsConfigPage />, '/sys/smsconfig');
    await userEvent.click(await screen.findByRole('tab', { name: '平台用途' }));
    await userEvent.click(await screen.findByRole('combobox', { name: '小程序' }));
    await userEvent.click(await screen.findByTitle('阿里云短信'));
    await userEvent.click(
      screen
        .getAllByText(/^保\s*存$/)
        .at(-1)!
        .closest('button')!,
    );
    await waitFor(() => expect(sentTo('/uses')).toHaveLength(1));
    expect(sentTo('/uses')[0]!.body).toEqual({
      uses: [
        { use: 2, platform: 9 },
        { use: 6, platform: 0 },
      ],
    });
  });
});
