import { useTranslation } from 'react-i18next';
import {
  ApplicationApproveFormSchema,
  ApplicationRejectSchema,
  distributorApi,
  distributorApplyApi,
  DistributorApplySchema,
  type DistributorRow,
} from '../../../shared/api/distribution.ts';
import { DISTRIBUTOR_STATE, DistributionField, DistributorState } from '../../../shared/dict/distribution.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { companyColumns, createTimeSearch } from './distribution-fields.ts';
import { PromptAction } from '../../components/form-action.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { post } from '../../lib/request.ts';

const REFRESH = [distributorApplyApi.page, distributorApi.page];

function Review({ row, onDone }: { row: DistributorRow; onDone: () => void }) {
  const { t } = useTranslation('distribution');
  if (row.state !== DISTRIBUTOR_STATE.underReview) return null;
  const needsLogin = row.adminId == null;
  return (
    <>
      <PromptAction
        perm="admin:disApply:review"
        text={t('approve')}
        title={t('approveTitle', { company: row.company })}
        hint={needsLogin ? t('approveHint') : undefined}
        fields={[
          ...(needsLogin
            ? ([
                { name: 'username', label: DistributionField.username },
                { name: 'password', label: DistributionField.password, kind: 'password' },
              ] as const)
            : []),
          { name: 'reviewRemark', label: DistributionField.reviewRemark, kind: 'textarea' },
        ]}
        schema={ApplicationApproveFormSchema.omit({ id: true })}
        send={async (v) =>
          post(distributorApplyApi.approve, {
            ...v,
            id: row.id,
            ...(v.password ? { password: await encryptSensitive(String(v.password)) } : {}),
          })
        }
        refresh={REFRESH}
        onDone={onDone}
      />
      <PromptAction
        perm="admin:disApply:review"
        text={t('reject')}
        title={t('rejectTitle', { company: row.company })}
        fields={[{ name: 'reviewRemark', label: DistributionField.reviewRemark, kind: 'textarea' }]}
        schema={ApplicationRejectSchema.omit({ id: true })}
        send={(v) => post(distributorApplyApi.reject, { ...v, id: row.id })}
        refresh={REFRESH}
        onDone={onDone}
        danger
      />
    </>
  );
}

const definition = defineListPage<DistributorRow>({
  id: 'disManage.information',
  url: distributorApplyApi.page,
  rowKey: 'id',
  perms: { create: 'admin:disApply:review' },
  search: [
    { kind: 'text', name: 'company', label: DistributionField.company, maxLength: 100 },
    { kind: 'text', name: 'phone', label: DistributionField.phone, maxLength: 20 },
    { kind: 'dict', name: 'state', label: DistributionField.state, dict: DistributorState },
    createTimeSearch(DistributionField.applyTime),
  ],
  columns: [
    ...companyColumns<DistributorRow>(),
    { key: 'state', title: DistributionField.state, kind: 'dict', dict: DistributorState, width: 90 },
    { key: 'createTime', title: DistributionField.applyTime, kind: 'dateTime', sortable: true },
    { key: 'reviewer', title: DistributionField.reviewer, width: 100 },
    { key: 'reviewTime', title: DistributionField.reviewTime, kind: 'dateTime' },
    { key: 'reviewRemark', title: DistributionField.reviewRemark },
    { key: 'remark', title: DistributionField.remark, hidden: true },
  ],
  form: {
    createUrl: distributorApplyApi.apply,
    createSchema: DistributorApplySchema,
    fields: [
      { name: 'company', label: DistributionField.company, kind: 'text', required: true, maxLength: 100 },
      { name: 'contact', label: DistributionField.contact, kind: 'text', required: true, maxLength: 50 },
      { name: 'phone', label: DistributionField.phone, kind: 'text', required: true, maxLength: 20 },
      { name: 'remark', label: DistributionField.remark, kind: 'textarea', maxLength: 200 },
    ],
  },
  rowActions: (row, { reload }) => <Review row={row} onDone={reload} />,
  actionWidth: 160,
});

/** docs/product.md §2 /disManage/information: applications of new distributors and their review (4 → 1 or 3). */
export default function ApplicationListPage() {
  return <ListPage definition={definition} />;
}
