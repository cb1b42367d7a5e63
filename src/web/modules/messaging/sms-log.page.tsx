import { smsApi, type SmsLogRow } from '../../../shared/api/messaging.ts';
import {
  MessageStatus,
  SMS_PLATFORMS,
  SmsField as F,
  SmsPlatform,
  SmsTemplate,
  SmsUse,
} from '../../../shared/dict/messaging.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { CutText, DictText, ResendAction, ResentMark, VariablesTable } from './sms-log-parts.tsx';

const definition = defineListPage<SmsLogRow>({
  id: 'sys.smsLog',
  url: smsApi.page,
  exportUrl: smsApi.export,
  rowKey: 'id',
  perms: { export: 'admin:sms:query' },
  // `?template=2` (a template's link on /sys/smsconfig) fills the template filter: the list keeps its filters in the URL
  search: [
    { kind: 'text', name: 'phone', label: F.phone, maxLength: 20 },
    { kind: 'dict', name: 'template', label: F.template, dict: SmsTemplate },
    { kind: 'dict', name: 'status', label: F.status, dict: MessageStatus },
    { kind: 'dict', name: 'platform', label: F.platform, dict: SmsPlatform, codes: SMS_PLATFORMS },
    {
      kind: 'text',
      name: 'result',
      label: F.result,
      placeholder: 'messaging:resultPlaceholder',
      maxLength: 64,
    },
    { kind: 'text', name: 'ref', label: 'messaging:ref', maxLength: 64 },
    {
      kind: 'dateRange',
      name: 'createTime',
      label: F.createTime,
      from: 'createTimeFrom',
      to: 'createTimeTo',
      time: true,
    },
  ],
  columns: [
    { key: 'createTime', title: F.createTime, kind: 'dateTime', sortable: true, width: 170 },
    { key: 'phone', title: F.phone, width: 130 },
    {
      key: 'template',
      title: F.template,
      width: 160,
      render: (value) => <DictText dict={SmsTemplate} value={value} />,
    },
    // what happened first: the state and the result, then what was sent and through what
    {
      key: 'status',
      title: F.status,
      width: 150,
      render: (value, row) => (
        <>
          <DictTag dict={MessageStatus} value={value as number} />
          <ResentMark row={row} />
        </>
      ),
    },
    { key: 'result', title: F.result, width: 100 },
    { key: 'use', title: F.use, width: 150, render: (value) => <DictText dict={SmsUse} value={value} /> },
    { key: 'platform', title: F.platform, kind: 'dict', dict: SmsPlatform, width: 150 },
    {
      key: 'text',
      title: F.text,
      width: 300,
      render: (value) => <CutText text={String(value ?? '')} width={268} />,
    },
    {
      key: 'resultMessage',
      title: F.resultMessage,
      width: 200,
      render: (value) => <CutText text={String(value ?? '')} width={168} />,
    },
    {
      key: 'providerMessageId',
      title: F.providerMessageId,
      width: 200,
      render: (value) => <CutText text={String(value ?? '')} width={168} />,
    },
    { key: 'attempts', title: F.attempts, sortable: true, width: 110 },
    { key: 'sentAt', title: F.sentAt, kind: 'dateTime', sortable: true, width: 170 },
    { key: 'ref', title: 'messaging:ref', width: 190, hidden: true },
    { key: 'resendOf', title: 'messaging:resendOf', width: 120, hidden: true },
    { key: 'nextAttemptAt', title: 'messaging:nextAttemptAt', kind: 'dateTime', width: 170, hidden: true },
  ],
  detail: { extra: (row) => <VariablesTable row={row} />, width: 680 },
  rowActions: (row, { reload }) => <ResendAction row={row} onDone={reload} />,
  actionWidth: 180,
});

/**
 * docs/product.md §2 /sys/smsDetailPage (issue 31): the area's sent and queued messages, phones
 * masked by the server; a failed one resent once (a new message of the log).
 */
export default function SmsLogPage() {
  return <ListPage definition={definition} />;
}
