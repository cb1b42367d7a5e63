import { loginLogApi, type LoginLogRow } from '../../../shared/api/logs.ts';
import { LoginFailReason } from '../../../shared/dict/auth.ts';
import { LoginKind, LoginLogField, LoginResult } from '../../../shared/dict/log-fields.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

const definition = defineListPage<LoginLogRow>({
  id: 'sys.loginLog',
  url: loginLogApi.page,
  exportUrl: loginLogApi.export,
  rowKey: 'id',
  perms: { export: 'admin:loginLog:page' },
  search: [
    {
      kind: 'text',
      name: 'username',
      label: LoginLogField.username,
      placeholder: 'audit:usernamePlaceholder',
      maxLength: 64,
    },
    // the dictionary's codes are 'success' / 'failure'; the server filters on a boolean
    {
      kind: 'dict',
      name: 'result',
      label: LoginLogField.result,
      dict: LoginResult,
      param: 'success',
      toParam: (code) => code === 'success',
    },
    { kind: 'text', name: 'ip', label: LoginLogField.ip, placeholder: 'audit:ipPlaceholder', maxLength: 64 },
    {
      kind: 'dateRange',
      name: 'createTime',
      label: LoginLogField.createTime,
      from: 'createTimeFrom',
      to: 'createTimeTo',
      time: true,
    },
  ],
  columns: [
    { key: 'createTime', title: LoginLogField.createTime, kind: 'dateTime', sortable: true, width: 170 },
    { key: 'username', title: LoginLogField.username, sortable: true, width: 140 },
    { key: 'kind', title: LoginLogField.kind, kind: 'dict', dict: LoginKind, width: 130 },
    { key: 'ip', title: LoginLogField.ip, width: 140 },
    {
      key: 'success',
      title: LoginLogField.result,
      render: (_, row) => <DictTag dict={LoginResult} value={row.success ? 'success' : 'failure'} />,
      width: 90,
    },
    { key: 'reason', title: LoginLogField.reason, kind: 'dict', dict: LoginFailReason, width: 130 },
    { key: 'userAgent', title: LoginLogField.userAgent, ellipsis: true, width: 320 },
  ],
});

/** Login attempts of the acting scenic area: time, account, address, success or reason. */
export default function LoginLogPage() {
  return <ListPage definition={definition} />;
}
