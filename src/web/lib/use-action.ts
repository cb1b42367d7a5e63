import { QueryClientContext, type QueryKey } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { toast } from './feedback.ts';
import { t } from './i18n.ts';
import { RequestError } from './request.ts';

export interface ActionOptions<A extends unknown[], R> {
  /**
   * The message after success: a text, one made from the result, or false for none.
   * Default: common `success` ('操作成功').
   */
  success?: string | false | ((result: R, ...args: A) => string | false);
  /** Shown when the action fails in a way the request layer has not told the user. Default: common `error`. */
  failure?: string;
  /** Query keys refreshed after success (each with everything under it), awaited before `onSuccess`. */
  refresh?: readonly QueryKey[];
  /** After success, its message and the refresh: close a dialog, navigate, show the result... */
  onSuccess?: (result: R, ...args: A) => void;
  /** After a failure has been shown: e.g. mark the form field a 409 names (`errorField`). */
  onError?: (error: unknown, ...args: A) => void;
}

export interface Action<A extends unknown[], R> {
  /** Runs the action; resolves with its result, or undefined after a failure: it never rejects. */
  run: (...args: A) => Promise<R | undefined>;
  /** True while the action (and its refresh) runs: for a button's `loading`. */
  pending: boolean;
}

/** Tells the user about a failure once: the request layer has shown its own; anything else gets `fallback`. */
export function reportError(error: unknown, fallback: string = t('error')): void {
  if (error instanceof RequestError) {
    if (!error.shown) toast.error(error.message || fallback);
  } else toast.error(fallback);
}

/**
 * The one way a screen changes something on the server: loading state, success message, the error
 * shown once (see `reportError`), and the queries to refresh.
 *
 * ```tsx
 * const save = useAction((body: Body) => post(url, body), { refresh: [listQueryKey(url)], onSuccess: close });
 * <Button loading={save.pending} onClick={() => void save.run(body)} />
 * ```
 *
 * Plain React state rather than TanStack's useMutation: the login screens use it too, and they load
 * neither the query cache nor its provider (docs/performance.md); `refresh` uses the query client
 * when there is one.
 */
export function useAction<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  options: ActionOptions<A, R> = {},
): Action<A, R> {
  const queryClient = useContext(QueryClientContext);
  const [running, setRunning] = useState(0);
  // the latest function and options, so `run` keeps its identity across renders
  const latest = useRef({ fn, options, queryClient });
  latest.current = { fn, options, queryClient };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    const { fn: action, options: o, queryClient: client } = latest.current;
    setRunning((n) => n + 1);
    try {
      let result: R;
      try {
        result = await action(...args);
      } catch (error) {
        reportError(error, o.failure);
        o.onError?.(error, ...args);
        return undefined;
      }
      const text = typeof o.success === 'function' ? o.success(result, ...args) : o.success;
      if (text !== false) toast.success(text ?? t('success'));
      if (o.refresh?.length && client)
        await Promise.all(o.refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
      o.onSuccess?.(result, ...args);
      return result;
    } finally {
      if (mounted.current) setRunning((n) => n - 1);
    }
  }, []);

  return { run, pending: running > 0 };
}
