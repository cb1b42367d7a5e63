import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi, type RoleOption } from '../../../shared/api/roles.ts';
import { ADM_TYPE, PayType } from '../../../shared/dict/account.ts';
import type { Dict } from '../../components/dict-tag.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import type { FormMode } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { InitialPasswordField as PasswordInit } from '../../components/new-password-fields.tsx';
import { IdsSelect } from '../../components/ids-select.tsx';

/** Enabled roles the caller may assign (GET /role/list, the account screen's permission). */
export function useRoleOptions() {
  return useQuery({
    queryKey: ['accounts', 'roleOptions'],
    queryFn: () => get<RoleOption[]>(roleApi.list, undefined, { silent: true }),
  });
}

/** The role options as a dictionary, for the list's role filter. */
export function rolesDict(roles: readonly RoleOption[] | undefined): Dict {
  return Object.fromEntries((roles ?? []).map((r) => [r.id, { zh: r.name, en: r.name }]));
}

/** Roles of an account, chosen from the assignable ones. */
export function RolesField({ id, value, onChange }: ValueProps<number[]>) {
  const { data, isPending } = useRoleOptions();
  return (
    <IdsSelect
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      loading={isPending}
      // a role holding permissions the caller lacks cannot be given (docs/accounts.md)
      options={(data ?? []).map((r) => ({
        value: r.id,
        label: `${r.name} (${r.code})`,
        disabled: !r.assignable,
      }))}
    />
  );
}

/**
 * The pay type matters for distributors only (docs/accounts.md): 1 or 2 for admType 3, 0 for every
 * other type, which the server insists on. Follows the admType chosen in the same form.
 */
export function PayTypeField({ id, value, onChange }: ValueProps<number>) {
  const { t } = useTranslation('accounts');
  const admType = Form.useWatch<number | undefined>('admType');
  const distributor = admType === ADM_TYPE.distributor;
  const previousType = useRef(admType);
  useEffect(() => {
    const changed = previousType.current !== undefined && previousType.current !== admType;
    previousType.current = admType;
    // a new distributor starts on prepaid balance; an account's saved choice is left alone
    if (distributor && !value && changed) onChange?.(1);
    if (!distributor && admType !== undefined && value) onChange?.(0);
  }, [distributor, admType, value, onChange]);
  return (
    <>
      <DictSelect
        id={id}
        dict={PayType}
        codes={distributor ? [0, 1, 2] : [0]}
        allowClear={false}
        disabled={!distributor}
        value={value}
        onChange={(next) => onChange?.(next as number)}
      />
      {!distributor && <Typography.Text type="secondary">{t('payTypeHint')}</Typography.Text>}
    </>
  );
}

/** The initial password, only when creating: edits never touch it (there is a reset action). */
export function InitialPasswordField(props: ValueProps<string> & { mode: FormMode }) {
  const { t } = useTranslation('accounts');
  return <PasswordInit {...props} hint={t('initialPasswordHint')} editHint={t('passwordEditHint')} />;
}
