import type { AuditRow } from '../../../shared/api/logs.ts';
import { AuditField } from '../../../shared/dict/log-fields.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { AuditDiff } from './audit-diff.tsx';

const definition = defineListPage<AuditRow>({
  id: 'sys.auditLog',
  url: '/web/api/admin/audit/page',
  exportUrl: '/web/api/admin/audit/export',
  rowKey: 'id',
  perms: { export: 'admin:audit:page' },
  search: [
    {
      kind: 'text',
      name: 'username',
      label: AuditField.username,
      placeholder: 'logs:usernamePlaceholder',
      maxLength: 64,
    },
    {
      kind: 'text',
      name: 'module',
      label: AuditField.module,
      placeholder: 'logs:modulePlaceholder',
      maxLength: 32,
    },
    {
      kind: 'text',
      name: 'action',
      label: AuditField.action,
      placeholder: 'logs:actionPlaceholder',
      maxLength: 32,
    },
    {
      kind: 'dateRange',
      name: 'createTime',
      label: AuditField.createTime,
      from: 'createTimeFrom',
      to: 'createTimeTo',
      time: true,
    },
  ],
  columns: [
    { key: 'createTime', title: AuditField.createTime, kind: 'dateTime', sortable: true, width: 170 },
    { key: 'username', title: AuditField.username, width: 140 },
    { key: 'module', title: AuditField.module, sortable: true, width: 110 },
    { key: 'action', title: AuditField.action, sortable: true, width: 150 },
    {
      key: 'target',
      title: 'logs:target',
      render: (_, row) => (row.targetId ? `${row.targetType} #${row.targetId}` : row.targetType),
      width: 180,
    },
    { key: 'ip', title: AuditField.ip, width: 140 },
    { key: 'requestId', title: AuditField.requestId, hidden: true, ellipsis: true, width: 220 },
  ],
  detail: {
    fields: ['createTime', 'username', 'module', 'action', 'target', 'ip', 'requestId'],
    extra: (row) => <AuditDiff before={row.before} after={row.after} />,
    width: 720,
  },
});

/** Who changed what (new to the spec): filter by account, module, action and time; before/after diff. */
export default function AuditLogPage() {
  return <ListPage definition={definition} />;
}
