// docs/product.md §2 /scenic/travelList and /scenic/travelOrderList, in English on a narrow screen: a
// package created through the form with a departure added in its dialog, booked through the selling
// API, and the order with the totals of the filter in the travel order list.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { memberApi } from '../src/shared/api/member-api.ts';
import { openOrderApi } from '../src/shared/api/selling.ts';
import {
  travelDepartureApi,
  travelPackageApi,
  type DepartureRow,
  type TravelPackageRow,
} from '../src/shared/api/travel.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../src/shared/area-clock.ts';
import { authGet, authPost, clientToken } from './support/api.ts';
import { NARROW, snap, useConsole } from './support/browser.ts';
import { button, drawer, modal, pane, row, toast, waitForAnimations } from './support/ui.ts';

const { openPage } = useConsole();

describe('travel packages', () => {
  it('creates a package with a departure, books it through the API and lists the order with its totals', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const { page, go } = await openPage({
      tokens: admin,
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    const name = `E2E 湖畔露营 ${crypto.randomInt(1000, 9999)}`;
    const date = addDays(areaDay(new Date(), DEFAULT_TIME_ZONE), 5);

    // --- the package, through the form
    await go('/scenic/travelList');
    await row(page, '湖山一日游').waitFor();
    await button(pane(page), 'New').click();
    const form = drawer(page);
    await form.locator('#record_name').fill(name);
    await form.getByLabel('Day 1 Title of the day').fill('Lakeside camp');
    await form.getByLabel('Day 1 Products included').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await form.locator('#record_status').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'On shelf' })
      .click();
    await snap(page, 'travel-package-form-en-narrow');
    await button(form, 'Save').or(button(form, 'OK')).first().click();
    await toast(page, 'Done').waitFor();
    await row(page, name).waitFor();

    // --- a departure, through the package's dialog (each step waits for the one before: under
    // load, keys typed before the picker opened went elsewhere and the dialog was gone)
    await form.waitFor({ state: 'hidden' });
    await button(row(page, name), 'Departures').click();
    const dialog = modal(page);
    await dialog.locator('#range').waitFor();
    await waitForAnimations(page);
    await dialog.locator('#range').click();
    const picker = page.locator('.ant-picker-dropdown:visible');
    await picker.waitFor();
    await page.keyboard.type(date);
    await page.keyboard.press('Enter');
    await page.keyboard.type(date);
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    await dialog.locator('#capacity').fill('12');
    await dialog.locator('#price').fill('288');
    await button(dialog, 'Add departures').click();
    // the departure listed is the proof (the package's own "Done" may still be on screen)
    await dialog.locator('.ant-table-row').filter({ hasText: date }).waitFor();
    await snap(page, 'travel-departures-en-narrow');

    const packages = await authPost<{ rows: TravelPackageRow[] }>(
      baseUrl,
      admin.access_token,
      travelPackageApi.page,
      {
        name,
      },
    );
    const packageId = packages.data.rows[0]!.id;
    const departures = await authGet<DepartureRow[]>(
      baseUrl,
      admin.access_token,
      `${travelDepartureApi.list}?packageId=${packageId}`,
    );
    expect(departures.data).toEqual([
      expect.objectContaining({ date, capacity: 12, price: 28_800, sold: 0 }),
    ]);

    // --- booked through the selling API by a member in the mini-program (its orders are its members')
    const token = await clientToken(baseUrl, admin.access_token);
    const login = await fetch(`${baseUrl}${memberApi.login}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-scenic-id': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13612345678', nickname: '林小雨' }),
    });
    const member = ((await login.json()) as { data: { token: string } }).data;
    const booked = await fetch(`${baseUrl}${openOrderApi.create}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-scenic-id': '1',
        'x-member-token': member.token,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        buyer: { name: '林小雨', phone: '13612345678' },
        lines: [{ departureId: departures.data[0]!.id, quantity: 2, visitors: [{ name: '林小雨' }] }],
      }),
    });
    const order = ((await booked.json()) as { data: { orderNo: string; totalAmount: number } }).data;
    expect(order.totalAmount).toBe(57_600);

    // --- the order and the totals of the filter in the travel order list
    await go(`/scenic/travelOrderList?orderNo=${order.orderNo}`);
    await row(page, order.orderNo).waitFor();
    expect(await row(page, order.orderNo).innerText()).toContain(name);
    const totals = pane(page).getByTestId('travel-order-totals');
    await expect
      .poll(() => totals.innerText())
      .toBe('1 orders, 2 travellers, amount 576.00, paid 0.00, refunded 0.00');
    await snap(page, 'travel-orders-en-narrow');
  });
});
