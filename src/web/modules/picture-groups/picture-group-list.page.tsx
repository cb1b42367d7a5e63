import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  pictureGroupApi,
  PictureGroupCreateSchema,
  PictureGroupUpdateSchema,
  type PictureGroupRow,
} from '../../../shared/api/picture-groups.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PictureGroupField, PictureShowType } from '../../../shared/dict/picture-groups.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { PictureManager } from './picture-manager.tsx';

function ManageButton({ row, onOpen }: { row: PictureGroupRow; onOpen: () => void }) {
  const { t } = useTranslation('pictureGroups');
  return (
    <Button type="link" size="small" onClick={onOpen} data-testid={`manage-${row.id}`}>
      {t('manage')}
    </Button>
  );
}

function Cover({ row }: { row: PictureGroupRow }) {
  return row.cover ? (
    <img src={row.cover} alt="" width={64} height={42} style={{ objectFit: 'cover', borderRadius: 4 }} />
  ) : null;
}

/** docs/product.md §2 /scenic/pictureCate: the area's picture groups (§9 show types) and their pictures. */
export default function PictureGroupListPage() {
  const [managing, setManaging] = useState<{ row: PictureGroupRow; reload: () => void } | null>(null);

  const definition = useMemo(
    () =>
      defineListPage<PictureGroupRow>({
        id: 'scenic.pictureCate',
        url: pictureGroupApi.page,
        exportUrl: pictureGroupApi.export,
        rowKey: 'id',
        perms: {
          create: 'admin:scenicPictureGroup:create',
          update: 'admin:scenicPictureGroup:update',
          delete: 'admin:scenicPictureGroup:delete',
          status: 'admin:scenicPictureGroup:update',
          export: 'admin:scenicPictureGroup:page',
        },
        search: [
          {
            kind: 'text',
            name: 'name',
            label: PictureGroupField.name,
            placeholder: 'pictureGroups:namePlaceholder',
            maxLength: 50,
          },
          { kind: 'dict', name: 'showType', label: PictureGroupField.showType, dict: PictureShowType },
          { kind: 'dict', name: 'status', label: PictureGroupField.status, dict: EnableStatus },
        ],
        columns: [
          {
            key: 'cover',
            title: PictureGroupField.cover,
            width: 90,
            render: (_, row) => <Cover row={row} />,
          },
          { key: 'name', title: PictureGroupField.name, sortable: true },
          {
            key: 'showType',
            title: PictureGroupField.showType,
            kind: 'dict',
            dict: PictureShowType,
            width: 110,
          },
          { key: 'pictureCount', title: PictureGroupField.pictureCount, width: 90 },
          { key: 'sort', title: PictureGroupField.sort, sortable: true, width: 90 },
          { key: 'status', title: PictureGroupField.status, kind: 'dict', dict: EnableStatus, width: 100 },
          { key: 'createTime', title: PictureGroupField.createTime, kind: 'dateTime', sortable: true },
          { key: 'updateTime', title: PictureGroupField.updateTime, kind: 'dateTime', hidden: true },
        ],
        form: {
          createUrl: pictureGroupApi.create,
          updateUrl: pictureGroupApi.update,
          createSchema: PictureGroupCreateSchema,
          updateSchema: PictureGroupUpdateSchema,
          fields: [
            { name: 'name', label: PictureGroupField.name, required: true, maxLength: 50 },
            {
              name: 'showType',
              label: PictureGroupField.showType,
              kind: 'dict',
              dict: PictureShowType,
              required: true,
            },
            { name: 'sort', label: PictureGroupField.sort, kind: 'number', min: 0, max: 9999 },
            {
              name: 'status',
              label: PictureGroupField.status,
              kind: 'dict',
              dict: EnableStatus,
              required: true,
            },
          ],
          initialValues: { showType: 1, sort: 0, status: 1 },
        },
        delete: { url: pictureGroupApi.delete },
        status: { url: pictureGroupApi.status },
        rowActions: (row, { reload }) => (
          <ManageButton row={row} onOpen={() => setManaging({ row, reload })} />
        ),
        actionWidth: 240,
      }),
    [],
  );

  return (
    <>
      <ListPage definition={definition} />
      <PictureManager
        group={managing?.row ?? null}
        onClose={() => setManaging(null)}
        onChanged={() => managing?.reload()}
      />
    </>
  );
}
