import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequestError } from '../lib/request.ts';

/** The positive whole number in the query string (`?id=`), or null when it is missing or not one. */
export function useIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export interface RecordStateProps<T> {
  /** From `useIdParam`: null shows `notFound` without asking the server */
  id: number | null;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'refetch'>;
  /** The screen's own "no such record" text (a 404, or no id) */
  notFound: string;
  children: (data: T) => ReactNode;
}

/**
 * A detail screen of one record: not found (no id, or a 404), a failed load with a retry, loading,
 * or the record itself.
 */
export function RecordState<T>({ id, query, notFound, children }: RecordStateProps<T>) {
  const { t } = useTranslation('common');
  if (id === null || query.error)
    return (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            id === null || (query.error instanceof RequestError && query.error.status === 404)
              ? notFound
              : query.error?.message || t('loadFailed')
          }
        >
          {id !== null && <Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        </Empty>
      </Card>
    );
  if (query.data === undefined)
    return (
      <Card>
        <Spin />
      </Card>
    );
  return <>{children(query.data)}</>;
}

/**
 * A screen of settings read with one query: a spinner while it loads, a failure with a retry, or
 * null once the data is there (the caller renders it).
 */
export function QueryPending({
  query,
}: {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'error' | 'data' | 'refetch'>;
}) {
  const { t } = useTranslation('common');
  if (query.isPending) return <Spin />;
  if (query.error || !query.data)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.error?.message || t('loadFailed')}>
        <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
      </Empty>
    );
  return null;
}
