// Issue 17: a distributor sells through the selling API with its own OAuth client. Admin issues the
// credentials on the distributor's detail page (asked first, the secret shown once); the secret
// gets a client token that the selling API answers.
import { describe, expect, inject, it } from 'vitest';
import { authPost } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, pane } from './support/ui.ts';

const { openPage } = useConsole();

describe("a distributor's selling-API credentials", () => {
  it('are issued on its detail page and open the selling API', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const list = await authPost<{ rows: { id: number; username: string }[] }>(
      baseUrl,
      admin.access_token,
      '/web/api/admin/distributor/page',
      { page: 1, limit: 100 },
    );
    const agent = list.data.rows.find((r) => r.username === 'agent');
    expect(agent).toBeDefined();

    const { page, go } = await openPage({ tokens: admin });
    await go(`/disManage/details?id=${agent!.id}`);
    await button(pane(page), '接口凭证').click();
    const question = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await question.waitFor();
    await button(question, '确定').click();
    const secretInput = page.getByTestId('distributor-api-secret');
    await secretInput.waitFor();
    const secret = await secretInput.inputValue();
    expect(secret.length).toBeGreaterThan(20);
    const clientId = `agency${agent!.id}`;
    await page.locator('.ant-modal-title').getByText(clientId).waitFor();
    await snap(page, 'distributor-api-client');
    await button(page.locator('.ant-modal'), '确定').click();
    await secretInput.waitFor({ state: 'hidden' });
    // the detail names the client from now on, never the secret
    await pane(page).getByText(clientId, { exact: true }).waitFor();
    expect(await pane(page).innerText()).not.toContain(secret);

    const res = await fetch(`${baseUrl}/login/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'all' }),
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const products = await fetch(`${baseUrl}/api/open/products`, {
      method: 'POST',
      headers: {
        authorization: `bearer ${access_token}`,
        'content-type': 'application/json',
        'x-scenic-id': '1',
      },
      body: JSON.stringify({ date: tomorrow }),
    });
    expect(products.status).toBe(200);
  });
});
