// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  MpAppTestResult,
  SubscribeLogRow,
  SubscribeSettings,
  SubscribeTemplate,
} from '../../../shared/api/subscriptions.ts';
import { wechatFieldValue } from '../../../shared/dict/subscriptions.ts';
import '../../lib/i18n.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import SubscribePage from './subscribe.page.tsx';

const LONG_PRODUCT = '青山湖风景区成人票含游船往返及午餐特惠套票';
const WX_TEMPLATE = 'Aq1Zb2Yc3Xd4We5Vf6Ug7Th8';
const ticketTemplate = (): SubscribeTemplate => ({
  id: 1,
  type: 2,
  use: 1,
  title: '购票成功通知',
  wxTemplateId: WX_TEMPLATE,
  fields: [
    { key: 'character_string1', variable: 'orderNo' },
    { key: 'thing2', variable: 'product' },
  ],
  page: 'pages/order/detail',
  enabled: true,
  consents: 37,
  updateTime: '2026-11-28T02:10:00.000Z',
});
const initial = (): SubscribeSettings => ({
  app: { appId: 'wx0123456789abcdef', secretSet: true, apiBase: '', state: 1, updateTime: null },
  templates: [ticketTemplate()],
  uses: [
    {
      use: 1,
      variables: [
        { name: 'area', sample: '青山湖风景区' },
        { name: 'orderNo', sample: 'T202611280001' },
        { name: 'product', sample: LONG_PRODUCT },
        { name: 'quantity', sample: '2' },
        { name: 'date', sample: '2026-12-01' },
        { name: 'amount', sample: '120.00' },
        { name: 'time', sample: '2026-11-28 10:10' },
      ],
    },
  ],
});
const LOG_ROW: SubscribeLogRow = {
  id: 9,
  templateId: 1,
  title: '购票成功通知',
  openid: 'oAbC12****xyZ9',
  phone: '138****1234',
  data: { character_string1: 'T202611280001', thing2: '成人票' },
  status: 2,
  result: '0',
  resultMessage: 'ok',
  providerMessageId: '3300000001',
  attempts: 1,
  ref: 'T202611280001',
  createTime: '2026-11-28T02:10:00.000Z',
  sentAt: '2026-11-28T02:10:01.000Z',
};

let settings = initial();
let testAnswer: MpAppTestResult = { ok: true, code: '0', message: 'ok' };
/** A refusal the next create answers with (a 400 naming a field). */
let refusal: { field: string; msg: string } | null = null;
const sent: { url: string; body: Record<string, unknown> }[] = [];
const reply = (data: unknown, status = 200, msg = '') =>
  new Response(JSON.stringify({ code: status, msg, data }), { status });
const answer = (path: string, body: Record<string, unknown>) => {
  if (path === 'app') {
    const secretSet = body.clearSecret ? false : Boolean(body.secret) || settings.app.secretSet;
    settings.app = { ...settings.app, ...body, secretSet } as SubscribeSettings['app'];
    return reply(settings.app);
  }
  if (path === 'testApp') return reply(testAnswer);
  if (path === 'create') {
    if (refusal) return reply({ field: refusal.field, part: 'body' }, 400, refusal.msg);
    const created = { ...body, id: 2, consents: 0, updateTime: null } as SubscribeTemplate;
    settings.templates = [...settings.templates, created];
    return reply(created);
  }
  if (path === 'update') {
    settings.templates = settings.templates.map((t) => (t.id === body.id ? { ...t, ...body } : t));
    return reply(settings.templates.find((t) => t.id === body.id));
  }
  if (path === 'delete') {
    settings.templates = settings.templates.filter((t) => t.id !== body.id);
    return reply(null);
  }
  if (path === 'page') return reply({ rows: [LOG_ROW], total: 1 });
  return reply(settings);
};
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  sent.push({ url, body });
  return answer(url.split('?')[0]!.split('/').at(-1)!, body);
});
const sentTo = (path: string) => sent.filter((s) => s.url.endsWith(`/subscribe/${path}`));

beforeEach(() => {
  settings = initial();
  testAnswer = { ok: true, code: '0', message: 'ok' };
  refusal = null;
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:subscribe:query', 'admin:subscribe:update']);
});
signOutAfterEach();
const toasts = captureToasts();

