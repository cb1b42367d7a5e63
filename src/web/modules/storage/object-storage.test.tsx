// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorageSetting } from '../../../shared/api/storage-settings.ts';
import '../../lib/i18n.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import ObjectStoragePage from './object-storage.page.tsx';

const LOCAL: StorageSetting = {
  kind: 'local',
  endpoint: '',
  bucket: '',
  region: '',
  accessKeyId: '',
  secretKeySet: false,
  publicBaseUrl: '',
  pathStyle: true,
  stores: [
    { id: 1, kind: 'local', bucket: '', files: 12, active: true },
    { id: 2, kind: 's3', bucket: 'old-bucket', files: 3, active: false },
  ],
  updatedBy: null,
  updateTime: null,
};

const sent: { url: string; body: unknown }[] = [];
let testAnswer: object = { ok: true, failedStep: null, code: '', message: '', ms: 42 };
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ url, body });
  const data = url.includes('/test') ? testAnswer : url.includes('/update') ? { ...LOCAL, ...body } : LOCAL;
  return new Response(JSON.stringify({ code: 200, msg: '', data }), { status: 200 });
});
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:storage:manage']);
});
signOutAfterEach();

const button = (name: RegExp) => screen.getAllByText(name)[0]!.closest('button')!;

describe('ObjectStoragePage (/sys/os)', () => {
  it('shows the local disk and the files each store holds; switches to S3, tests and saves it', async () => {
    renderInConsole(<ObjectStoragePage />, '/sys/os');
    expect(await screen.findByText(/本地磁盘 · 12 个文件 · 当前启用/)).toBeInTheDocument();
    expect(screen.getByText(/old-bucket · 3 个文件/)).toBeInTheDocument();
    expect(screen.queryByLabelText('存储桶（Bucket）')).toBeNull();

    await userEvent.click(screen.getByText('S3 兼容对象存储'));
    await userEvent.type(await screen.findByLabelText('服务地址（Endpoint）'), 'https://s3.example.com');
    await userEvent.type(screen.getByLabelText('存储桶（Bucket）'), 'scenic-files');
    await userEvent.type(screen.getByLabelText('访问密钥 ID'), 'AKIDEXAMPLE');
    await userEvent.type(screen.getByLabelText('访问密钥 Secret'), 'the-secret');

    testAnswer = {
      ok: false,
      failedStep: 'put',
      code: 'NoSuchBucket',
      message: 'The specified bucket does not exist',
      ms: 9,
    };
    await userEvent.click(button(/^测\s*试$/));
    expect(await screen.findByText('测试失败：写入测试文件')).toBeInTheDocument();
    expect(screen.getByText('NoSuchBucket: The specified bucket does not exist')).toBeInTheDocument();
    // a changed form makes the answer stale: it goes
    await userEvent.type(screen.getByLabelText('地域（Region）'), 'us-east-1');
    expect(screen.queryByText('测试失败：写入测试文件')).toBeNull();
    await userEvent.clear(screen.getByLabelText('地域（Region）'));

    await userEvent.click(button(/^保存并启用$/));
    await waitFor(() => expect(sent.some((s) => s.url.includes('/storage/update'))).toBe(true));
    expect(sent.find((s) => s.url.includes('/storage/update'))!.body).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.com',
      bucket: 'scenic-files',
      region: '',
      accessKeyId: 'AKIDEXAMPLE',
      publicBaseUrl: '',
      pathStyle: true,
      secretKey: 'the-secret',
    });
  });

  it('checks the form with the server schema before sending: S3 needs a valid bucket', async () => {
    renderInConsole(<ObjectStoragePage />, '/sys/os');
    await userEvent.click(await screen.findByText('S3 兼容对象存储'));
    await userEvent.type(await screen.findByLabelText('存储桶（Bucket）'), 'Bad_Bucket');
    await userEvent.click(button(/^保存并启用$/));
    expect(await screen.findByText(/须为 3～63 位小写字母/)).toBeInTheDocument();
    expect(await screen.findByText('不能为空')).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('/update'))).toBe(false);
  });
});
