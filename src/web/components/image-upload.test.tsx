// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { ImageUpload, MAX_IMAGE_BYTES, imageProblems } from './image-upload.tsx';

const ACTION = '/web/api/ticket/storage/uploadUnMove';
const fetchMock = vi.fn(
  async (_url: string, _init: RequestInit) =>
    new Response(JSON.stringify({ code: 200, msg: '', data: ['/files/a.png', '/files/b.png'] }), {
      status: 200,
    }),
);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const image = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
// The picker's accept list would hide the bad files from the test; the check must catch them itself.
const setupUser = () => userEvent.setup({ applyAccept: false });

describe('imageProblems', () => {
  it('accepts jpg, jpeg, png and gif under 500 KB', () => {
    expect(imageProblems(image('a.jpg', 'image/jpeg'))).toEqual([]);
    expect(imageProblems(image('a.png', 'image/png', MAX_IMAGE_BYTES - 1))).toEqual([]);
    expect(imageProblems(image('a.gif', 'image/gif'))).toEqual([]);
    expect(imageProblems(image('a.JPEG', ''))).toEqual([]);
  });

  it('rejects other types and 500 KB or more', () => {
    expect(imageProblems(image('a.webp', 'image/webp'))).toEqual(['imageBadType']);
    expect(imageProblems(image('a.bmp', ''))).toEqual(['imageBadType']);
    expect(imageProblems(image('a.png', 'image/png', MAX_IMAGE_BYTES))).toEqual(['imageTooLarge']);
    expect(imageProblems(image('a.svg', 'image/svg+xml', MAX_IMAGE_BYTES + 1))).toEqual([
      'imageBadType',
      'imageTooLarge',
    ]);
  });
});

describe('ImageUpload', () => {
  it('shows an upload box and the 1:1 hint when empty', () => {
    render(
      <App>
        <ImageUpload action={ACTION} />
      </App>,
    );
    expect(screen.getByText('上传')).toBeInTheDocument();
    expect(screen.getByText('建议图片比例 1:1')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '图片' })).not.toBeInTheDocument();
  });

  it('refuses a file of 500 KB or more with the spec message', async () => {
    const onChange = vi.fn();
    render(
      <App>
        <ImageUpload action={ACTION} onChange={onChange} />
      </App>,
    );
    await setupUser().upload(fileInput(), image('big.png', 'image/png', MAX_IMAGE_BYTES + 10));
    expect(await screen.findByText('图片大小不能超过500K')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses other formats with the spec message', async () => {
    render(
      <App>
        <ImageUpload action={ACTION} />
      </App>,
    );
    await setupUser().upload(fileInput(), image('photo.bmp', 'image/bmp'));
    expect(
      await screen.findByText('为保证图片正常显示，仅支持jpg、jpeg、png、gif格式的图片上传'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the file as field "file" with the headers and fills the form with the first url', async () => {
    const onFinish = vi.fn();
    render(
      <App>
        <Form onFinish={onFinish}>
          <Form.Item name="cover">
            <ImageUpload action={ACTION} headers={{ token: 'cop-token' }} />
          </Form.Item>
          <button type="submit">go</button>
        </Form>
      </App>,
    );
    const user = setupUser();
    const file = image('lake.png', 'image/png');
    await user.upload(fileInput(), file);

    const preview = await screen.findByRole('img', { name: '图片' });
    expect(preview).toHaveAttribute('src', '/files/a.png');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(ACTION);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).token).toBe('cop-token');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init.body as FormData).get('file') as File).name).toBe('lake.png');

    await user.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ cover: '/files/a.png' }));
  });

  it('shows the current image and cannot upload when disabled', async () => {
    render(
      <App>
        <ImageUpload action={ACTION} value="/files/old.png" disabled />
      </App>,
    );
    expect(screen.getByRole('img', { name: '图片' })).toHaveAttribute('src', '/files/old.png');
    expect(fileInput()).toBeDisabled();
  });
});