// buttons found by their text: role queries walk the whole screen's accessibility tree (slow in jsdom)
const button = (name: RegExp, inside: HTMLElement = document.body) =>
  within(inside).getAllByText(name)[0]!.closest('button')!;
/** Types a text at once (a paste): per-key typing of long ids is slow in jsdom. */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.click(input);
  await userEvent.paste(text);
};
const openTab = async (name: string) => userEvent.click(await screen.findByText(name));
/** The element of a selector, waited for. */
const shown = (selector: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(selector);
    if (!found) throw new Error(`${selector} not shown`);
    return found;
  });
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-section')!;
const fieldInput = (row: number, part: 'key' | 'variable') =>
  document.getElementById(`subscribeTemplate_fields_${row}_${part}`)!;
/** A row's variable chosen in its select, searched by its label: the option of this row's list. */
const chooseVariable = async (row: number, label: string) => {
  await userEvent.type(fieldInput(row, 'variable'), label);
  const list = document.getElementById(`subscribeTemplate_fields_${row}_variable_list`)!.parentElement!;
  await userEvent.click(list.querySelector(`.ant-select-item-option[title="${label}"]`)!);
};
const openNewTemplate = async () => {
  renderInConsole(<SubscribePage />, '/sys/subscribe');
  await openTab('模板');
  await userEvent.click(button(/^新\s*增$/));
  return within(await shown('.ant-drawer-section')).findByText('新增订阅消息模板');
};

describe('SubscribePage (/sys/subscribe): the mini-program', () => {
  it('shows the app with its secret as set; saves it with the secret left out when not replaced', async () => {
    renderInConsole(<SubscribePage />, '/sys/subscribe');
    const app = await screen.findByTestId('mp-app');
    expect(within(app).getByLabelText('AppID')).toHaveValue('wx0123456789abcdef');
    expect(within(app).getByText('已设置')).toBeInTheDocument();
    expect(within(app).getByText('正式版')).toBeInTheDocument();

    await userEvent.clear(within(app).getByLabelText('AppID'));
    await fill(within(app).getByLabelText('AppID'), 'wx0123456789abcdee');
    await userEvent.click(button(/^保\s*存$/, app));
    await waitFor(() => expect(sentTo('app')).toHaveLength(1));
    expect(sentTo('app')[0]!.body).toEqual({
      appId: 'wx0123456789abcdee',
      apiBase: '',
      state: 1,
      clearSecret: false,
    });

    // replaced: the new secret is sent; a bad one is refused on its field before anything is sent
    await userEvent.click(button(/^替\s*换$/, app));
    await fill(within(app).getByPlaceholderText('输入新的密钥'), 'not-a-secret');
    await userEvent.click(button(/^保\s*存$/, app));
    expect(await within(app).findByText('须为 32 位 AppSecret')).toBeInTheDocument();
    expect(sentTo('app')).toHaveLength(1);
    await userEvent.clear(within(app).getByPlaceholderText('输入新的密钥'));
    await fill(within(app).getByPlaceholderText('输入新的密钥'), '0123456789abcdef0123456789abcdef');
    await userEvent.click(button(/^保\s*存$/, app));
    await waitFor(() => expect(sentTo('app')).toHaveLength(2));
    expect(sentTo('app')[1]!.body).toMatchObject({ secret: '0123456789abcdef0123456789abcdef' });
  });

  it('tests the connection and shows the answer until the form changes', async () => {
    testAnswer = { ok: false, code: '40125', message: 'invalid appsecret' };
    renderInConsole(<SubscribePage />, '/sys/subscribe');
    const app = await screen.findByTestId('mp-app');
    await userEvent.click(button(/^测试连接$/, app));
    const failed = await within(app).findByTestId('mp-test-answer');
    expect(failed).toHaveTextContent('连接失败');
    expect(failed).toHaveTextContent('40125: invalid appsecret');
    expect(sentTo('testApp')[0]!.body).toEqual({});

    await fill(within(app).getByLabelText('接口地址'), 'h');
    expect(within(app).queryByTestId('mp-test-answer')).toBeNull();

    testAnswer = { ok: true, code: '0', message: 'access_token 已取得' };
    await userEvent.click(button(/^测试连接$/, app));
    const ok = await within(app).findByTestId('mp-test-answer');
    expect(ok).toHaveTextContent('连接成功');
    expect(ok).toHaveTextContent('微信已发放 access_token');
  });
});

