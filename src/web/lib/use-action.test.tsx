// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import './i18n.ts';
import { errorField, RequestError } from './request.ts';
import { useAction } from './use-action.ts';
import { captureToasts } from '../test/console.tsx';

const { success, error } = captureToasts();

// toast() hands the message over on the next tick
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useAction', () => {
  it('is pending while it runs, then says so, refreshes, and hands over the result', async () => {
    const client = new QueryClient();
    const order: string[] = [];
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockImplementation(async () => {
      order.push('refresh');
    });
    let finish!: (value: string) => void;
    const fn = vi.fn((_id: number) => new Promise<string>((resolve) => (finish = resolve)));
    const onSuccess = vi.fn(() => order.push('onSuccess'));
    const { result } = renderHook(() => useAction(fn, { refresh: [['things'], ['thing', 7]], onSuccess }), {
      wrapper: withClient(client),
    });
    expect(result.current.pending).toBe(false);

    let done!: Promise<string | undefined>;
    act(() => {
      done = result.current.run(7);
    });
    expect(result.current.pending).toBe(true);
    expect(fn).toHaveBeenCalledWith(7);
    await act(async () => {
      finish('ok');
      await done;
    });
    await expect(done).resolves.toBe('ok');
    expect(result.current.pending).toBe(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['thing', 7] });
    expect(order).toEqual(['refresh', 'refresh', 'onSuccess']);
    expect(onSuccess).toHaveBeenCalledWith('ok', 7);
    await settle();
    expect(success).toHaveBeenCalledWith('操作成功', undefined);
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the text given, one made from the result, or none', async () => {
    const { result } = renderHook(() => ({
      fixed: useAction(async () => 1, { success: '已保存' }),
      made: useAction(async (n: number) => n * 2, { success: (r, n) => `${n} → ${r}` }),
      none: useAction(async () => 1, { success: false }),
    }));
    await act(() => result.current.fixed.run());
    await act(() => result.current.made.run(3));
    await act(() => result.current.none.run());
    await settle();
    expect(success.mock.calls.map(([text]) => text as string)).toEqual(['已保存', '3 → 6']);
  });

  it('adds nothing to an error the request layer has shown, and resolves without a result', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const failure = new RequestError('名称已存在', 409, { code: 409, data: { field: 'name' } }, true);
    const onError = vi.fn();
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useAction(
          async () => {
            throw failure;
          },
          { refresh: [['things']], onError, onSuccess },
        ),
      { wrapper: withClient(client) },
    );
    let value: unknown = 'unset';
    await act(async () => {
      value = await result.current.run();
    });
    await settle();
    expect(value).toBeUndefined();
    expect(result.current.pending).toBe(false);
    expect(error).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(failure);
    expect(errorField(onError.mock.calls[0]![0])).toBe('name');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('shows an error nobody has shown: a silent call by its message, anything else by the fallback', async () => {
    const { result } = renderHook(() => ({
      silent: useAction(async () => {
        throw new RequestError('服务忙', 500, null, false);
      }),
      thrown: useAction(async () => {
        throw new Error('encryption failed');
      }),
      upload: useAction(
        async () => {
          throw new TypeError('x');
        },
        { failure: '上传失败' },
      ),
    }));
    await act(() => result.current.silent.run());
    await act(() => result.current.thrown.run());
    await act(() => result.current.upload.run());
    await settle();
    expect(error.mock.calls.map(([text]) => text as string)).toEqual(['服务忙', '错误', '上传失败']);
  });

  it('works without a query cache (the login screens), and after its screen is gone', async () => {
    const { result, unmount } = renderHook(() => useAction(async () => 'x', { refresh: [['things']] }));
    const run = result.current.run;
    unmount();
    await expect(run()).resolves.toBe('x');
  });

  it('keeps `run` the same function across renders, calling the latest options', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(
      ({ onSuccess }: { onSuccess: () => void }) => useAction(async () => 1, { onSuccess }),
      { initialProps: { onSuccess: first } },
    );
    const run = result.current.run;
    rerender({ onSuccess: second });
    expect(result.current.run).toBe(run);
    await act(() => run());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalled();
  });
});
