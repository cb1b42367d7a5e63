import { Result, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { oauthApi, OauthCreateSchema, OauthUpdateSchema, type OauthRow } from '../../../shared/api/oauth.ts';
import { ADM_TYPE, EnableStatus } from '../../../shared/dict/account.ts';
import { GrantType } from '../../../shared/dict/oauth.ts';
import { OauthField } from '../../../shared/dict/sys-fields.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DurationText } from '../../components/duration-text.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useUser } from '../../lib/session.ts';
import { SecretModal } from './secret-modal.tsx';

type Secret = { clientId: string; secret: string };

const secretOf = (result: unknown): Secret | null => {
  const r = result as Partial<Secret> | null;
  return r?.secret && r.clientId ? { clientId: r.clientId, secret: r.secret } : null;
};

function GrantTags({ codes }: { codes: string[] }) {
  const label = useLabel();
  return (
    <>
      {codes.map((code) => (
        <Tag key={code}>{code in GrantType ? label(GrantType[code as keyof typeof GrantType]) : code}</Tag>
      ))}
    </>
  );
}

function ResetSecret({ row, onDone }: { row: OauthRow; onDone: (secret: Secret | null) => void }) {
  const { t } = useTranslation('oauth');
  return (
    <ConfirmAction
      perm="admin:oauth:update"
      title={t('resetSecret')}
      description={t('resetSecretConfirm')}
      okDanger
      action={() => post<unknown>(oauthApi.resetSecret, { id: row.id })}
      // the new secret, shown once, says it all
      success={false}
      onSuccess={(result) => onDone(secretOf(result))}
    >
      {t('resetSecret')}
    </ConfirmAction>
  );
}

const seconds = (value: unknown) => <DurationText minutes={Math.round(Number(value) / 60)} />;

/** docs/product.md §2 /sys/oauth: the terminal OAuth clients (docs/product.md §9); platform administrators only. */
export default function OauthListPage() {
  const { t } = useTranslation('oauth');
  const user = useUser();
  const [secret, setSecret] = useState<Secret | null>(null);

  const definition = useMemo(
    () =>
      defineListPage<OauthRow>({
        id: 'sys.oauth',
        url: oauthApi.page,
        exportUrl: oauthApi.export,
        rowKey: 'id',
        perms: {
          create: 'admin:oauth:create',
          update: 'admin:oauth:update',
          delete: 'admin:oauth:delete',
          export: 'admin:oauth:page',
        },
        search: [
          { kind: 'text', name: 'clientId', label: OauthField.clientId, maxLength: 64 },
          { kind: 'text', name: 'name', label: OauthField.name },
          { kind: 'dict', name: 'status', label: OauthField.status, dict: EnableStatus },
        ],
        columns: [
          { key: 'clientId', title: OauthField.clientId, sortable: true },
          { key: 'name', title: OauthField.name, sortable: true },
          {
            key: 'grantTypes',
            title: OauthField.grantTypes,
            render: (_, row) => <GrantTags codes={row.grantTypes} />,
          },
          { key: 'scope', title: OauthField.scope },
          { key: 'accessTokenTtl', title: OauthField.accessTokenTtl, render: seconds },
          { key: 'refreshTokenTtl', title: OauthField.refreshTokenTtl, render: seconds },
          { key: 'status', title: OauthField.status, kind: 'dict', dict: EnableStatus },
          { key: 'isPublic', title: OauthField.isPublic, kind: 'boolean' },
          { key: 'createTime', title: OauthField.createTime, kind: 'dateTime', sortable: true },
          { key: 'updateTime', title: OauthField.updateTime, kind: 'dateTime', hidden: true },
        ],
        form: {
          createUrl: oauthApi.create,
          updateUrl: oauthApi.update,
          createSchema: OauthCreateSchema,
          updateSchema: OauthUpdateSchema,
          fields: [
            { name: 'clientId', label: 'oauth:clientId', required: true, createOnly: true, maxLength: 64 },
            { name: 'name', label: 'oauth:name', required: true, maxLength: 100 },
            {
              name: 'grantTypes',
              label: 'oauth:grantTypes',
              kind: 'dict',
              dict: GrantType,
              multiple: true,
              required: true,
            },
            { name: 'scope', label: 'oauth:scope', required: true, maxLength: 64 },
            { name: 'accessTokenTtl', label: 'oauth:accessTokenTtl', kind: 'number', min: 0, required: true },
            {
              name: 'refreshTokenTtl',
              label: 'oauth:refreshTokenTtl',
              kind: 'number',
              min: 0,
              required: true,
            },
            { name: 'status', label: 'oauth:status', kind: 'dict', dict: EnableStatus, required: true },
            { name: 'isPublic', label: 'oauth:isPublic', kind: 'switch' },
          ],
          initialValues: {
            grantTypes: ['password', 'refresh_token'],
            scope: 'all',
            accessTokenTtl: 7200,
            refreshTokenTtl: 604_800,
            status: 1,
            isPublic: false,
          },
          // create, and an update that makes a client public, answer with a secret shown once
          onSaved: (result) => setSecret(secretOf(result)),
        },
        delete: { url: oauthApi.delete },
        rowActions: (row, { reload }) => (
          <ResetSecret
            row={row}
            onDone={(next) => {
              setSecret(next);
              reload();
            }}
          />
        ),
        actionWidth: 220,
      }),
    [],
  );

  // The server answers 403 to any other account type, whatever its permissions.
  if (user && user.admType !== ADM_TYPE.platform) return <Result status="403" subTitle={t('platformOnly')} />;

  return (
    <>
      <ListPage definition={definition} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