describe('SubscribePage (/sys/subscribe): templates', () => {
  it('lists the templates with their mapping; the switch saves the whole template', async () => {
    renderInConsole(<SubscribePage />, '/sys/subscribe');
    await openTab('模板');
    const row = document.querySelector<HTMLElement>('.ant-table-row[data-row-key="1"]')!;
    expect(within(row).getByText('购票成功通知')).toBeInTheDocument();
    expect(within(row).getByText(WX_TEMPLATE)).toBeInTheDocument();
    expect(within(row).getByText('一次性订阅')).toBeInTheDocument();
    expect(within(row).getByText('购票成功')).toBeInTheDocument();
    expect(within(row).getByText('thing2 ← 商品')).toBeInTheDocument();
    expect(within(row).getByText('character_string1 ← 订单号')).toBeInTheDocument();
    expect(within(row).getByText('37')).toBeInTheDocument();

    await userEvent.click(within(row).getByTestId('subscribe-enabled-1'));
    await waitFor(() => expect(sentTo('update')).toHaveLength(1));
    const { consents: _c, updateTime: _u, ...whole } = ticketTemplate();
    expect(sentTo('update')[0]!.body).toEqual({ ...whole, enabled: false });
  });

  it('creates a template with two field rows through the drawer', async () => {
    await openNewTemplate();
    const d = drawer();
    await fill(within(d).getByLabelText('模板标题'), '订单支付提醒');
    await fill(within(d).getByLabelText('微信模板 ID'), WX_TEMPLATE.replace('A', 'B'));
    await userEvent.click(within(d).getByText('长期订阅'));
    await fill(fieldInput(0, 'key'), 'thing1');
    await chooseVariable(0, '商品');
    await userEvent.click(button(/^添加字段$/, d));
    await fill(fieldInput(1, 'key'), 'amount2');
    await chooseVariable(1, '金额');
    const preview = within(d).getByTestId('subscribe-preview');
    expect(preview).toHaveTextContent('订单支付提醒');
    expect(preview).toHaveTextContent('¥120.00');

    await userEvent.click(button(/^保\s*存$/, d));
    await waitFor(() => expect(sentTo('create')).toHaveLength(1));
    expect(sentTo('create')[0]!.body).toEqual({
      type: 3,
      use: 1,
      title: '订单支付提醒',
      wxTemplateId: WX_TEMPLATE.replace('A', 'B'),
      fields: [
        { key: 'thing1', variable: 'product' },
        { key: 'amount2', variable: 'amount' },
      ],
      page: '',
      enabled: true,
    });
    // saved: the table shows the new template
    expect(await shown('.ant-table-row[data-row-key="2"]')).toHaveTextContent('订单支付提醒');
  });

  it('shows a refusal of a mapping row on that row’s field, and the schema’s own complaints', async () => {
    await openNewTemplate();
    const d = drawer();
    // checked before sending: the key is no WeChat field, the title is missing
    await fill(fieldInput(0, 'key'), 'goods1');
    await chooseVariable(0, '商品');
    await userEvent.click(button(/^保\s*存$/, d));
    expect(await within(d).findByText(/须为微信模板的字段名/)).toBeInTheDocument();
    expect(sentTo('create')).toHaveLength(0);

    refusal = { field: 'fields.1.key', msg: 'fields.1.key: 微信模板中没有此字段' };
    await fill(within(d).getByLabelText('模板标题'), '重复字段');
    await fill(within(d).getByLabelText('微信模板 ID'), WX_TEMPLATE);
    await userEvent.clear(fieldInput(0, 'key'));
    await fill(fieldInput(0, 'key'), 'thing1');
    await userEvent.click(button(/^添加字段$/, d));
    await fill(fieldInput(1, 'key'), 'thing3');
    await chooseVariable(1, '景区');
    await userEvent.click(button(/^保\s*存$/, d));
    await waitFor(() => expect(sentTo('create')).toHaveLength(1));
    const item = fieldInput(1, 'key').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(item).findByText('fields.1.key: 微信模板中没有此字段')).toBeInTheDocument();
    expect(fieldInput(0, 'key').closest('.ant-form-item')).not.toHaveClass('ant-form-item-has-error');
    expect(toasts.error).toHaveBeenCalled();
  });

  it('previews what WeChat shows: a too long thing value cut to its limit', async () => {
    await openNewTemplate();
    const d = drawer();
    await fill(fieldInput(0, 'key'), 'thing1');
    await chooseVariable(0, '商品');
    const preview = within(d).getByTestId('subscribe-preview');
    const cut = wechatFieldValue('thing1', LONG_PRODUCT);
    expect(cut).toHaveLength(20);
    expect(preview).toHaveTextContent(`thing1${cut}`);
    expect(preview).not.toHaveTextContent(LONG_PRODUCT);
  });

  it('edits a template: the drawer filled from the row, the update sent with its id', async () => {
    renderInConsole(<SubscribePage />, '/sys/subscribe');
    await openTab('模板');
    await userEvent.click(await screen.findByTestId('subscribe-edit-1'));
    const d = await shown('.ant-drawer-section');
    expect(await within(d).findByText('编辑订阅消息模板：购票成功通知')).toBeInTheDocument();
    expect(fieldInput(1, 'key')).toHaveValue('thing2');
    expect(within(d).getByTestId('subscribe-preview')).toHaveTextContent('character_string1T202611280001');
    await userEvent.clear(within(d).getByLabelText('跳转页面'));
    await userEvent.click(button(/^保\s*存$/, d));
    await waitFor(() => expect(sentTo('update')).toHaveLength(1));
    const { consents: _c, updateTime: _u, ...whole } = ticketTemplate();
    expect(sentTo('update')[0]!.body).toEqual({ ...whole, page: '' });
  });

  it('asks before deleting a template', async () => {
    renderInConsole(<SubscribePage />, '/sys/subscribe');
    await openTab('模板');
    await userEvent.click(await screen.findByTestId('subscribe-delete-1'));
    const question = await screen.findByText('删除模板“购票成功通知”？');
    expect(sentTo('delete')).toHaveLength(0);
    const popover = question.closest<HTMLElement>('.ant-popover')!;
    await userEvent.click(button(/^(确\s*定|OK)$/, popover));
    await waitFor(() => expect(sentTo('delete')).toHaveLength(1));
    expect(sentTo('delete')[0]!.body).toEqual({ id: 1 });
    await waitFor(() => expect(document.querySelector('.ant-table-row[data-row-key="1"]')).toBeNull());
  });
});

