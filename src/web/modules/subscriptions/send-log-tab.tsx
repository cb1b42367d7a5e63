import { useMemo } from 'react';
import {
  subscribeApi,
  type SubscribeLogRow,
  type SubscribeTemplate,
} from '../../../shared/api/subscriptions.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { MessageStatus } from '../../../shared/dict/messaging.ts';
import { SubscribeField as F } from '../../../shared/dict/subscriptions.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

/** The data as sent, a `key: value` line each. */
function DataLines({ data }: { data: SubscribeLogRow['data'] }) {
  return (
    <>
      {Object.entries(data).map(([key, value]) => (
        <div key={key}>
          {key}: {value}
        </div>
      ))}
    </>
  );
}

const logDefinition = (templates: Record<number, DictEntry>) =>
  defineListPage<SubscribeLogRow>({
    id: 'sys.subscribeLog',
    url: subscribeApi.page,
    exportUrl: subscribeApi.export,
    rowKey: 'id',
    perms: { export: 'admin:subscribe:query' },
    search: [
      {
        kind: 'dateRange',
        name: 'createTime',
        label: F.createTime,
        from: 'createTimeFrom',
        to: 'createTimeTo',
        time: true,
      },
      { kind: 'dict', name: 'templateId', label: F.title, dict: templates },
      { kind: 'dict', name: 'status', label: F.status, dict: MessageStatus },
      { kind: 'text', name: 'ref', label: F.ref, maxLength: 64 },
      { kind: 'text', name: 'phone', label: 'subscriptions:phone', maxLength: 20 },
    ],
    columns: [
      { key: 'createTime', title: F.createTime, kind: 'dateTime', sortable: true, width: 170 },
      { key: 'title', title: F.title, width: 160 },
      { key: 'phone', title: 'subscriptions:phone', width: 130 },
      { key: 'openid', title: F.openid, width: 170 },
      {
        key: 'data',
        title: F.data,
        width: 280,
        render: (value) => <DataLines data={(value ?? {}) as SubscribeLogRow['data']} />,
      },
      { key: 'status', title: F.status, kind: 'dict', dict: MessageStatus, width: 100 },
      { key: 'result', title: F.result, width: 100 },
      { key: 'resultMessage', title: F.resultMessage, width: 200 },
      { key: 'providerMessageId', title: F.providerMessageId, width: 180 },
      { key: 'attempts', title: F.attempts, sortable: true, width: 110 },
      { key: 'sentAt', title: F.sentAt, kind: 'dateTime', sortable: true, width: 170 },
      { key: 'ref', title: F.ref, width: 190, hidden: true },
    ],
    detail: { width: 560 },
  });

/**
 * The subscription messages sent and queued (openids and phones masked by the server). The
 * template filter offers the area's templates: the definition follows them.
 */
export function SendLogTab({ templates }: { templates: readonly SubscribeTemplate[] }) {
  const definition = useMemo(
    () => logDefinition(Object.fromEntries(templates.map((t) => [t.id, { zh: t.title, en: t.title }]))),
    [templates],
  );
  return <ListPage definition={definition} />;
}
