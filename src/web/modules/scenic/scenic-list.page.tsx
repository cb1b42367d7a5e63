import { PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  scenicApi,
  ScenicCreateSchema,
  scenicProfileApi,
  type ScenicCreated,
  type ScenicRow,
} from '../../../shared/api/scenic.ts';
import { ADM_TYPE, EnableStatus } from '../../../shared/dict/account.ts';
import { ScenicField, ScenicLevel } from '../../../shared/dict/scenic.ts';
import { Can } from '../../components/can.tsx';
import { defineListPage, FormDrawer, ListPage, type FormDef } from '../../components/list-page/index.ts';
import { useUser } from '../../lib/session.ts';
import { InitialPasswordModal } from './initial-password-modal.tsx';
import { SCENIC_DETAIL_PATH } from './paths.ts';

function ProfileButton({ id }: { id: number }) {
  const { t } = useTranslation('scenic');
  const navigate = useNavigate();
  return (
    <Button
      type="link"
      size="small"
      icon={<ProfileOutlined />}
      onClick={() => void navigate(`${SCENIC_DETAIL_PATH}?id=${id}`)}
    >
      {t('profile')}
    </Button>
  );
}

/** Platform administrators only: the server refuses anyone else whatever their permissions. */
function CreateAreaButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('scenic');
  const user = useUser();
  if (user?.admType !== ADM_TYPE.platform) return null;
  return (
    <Can perm="admin:scenic:create">
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
        {t('newArea')}
      </Button>
    </Can>
  );
}

const listDefinition = (openCreate: () => void) =>
  defineListPage<ScenicRow>({
    id: 'scenic.sceManage',
    url: scenicApi.page,
    rowKey: 'id',
    perms: {},
    search: [
      {
        kind: 'text',
        name: 'name',
        label: 'scenic:name',
        placeholder: 'scenic:namePlaceholder',
        maxLength: 100,
      },
      { kind: 'dict', name: 'status', label: 'scenic:status', dict: EnableStatus },
    ],
    columns: [
      { key: 'code', title: 'scenic:code', sortable: true, width: 140 },
      { key: 'name', title: 'scenic:name', sortable: true, ellipsis: true, width: 200 },
      { key: 'contact', title: 'scenic:contact', width: 120 },
      { key: 'phone', title: 'scenic:phone', width: 140 },
      { key: 'address', title: 'scenic:address', ellipsis: true, width: 260 },
      { key: 'status', title: 'scenic:status', kind: 'dict', dict: EnableStatus, width: 100 },
      { key: 'createTime', title: 'scenic:createTime', kind: 'dateTime', sortable: true, width: 180 },
    ],
    toolbar: () => <CreateAreaButton onClick={openCreate} />,
    rowActions: (row) => <ProfileButton id={row.id} />,
    actionWidth: 120,
  });

/** The scenic areas the caller may see (all of them for a platform administrator); a new area. */
export default function ScenicListPage() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ScenicCreated | null>(null);
  // the identity must stay: <ListPage> derives its search form from it
  const definition = useMemo(() => listDefinition(() => setCreating(true)), []);
  const form = useMemo<FormDef<ScenicRow>>(
    () => ({
      createUrl: scenicProfileApi.create,
      createSchema: ScenicCreateSchema,
      fields: [
        { name: 'code', label: ScenicField.code, kind: 'text', required: true, maxLength: 32 },
        { name: 'name', label: ScenicField.name, kind: 'text', required: true, maxLength: 100 },
        { name: 'level', label: ScenicField.level, kind: 'dict', dict: ScenicLevel },
        { name: 'contact', label: ScenicField.contact, kind: 'text', maxLength: 50 },
        { name: 'phone', label: ScenicField.phone, kind: 'text', maxLength: 30 },
        { name: 'address', label: ScenicField.address, kind: 'text', maxLength: 200 },
        {
          name: 'adminUsername',
          label: ScenicField.adminUsername,
          kind: 'text',
          required: true,
          maxLength: 64,
          extra: 'scenic:adminHint',
        },
        { name: 'adminNickname', label: ScenicField.adminNickname, kind: 'text', maxLength: 64 },
      ],
      initialValues: { level: 0 },
      onSaved: (result) => setCreated(result as ScenicCreated),
    }),
    [],
  );
  return (
    <>
      <ListPage definition={definition} />
      <FormDrawer
        form={form}
        listUrl={scenicApi.page}
        rowKey="id"
        state={creating ? { mode: 'create' } : null}
        onClose={() => setCreating(false)}
      />
      <InitialPasswordModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}