describe('SubscribePage (/sys/subscribe): without admin:subscribe:update', () => {
  it('shows everything with the changes disabled', async () => {
    signIn(['admin:subscribe:query']);
    renderInConsole(<SubscribePage />, '/sys/subscribe');
    const app = await screen.findByTestId('mp-app');
    expect(within(app).getByLabelText('AppID')).toBeDisabled();
    expect(button(/^保\s*存$/, app)).toBeDisabled();
    await openTab('模板');
    expect(button(/^新\s*增$/)).toBeDisabled();
    expect(screen.getByTestId('subscribe-enabled-1')).toBeDisabled();
    expect(screen.getByTestId('subscribe-delete-1')).toBeDisabled();
  });
});

describe('SubscribePage (/sys/subscribe): send log', () => {
  it('lists the messages sent, their data a line per field', async () => {
    renderInConsole(<SubscribePage />, '/sys/subscribe');
    await openTab('发送记录');
    const row = await shown('.ant-table-row[data-row-key="9"]');
    expect(within(row).getByText('oAbC12****xyZ9')).toBeInTheDocument();
    expect(within(row).getByText('thing2: 成人票')).toBeInTheDocument();
    expect(within(row).getByText('已发送')).toBeInTheDocument();
    expect(sentTo('page')[0]!.body).toMatchObject({ page: 1 });
  });
});
