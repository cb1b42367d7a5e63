// Issue 5: a timed product made through the product form, a week of calendar prices and stock set
// with the bulk editor, a theatre with a seat map painted in the editor and a show on it — each
// then seen in its list and checked through the API.
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { authGet, authPost } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, drawer, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();

const PRODUCT = 'E2E 星空夜游';
const THEATRE = 'E2E 小剧场';

async function pickOption(page: Page, control: Locator, text: string): Promise<void> {
  await control.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/** Types both ends of an antd range picker. */
async function pickRange(scope: Locator, from: string, to: string): Promise<void> {
  const inputs = scope.locator('.ant-picker-range input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
}

/** Types a time and confirms it with the picker's OK button (Enter would submit the whole form). */
async function pickTime(page: Page, input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  // its closing animation takes longer than poll's default second on a busy machine
  await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count(), { timeout: 10_000 }).toBe(0);
}

interface CalendarRow {
  date: string;
  sessionId: number | null;
  price: number;
  stock: number;
  sold: number;
}

describe('ticket products', () => {
  it('creates a timed product, a week of calendar, and a theatre with a seat map and a show', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const api = <T>(url: string, body: unknown) => authPost<T>(baseUrl, admin.access_token, url, body);
    const { page, go } = await openPage({ tokens: admin });

    // --- a timed product with two sessions, through the product form
    await go('/ticket/scenicTicDetail');
    const form = pane(page);
    await form.locator('#product_name').waitFor();
    await form.locator('#product_name').fill(PRODUCT);
    await pickOption(page, form.locator('#product_typeId'), '夜游');
    await pickOption(page, form.locator('#product_productType'), '分时票');
    await form.locator('#product_price').fill('88');
    // a timed product starts with one empty session row
    await form.getByLabel('场次名称').first().waitFor();
    while ((await form.getByLabel('场次名称').count()) < 2) await button(form, '添加场次').click();
    const sessions: [string, string, string][] = [
      ['第一场', '19:00', '20:00'],
      ['第二场', '20:00', '21:00'],
    ];
    for (const [i, [name, start, end]] of sessions.entries()) {
      await form.getByLabel('场次名称').nth(i).fill(name);
      await pickTime(page, form.getByPlaceholder('开始时间').nth(i), start);
      await pickTime(page, form.getByPlaceholder('结束时间').nth(i), end);
    }
    await snap(page, 'ticket-product-form');
    await button(form, '保存').click();
    await waitForRoute(page, /^\/ticket\/good/);
    await row(page, PRODUCT).waitFor();
    expect(await row(page, PRODUCT).innerText()).toContain('分时票');
    await snap(page, 'ticket-good');

    const listed = await api<{ rows: { id: number; name: string; price: number; productType: number }[] }>(
      '/web/api/admin/ticket/page',
      { name: PRODUCT },
    );
    expect(listed.data.rows).toHaveLength(1);
    const product = listed.data.rows[0]!;
    expect(product).toMatchObject({ price: 8800, productType: 2 });
    const detail = await authGet<{ sessions: { id: number; startTime: string; endTime: string }[] }>(
      baseUrl,
      admin.access_token,
      `/web/api/admin/ticket/query?id=${product.id}`,
    );
    expect(detail.data.sessions.map((s) => `${s.startTime}-${s.endTime}`)).toEqual([
      '19:00-20:00',
      '20:00-21:00',
    ]);

    // --- a week of prices and stock for both sessions, with the bulk editor
    const from = dayjs().add(1, 'day');
    const to = from.add(6, 'day');
    await go(`/ticket/priceCalendar?productId=${product.id}`);
    await button(pane(page), '批量设置').waitFor();
    await button(pane(page), '批量设置').click();
    const bulk = drawer(page);
    await bulk.locator('#range').waitFor();
    await pickRange(bulk, from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
    await bulk.locator('#price').fill('99.5');
    await bulk.locator('#stock').fill('40');
    await snap(page, 'ticket-calendar-bulk');
    await button(page.locator('.ant-drawer-open'), '保存').click();
    await toast(page, '已新建').waitFor();
    const calendar = await api<CalendarRow[]>('/web/api/admin/priceCalendar/list', {
      productId: product.id,
      from: from.format('YYYY-MM-DD'),
      to: to.format('YYYY-MM-DD'),
    });
    const days = calendar.data;
    expect(days).toHaveLength(14); // 7 days × 2 sessions
    for (const day of days) expect(day).toMatchObject({ price: 9950, stock: 40, sold: 0 });
    // the month view shows the new price
    await pane(page).getByText('99.50').first().waitFor();
    await snap(page, 'ticket-calendar');

    // --- a theatre, its seat map painted in the editor, and a show of the demo performance
    await go('/ticket/theatreManage');
    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_name').fill(THEATRE);
    await drawer(page).locator('#record_rows').fill('5');
    await drawer(page).locator('#record_cols').fill('8');
    await button(drawer(page), '保存').click();
    await row(page, THEATRE).waitFor();
    await button(row(page, THEATRE), '座位图').click();
    await waitForRoute(page, /^\/ticket\/seatsManage/);
    const editor = pane(page);
    await editor.locator('[data-r="0"][data-c="3"]').waitFor();
    await editor.getByText('过道', { exact: true }).first().click();
    for (let r = 0; r < 5; r++) await editor.locator(`[data-r="${r}"][data-c="3"]`).click();
    await snap(page, 'ticket-seat-map');
    await button(editor, '保存').click();
    await toast(page, '座位图已保存').waitFor();

    const theatres = await api<{ rows: { id: number; name: string }[] }>('/web/api/admin/theatre/page', {
      name: THEATRE,
    });
    const theatre = theatres.data.rows[0]!;
    const saved = await authGet<{ seats: { r: number; c: number; kind: number }[] }>(
      baseUrl,
      admin.access_token,
      `/web/api/admin/theatre/query?id=${theatre.id}`,
    );
    const aisle = saved.data.seats.filter((s) => s.kind === 2).map((s) => `${s.r}:${s.c}`);
    expect(aisle.toSorted()).toEqual(['0:3', '1:3', '2:3', '3:3', '4:3']);
    expect(saved.data.seats.filter((s) => s.kind === 1)).toHaveLength(35);

    const performances = await api<{ rows: { id: number; name: string; productType: number }[] }>(
      '/web/api/admin/ticket/page',
      { productType: 3 },
    );
    const performance = performances.data.rows[0]!;
    await go(`/ticket/theaterTicDetail?productId=${performance.id}`);
    await button(pane(page), '批量创建场次').click();
    const create = modal(page);
    await pickOption(page, create.locator('#theatreId'), THEATRE);
    const showDay = dayjs().add(2, 'day').format('YYYY-MM-DD');
    await pickRange(create, showDay, showDay);
    await snap(page, 'ticket-show-create');
    await button(create, '确定').click();
    await toast(page, '已创建 1 个场次').waitFor();
    await row(page, THEATRE).first().waitFor();
    expect(await row(page, THEATRE).first().innerText()).toContain(showDay);
    await snap(page, 'ticket-shows');

    const shows = await api<{ rows: { showDate: string; theatreId: number }[] }>(
      '/web/api/admin/theatre/show/page',
      { productId: performance.id, theatreId: theatre.id },
    );
    expect(shows.data.rows.map((s) => s.showDate)).toEqual([showDay]);
  });
});
