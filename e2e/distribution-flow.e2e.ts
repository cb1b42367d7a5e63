// Issue 17's flow: the demo distributor `agent` buys a ticket on its prepaid balance
// (/disManage/buy) and requests a withdrawal (/disManage/haul); `admin` (not the requester)
// approves it and a cashier account pays it with a bank reference (two people for money out, the
// area's default: admin may not pay what it approved), admin creates and closes a settlement batch
// (/disManage/setMange) and downloads its statement; the agent downloads its own statement from
// its distribution orders (/disManage/disorder).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accountApi } from '../src/shared/api/accounts.ts';
import { authApi } from '../src/shared/api/endpoints.ts';
import { roleApi } from '../src/shared/api/roles.ts';
import { apiLogin, authPost, encrypt, type Account, type Tokens } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();
/** A list refreshes after a change: on a busy CI machine that may take more than a second. */
const LONG = { timeout: 15_000, interval: 200 };

const openDrawer = (page: Page): Locator => page.locator('.ant-drawer-open');
const popconfirm = (page: Page): Locator => page.locator('.ant-popover:not(.ant-popover-hidden)');

/**
 * Waits until no finite animation runs (a drawer sliding in, a toast leaving), allowing a busy CI
 * machine more than waitForAnimations' default second.
 */
async function stillScreen(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            !document
              .getAnimations()
              .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
        ),
      { timeout: 15_000, interval: 200 },
    )
    .toBe(true);
}

/** Presses a row's button that asks first, and confirms. */
async function confirmInRow(page: Page, rowText: string, text: string): Promise<void> {
  await button(row(page, rowText), text).click();
  const question = popconfirm(page);
  await question.waitFor();
  // a click waits for the popover's button to stand still
  await button(question, '确定').click();
  await question.waitFor({ state: 'hidden' });
}

/** Clicks a button that downloads a file; resolves with the file's bytes and name. */
async function download(page: Page, trigger: Locator): Promise<{ body: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const filePath = await file.path();
  return { body: fs.readFileSync(filePath), name: file.suggestedFilename() };
}

/** The rows of an .xlsx's first sheet, as the text of each row. */
function xlsxRows(body: Buffer): string[] {
  expect(body.subarray(0, 2).toString()).toBe('PK');
  const files = unzipSync(new Uint8Array(body));
  const strings = [
    ...strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array()).matchAll(/<t[^>]*>([^<]*)<\/t>/g),
  ].map((m) => m[1]!);
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map(([, cells]) =>
    [...cells!.matchAll(/<c([^>]*)>(.*?)<\/c>/gs)]
      .map(([, attrs, inner]) => {
        const value = /<v>([^<]*)<\/v>/.exec(inner!)?.[1] ?? /<t[^>]*>([^<]*)<\/t>/.exec(inner!)?.[1] ?? '';
        return /t="s"/.test(attrs!) ? (strings[Number(value)] ?? '') : value;
      })
      .join(' | '),
  );
}

/**
 * A second staff account of area 1 that may see and pay withdrawals only, made through the API as
 * the role and account screens would (sys.e2e.ts drives those), its initial password changed, then
 * signed in.
 */
