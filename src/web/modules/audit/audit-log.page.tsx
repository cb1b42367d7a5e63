import { auditLogApi, type AuditRow } from '../../../shared/api/logs.ts';
import { AuditModule, AuditTarget } from '../../../shared/dict/audit.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { AuditField } from '../../../shared/dict/log-fields.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { useSettings } from '../../lib/settings.ts';
import { AuditDiff } from './audit-diff.tsx';

/** "门票订单 #D2026…": the kind of record in the user's language, and its id. */
function AuditTargetText({ type, id }: { type: string; id: string }) {
  const { lang } = useSettings();
  const label = type ? dictLabel(AuditTarget, type, lang) : '';
  return <>{id ? `${label} #${id}` : label}</>;
}

const definition = defineListPage<AuditRow>({
  id: 'sys.auditLog',
  url: auditLogApi.page,
  exportUrl: auditLogApi.export,
  rowKey: 'id',
  perms: { export: 'admin:audit:page' },
  search: [
    {
      kind: 'text',
      name: 'username',
      label: AuditField.username,
      placeholder: 'audit:usernamePlaceholder',
      maxLength: 64,
    },
    { kind: 'dict', name: 'module', label: AuditField.module, dict: AuditModule },
    {
      kind: 'text',
      name: 'action',
      label: AuditField.action,
      placeholder: 'audit:actionPlaceholder',
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
    { key: 'module', title: AuditField.module, kind: 'dict', dict: AuditModule, sortable: true, width: 130 },
    { key: 'action', title: AuditField.action, sortable: true, width: 150 },
    {
      key: 'target',
      title: 'audit:target',
      render: (_, row) => <AuditTargetText type={row.targetType} id={row.targetId} />,
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
