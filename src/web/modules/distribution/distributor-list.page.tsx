import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  distributorApi,
  DistributorCreateFormSchema,
  DistributorResetPasswordFormSchema,
  DistributorUpdateSchema,
  type DistributorRow,
} from '../../../shared/api/distribution.ts';
import { DISTRIBUTOR_STATE, DistributionField, DistributorState } from '../../../shared/dict/distribution.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage, listQueryKey } from '../../components/list-page/index.ts';
import { companyColumns, createTimeSearch } from './distribution-fields.ts';
import { PromptAction } from '../../components/form-action.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { post } from '../../lib/request.ts';
import { detailPath } from './paths.ts';

/** Freeze, unfreeze or enable, each asking first; and the password reset of its login. */
export function DistributorActions({ row, onDone }: { row: DistributorRow; onDone: () => void }) {
  const { t } = useTranslation('distribution');
  const move =
    row.state === DISTRIBUTOR_STATE.normal
      ? 'freeze'
      : row.state === DISTRIBUTOR_STATE.frozen
        ? 'unfreeze'
        : row.state === DISTRIBUTOR_STATE.notEnabled && row.adminId != null
          ? 'enable'
          : null;
  const refresh = [listQueryKey(distributorApi.page), [distributorApi.query]];
  return (
    <>
      {move && (
        <ConfirmAction
          perm="admin:distributor:edit"
          title={t(`${move}Confirm`, { company: row.company })}
          okDanger={move === 'freeze'}
          action={() => post(distributorApi.state, { id: row.id, move })}
          refresh={refresh}
          onSuccess={onDone}
          button={{ type: 'link', size: 'small', danger: move === 'freeze' }}
        >
          {t(move)}
        </ConfirmAction>
      )}
      {row.adminId != null && (
        <PromptAction
          perm="admin:distributor:resetPassword"
          text={t('resetPassword')}
          title={t('resetPasswordTitle', { company: row.company })}
          hint={t('resetPasswordHint')}
          fields={[{ name: 'password', label: 'distribution:newPassword', kind: 'password' }]}
          schema={DistributorResetPasswordFormSchema}
          send={async (v) =>
            post(distributorApi.resetPassword, {
              id: row.id,
              password: await encryptSensitive(String(v.password)),
            })
          }
          refresh={[]}
          danger
        />
      )}
    </>
  );
}

function DetailLink({ row }: { row: DistributorRow }) {
  const { t } = useTranslation('distribution');
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => void navigate(detailPath(row.id))}>
      {t('detail')}
    </Button>
  );
}

const definition = defineListPage<DistributorRow>({
  id: 'disManage.accManage',
  url: distributorApi.page,
  exportUrl: distributorApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:distributor:edit',
    update: 'admin:distributor:edit',
    export: 'admin:distributor:page',
  },
  search: [
    { kind: 'text', name: 'company', label: DistributionField.company, maxLength: 100 },
    { kind: 'text', name: 'contact', label: DistributionField.contact, maxLength: 50 },
    { kind: 'text', name: 'phone', label: DistributionField.phone, maxLength: 20 },
    { kind: 'text', name: 'username', label: DistributionField.username, maxLength: 64 },
    { kind: 'dict', name: 'state', label: DistributionField.state, dict: DistributorState },
    createTimeSearch(),
  ],
  columns: [
    ...companyColumns<DistributorRow>(),
    { key: 'username', title: DistributionField.username, width: 120 },
    { key: 'tierName', title: DistributionField.tier, width: 100, hidden: true },
    { key: 'state', title: DistributionField.state, kind: 'dict', dict: DistributorState, width: 90 },
    { key: 'balance', title: DistributionField.balance, kind: 'money', sortable: true, width: 110 },
    { key: 'creditLimit', title: DistributionField.creditLimit, kind: 'money', sortable: true, width: 110 },
    { key: 'creditUsed', title: DistributionField.creditUsed, kind: 'money', sortable: true, width: 110 },
    { key: 'creditAvailable', title: DistributionField.creditAvailable, kind: 'money', width: 110 },
    { key: 'held', title: DistributionField.held, kind: 'money', width: 100, hidden: true },
    { key: 'createTime', title: DistributionField.createTime, kind: 'dateTime', sortable: true },
    { key: 'remark', title: DistributionField.remark, hidden: true },
  ],
  form: {
    createUrl: distributorApi.create,
    updateUrl: distributorApi.update,
    createSchema: DistributorCreateFormSchema,
    updateSchema: DistributorUpdateSchema,
    fields: [
      { name: 'company', label: DistributionField.company, kind: 'text', required: true, maxLength: 100 },
      { name: 'contact', label: DistributionField.contact, kind: 'text', required: true, maxLength: 50 },
      { name: 'phone', label: DistributionField.phone, kind: 'text', maxLength: 20 },
      { name: 'username', label: DistributionField.username, kind: 'text', required: true, createOnly: true },
      {
        name: 'password',
        label: DistributionField.password,
        kind: 'password',
        required: true,
        createOnly: true,
      },
      { name: 'creditLimit', label: DistributionField.creditLimit, kind: 'money', createOnly: true },
      { name: 'remark', label: DistributionField.remark, kind: 'textarea', maxLength: 200 },
    ],
    initialValues: { creditLimit: 0 },
    toValues: (row) => ({ company: row.company, contact: row.contact, phone: row.phone, remark: row.remark }),
    beforeSubmit: async (body, mode) => {
      if (mode !== 'create') return body;
      const values = body as { password: string };
      return { ...values, password: await encryptSensitive(values.password) };
    },
  },
  rowActions: (row, { reload }) => (
    <>
      <DetailLink row={row} />
      <DistributorActions row={row} onDone={reload} />
    </>
  ),
  actionWidth: 300,
});

/** docs/product.md §2 /disManage/accManage: the distributors, their login, money and channel state. */
export default function DistributorListPage() {
  return <ListPage definition={definition} />;
}