async function cashierTokens(baseUrl: string, adminToken: string): Promise<Tokens> {
  const suffix = crypto.randomInt(10_000, 99_999);
  const role = await authPost<{ id: number }>(baseUrl, adminToken, roleApi.create, {
    code: `e2e_cashier_${suffix}`,
    name: `E2E 出纳 ${suffix}`,
    permissions: ['admin:haul:page', 'admin:haul:pay'],
  });
  const username = `e2e-cashier-${suffix}`;
  const initial = `Initial${suffix}a`;
  const password = `Cashier${suffix}b`;
  await authPost(baseUrl, adminToken, accountApi.create, {
    username,
    nickname: 'E2E 出纳',
    admType: 2,
    roleIds: [role.data.id],
    password: await encrypt(baseUrl, initial),
  });
  const changed = await fetch(`${baseUrl}${authApi.changeInitialPassword}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      oldPassword: await encrypt(baseUrl, initial),
      newPassword: await encrypt(baseUrl, password),
    }),
  });
  expect(changed.status, await changed.text()).toBe(200);
  // not a demo account: the password is given, so the demo union does not matter
  return apiLogin(baseUrl, username as Account, password);
}

describe('distribution: buying, withdrawals and settlement', () => {
  it('the agent buys and requests a withdrawal; admin approves, a cashier pays, admin settles and gets the statement', async () => {
    const admin = inject('adminTokens');
    const cashier = await cashierTokens(inject('baseUrl'), admin.access_token);
    const accountName = `E2E 户名 ${crypto.randomInt(10_000, 99_999)}`;
    const reference = `E2E-BANK-${crypto.randomInt(100_000, 999_999)}`;

    // --- the agent buys one ticket on its prepaid balance
    const agent = await openPage({ account: 'agent' });
    await agent.go('/disManage/buy');
    const quantities = agent.page.getByRole('spinbutton', { name: /^数量/ });
    await quantities.first().waitFor();
    let chosen: Locator | null = null;
    for (const input of await quantities.all())
      if (Number(await input.getAttribute('aria-valuemax')) > 0) {
        chosen = input;
        break;
      }
    expect(chosen, 'an offer with tickets left tomorrow').not.toBeNull();
    await chosen!.fill('1');
    await agent.page.locator('#dis-buy-name').fill('E2E 联系人');
    await agent.page.locator('#dis-buy-phone').fill('13800001234');
    await expect.poll(() => agent.page.getByTestId('dis-buy-total').innerText(), LONG).not.toBe('0.00');
    await agent.page.getByTestId('dis-buy-submit').click();
    await button(popconfirm(agent.page), '确定').click();
    await toast(agent.page, '下单成功').waitFor();

    // --- and requests a withdrawal of 12.34 yuan for itself (no distributor to choose)
    await agent.go('/disManage/haul');
    await button(pane(agent.page), '申请提现').click();
    const form = openDrawer(agent.page);
    await form.locator('#withdrawal_amount').waitFor();
    expect(await form.locator('#withdrawal_distributorId').count()).toBe(0);
    await stillScreen(agent.page);
    await form.locator('#withdrawal_amount').fill('12.34');
    await form.locator('#withdrawal_bankName').fill('招商银行杭州分行');
    await form.locator('#withdrawal_bankAccount').fill('6222020200009876');
    await form.locator('#withdrawal_accountName').fill(accountName);
    await button(form, '提交').click();
    await form.waitFor({ state: 'detached' });
    const requested = row(agent.page, accountName);
    await expect.poll(() => requested.innerText(), LONG).toContain('已申请');
    const requestedText = await requested.innerText();
    expect(requestedText).toContain('12.34');
    expect(requestedText).toContain('****9876');
    expect(requestedText).not.toContain('6222020200009876');
    // a distributor has neither the distributor filter nor review buttons
    expect(await pane(agent.page).getByText('分销商', { exact: true }).count()).toBe(0);
    expect(await button(requested, '同意').count()).toBe(0);
    await snap(agent.page, 'distribution-haul-agent');

    // --- admin approves it (admin did not request it) but may not pay it too (the server's message)
    const { page, go } = await openPage({ tokens: admin });
    await go('/disManage/haul');
    const mine = row(page, accountName);
    await mine.waitFor();
    await confirmInRow(page, accountName, '同意');
    await expect.poll(() => mine.innerText(), LONG).toContain('已同意');
    await button(mine, '打款').click();
    const refusedDialog = modal(page);
    await refusedDialog.locator('#withdrawalPrompt_bankReference').waitFor();
    await stillScreen(page);
    await refusedDialog.locator('#withdrawalPrompt_bankReference').fill(reference);
    await button(refusedDialog, '确定').click();
    await toast(page, '双人打款').waitFor();
    await button(refusedDialog, '取消').click();
    await refusedDialog.waitFor({ state: 'detached' });
    expect(await mine.innerText()).toContain('已同意');
    await snap(page, 'distribution-haul-admin');

    // --- the cashier pays it with the bank reference
    const desk = await openPage({ tokens: cashier });
    await desk.go('/disManage/haul');
    const toPay = row(desk.page, accountName);
    await toPay.waitFor();
    // a cashier neither approves nor rejects
    expect(await button(toPay, '拒绝').isDisabled()).toBe(true);
    await button(toPay, '打款').click();
    const payDialog = modal(desk.page);
    await payDialog.locator('#withdrawalPrompt_bankReference').waitFor();
    await stillScreen(desk.page);
    await payDialog.locator('#withdrawalPrompt_bankReference').fill(reference);
    await button(payDialog, '确定').click();
    await expect.poll(() => toPay.innerText(), LONG).toContain('已打款');
    expect(await toPay.innerText()).toContain(reference);
    await expect.poll(() => desk.page.getByTestId('withdrawal-totals').innerText(), LONG).toContain('已打款');
    await snap(desk.page, 'distribution-haul-cashier');

    // --- a request admin makes for the agent: admin may not approve it (the server's message), cancels it
    const ownName = `${accountName} 代申请`;
    await button(pane(page), '申请提现').click();
    const staffForm = openDrawer(page);
    await staffForm.locator('#withdrawal_distributorId').waitFor();
    await stillScreen(page);
    // a searchable select of the area's distributors (a long, virtual list)
    await staffForm.locator('#withdrawal_distributorId').click();
    await staffForm.locator('#withdrawal_distributorId').fill('山水');
    await chooseOption(page, '山水旅行社');
    await staffForm.locator('#withdrawal_amount').fill('1');
    await staffForm.locator('#withdrawal_bankName').fill('招商银行杭州分行');
    await staffForm.locator('#withdrawal_bankAccount').fill('6222020200005555');
    await staffForm.locator('#withdrawal_accountName').fill(ownName);
    await button(staffForm, '提交').click();
    await staffForm.waitFor({ state: 'detached' });
    const byAdmin = row(page, ownName);
    await expect.poll(() => byAdmin.innerText(), LONG).toContain('已申请');
    await confirmInRow(page, ownName, '同意');
    await toast(page, '不能审核或打款自己申请的提现').waitFor();
    expect(await byAdmin.innerText()).toContain('已申请');
    await confirmInRow(page, ownName, '撤销');
    await expect.poll(() => byAdmin.innerText(), LONG).toContain('已撤销');

    // --- a settlement batch of the period after the last one: previewed, closed once, its statement
    await go('/disManage/setMange');
    await page.getByRole('tab', { name: '结算批次' }).click();
    await row(page, '已结算').first().waitFor();
    await page.getByTestId('batch-new').click();
    const create = modal(page);
    await create.locator('#settlementBatch_period').waitFor();
    await stillScreen(page);
    await button(create, '确定').click();
    const items = openDrawer(page);
    await items.getByTestId('batch-items').waitFor();
    const title = await items.locator('.ant-drawer-title').innerText();
    const batchNo = /批次\s*(\S+)\s*明细/.exec(title)?.[1];
    expect(batchNo).toBeTruthy();
    await expect.poll(() => items.locator('.ant-table-row').count(), LONG).toBeGreaterThan(0);
    await snap(page, 'distribution-batch-preview');
    await items.locator('.ant-drawer-close').click();
    await items.waitFor({ state: 'detached' });

    const batch = row(page, batchNo!);
    await expect.poll(() => batch.innerText(), LONG).toContain('草稿');
    await confirmInRow(page, batchNo!, '结算');
    await expect.poll(() => batch.innerText(), LONG).toContain('已结算');
    const statement = await download(page, button(batch, '结算单'));
    expect(statement.name).toMatch(/\.xlsx$/);
    const rows = xlsxRows(statement.body);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).join('\n')).toContain('山水旅行社');

    // --- the agent downloads its own statement of that batch from its distribution orders
    await agent.go(`/disManage/disorder?batchNo=${batchNo}`);
    const settled = row(agent.page, '已结算').first();
    await settled.waitFor();
    const own = await download(agent.page, button(settled, '结算单'));
    const ownRows = xlsxRows(own.body);
    expect(ownRows.length).toBeGreaterThan(1);
    expect(ownRows.slice(1).every((r) => r.includes('山水旅行社'))).toBe(true);
  });
});
