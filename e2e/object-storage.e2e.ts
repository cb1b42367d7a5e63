// docs/product.md §2 /sys/os (issue 31) on a real S3-compatible server (s3rver): the S3 store filled in,
// tested and saved; a scenic spot's cover uploaded on /scenic/viewpoint lands in the bucket and is
// served by the console server; back to the local disk, the file kept in S3 is still served.
//
// The server reaches an S3 endpoint on 127.0.0.1 only when EGRESS_ALLOW names it, read at start, and
// the shared server of the global setup was started before this file's s3rver had a port: this file
// starts a server of its own with EGRESS_ALLOW, serving the global setup's console build.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scenicSpotApi } from '../src/shared/api/scenic-spots.ts';
import { storageSettingApi, type StorageSetting } from '../src/shared/api/storage-settings.ts';
import { startTestS3, type TestS3 } from '../src/server/test/s3-server.ts';
import { apiLogin, authGet, authPost, clientCredential, type Tokens } from './support/api.ts';
import { ARTIFACTS, snap, useConsole, waitForRoute } from './support/browser.ts';
import { png } from './support/png.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { button, pane, row, sidebar, toast } from './support/ui.ts';

const { openPage } = useConsole();

let s3: TestS3 | null = null;
let server: RunningServer | null = null;
let admin: Tokens;

beforeAll(async () => {
  // s3rver on a free port of 127.0.0.1, its bucket created
  s3 = await startTestS3('scenic-e2e');
  server = await startServer({
    // the global setup's console build (removed only after every file has run)
    webDir: inject('webDir'),
    logFile: path.join(ARTIFACTS, 'server-object-storage.log'),
    env: { EGRESS_ALLOW: s3.host },
  });
  admin = await apiLogin(server.baseUrl, 'admin');
});

afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

describe('object storage', () => {
  it('tests and saves an S3 store; an uploaded cover lands in the bucket and stays served after the switch back', async () => {
    const baseUrl = server!.baseUrl;
    const bucket = s3!;
    const { page, go } = await openPage({
      tokens: admin,
      origin: baseUrl,
      // the console client's credential of this server, not the shared one's
      storage: [{ name: 'backstage_msg', value: await clientCredential(baseUrl) }],
    });
    const setting = async () =>
      (await authGet<StorageSetting>(baseUrl, admin.access_token, storageSettingApi.query)).data;
    expect((await setting()).kind).toBe('local');

    // --- 系统管理 › 对象存储: the S3 place filled in, tested, saved
    await go('/dashboard');
    await sidebar(page).getByText('系统管理').click();
    await sidebar(page).getByText('对象存储').click();
    await waitForRoute(page, '/sys/os');
    const card = pane(page).locator('[data-testid="storage-settings"]');
    await card.getByText('S3 兼容对象存储').click();
    await card.locator('#storage_endpoint').fill(bucket.endpoint);
    await card.locator('#storage_bucket').fill(bucket.bucket);
    await card.locator('#storage_region').fill('us-east-1');
    await card.locator('#storage_accessKeyId').fill(bucket.accessKeyId);
    await card.locator('#storage_secretKey').fill(bucket.secretKey);
    const pathStyle = card.locator('#storage_pathStyle');
    if ((await pathStyle.getAttribute('aria-checked')) !== 'true') await pathStyle.click();
    await expect.poll(() => pathStyle.getAttribute('aria-checked')).toBe('true');

    await button(card, '测试').click();
    const answer = card.locator('[data-testid="storage-test-answer"]');
    await expect.poll(() => answer.innerText()).toContain('测试通过');
    expect(await answer.getAttribute('class')).toContain('ant-alert-success');
    await snap(page, 'object-storage-s3-tested');

    await button(card, '保存并启用').click();
    await toast(page, '操作成功').waitFor();
    const stores = pane(page).locator('.ant-tag').filter({ hasText: 'S3 兼容对象存储' });
    await expect.poll(() => stores.innerText()).toContain(`${bucket.bucket} · 0 个文件 · 当前启用`);
    expect(await setting()).toMatchObject({
      kind: 's3',
      endpoint: bucket.endpoint,
      bucket: bucket.bucket,
      region: 'us-east-1',
      accessKeyId: bucket.accessKeyId,
      secretKeySet: true,
      pathStyle: true,
    });
    // the secret is never sent back to the page
    expect(await page.content()).not.toContain(bucket.secretKey);

    // --- a scenic spot's cover uploaded through its edit form
    const cover = png([30, 160, 90]);
    await go('/scenic/viewpoint');
    const spot = row(page, '湖心岛');
    await spot.waitFor();
    await button(spot, '编辑').click();
    const form = page.locator('.ant-drawer-open');
    await form.locator('#record_name').waitFor();
    await form.locator('input[type="file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: cover,
    });
    const preview = form.locator('.ant-upload img');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/uploads\/scenic-\d+\/[\w-]+\.png$/);
    const url = (await preview.getAttribute('src'))!;
    const key = url.replace(/^\/uploads\//, '');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => spot.locator('img').getAttribute('src')).toBe(url);
    // the list's thumbnail is loaded from the console server
    await expect
      .poll(() => spot.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(8);
    await snap(page, 'object-storage-spot-cover');

    // in the bucket, not on the server's disk
    expect(bucket.object(key)).toEqual(cover);
    expect(fs.existsSync(path.join(server!.dataDir, 'uploads', key))).toBe(false);
    const saved = await authPost<{ rows: { name: string; image: string }[] }>(
      baseUrl,
      admin.access_token,
      scenicSpotApi.page,
      { name: '湖心岛' },
    );
    expect(saved.data.rows[0]?.image).toBe(url);
    // served by the console server from the bucket
    const served = async () => {
      const res = await fetch(`${baseUrl}${url}`);
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    };
    expect(await served()).toEqual({ status: 200, type: 'image/png', body: cover });

    // --- back to the local disk: the file kept in S3 is still served from there
    await go('/sys/os');
    await card.getByText('本地磁盘').click();
    await expect.poll(() => card.locator('#storage_endpoint').count()).toBe(0);
    await button(card, '保存并启用').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => stores.innerText()).toBe(`S3 兼容对象存储 · ${bucket.bucket} · 1 个文件`);
    await expect
      .poll(() => pane(page).locator('.ant-tag').filter({ hasText: '本地磁盘' }).innerText())
      .toContain('当前启用');
    expect((await setting()).kind).toBe('local');
    await snap(page, 'object-storage-local-again');
    expect(await served()).toEqual({ status: 200, type: 'image/png', body: cover });
    await go('/scenic/viewpoint');
    await expect
      .poll(() => spot.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(8);
  });
});
