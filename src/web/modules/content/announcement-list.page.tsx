import { announcementApi, type AnnouncementRow } from '../../../shared/api/content.ts';
import { AnnouncementField, ContentState, PinnedFlag } from '../../../shared/dict/content.ts';
import { EditInEditor, NewInEditor } from '../../components/editor-page.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { WindowText } from '../../components/date-pickers.tsx';
import { CoverThumb, MoveButtons } from './content-parts.tsx';
import { ANNOUNCEMENT_DETAIL_PATH } from './paths.ts';

const definition = defineListPage<AnnouncementRow>({
  id: 'scenic.announcement',
  url: announcementApi.page,
  exportUrl: announcementApi.export,
  rowKey: 'id',
  perms: { delete: 'admin:announcement:delete', export: 'admin:announcement:page' },
  search: [
    {
      kind: 'text',
      name: 'title',
      label: AnnouncementField.title,
      placeholder: 'content:titlePlaceholder',
      maxLength: 100,
    },
    { kind: 'dict', name: 'state', label: AnnouncementField.state, dict: ContentState },
    // the server wants a boolean
    {
      kind: 'dict',
      name: 'pinned',
      label: AnnouncementField.pinned,
      dict: PinnedFlag,
      toParam: (code) => Number(code) === 1,
    },
  ],
  columns: [
    {
      key: 'cover',
      title: AnnouncementField.cover,
      width: 90,
      render: (value) => <CoverThumb src={String(value ?? '')} />,
    },
    { key: 'title', title: AnnouncementField.title, sortable: true, ellipsis: true, width: 260 },
    {
      key: 'publishFrom',
      title: AnnouncementField.publishWindow,
      sortable: true,
      width: 300,
      render: (_, row) => <WindowText from={row.publishFrom} to={row.publishTo} />,
    },
    { key: 'pinned', title: AnnouncementField.pinned, kind: 'boolean', width: 80 },
    { key: 'state', title: AnnouncementField.state, kind: 'dict', dict: ContentState, width: 100 },
    { key: 'updateTime', title: AnnouncementField.updateTime, kind: 'dateTime', sortable: true },
    { key: 'publishTime', title: AnnouncementField.publishTime, kind: 'dateTime', hidden: true },
    { key: 'createTime', title: AnnouncementField.createTime, kind: 'dateTime', hidden: true },
  ],
  delete: { url: announcementApi.delete },
  toolbar: () => <NewInEditor perm="admin:announcement:create" path={ANNOUNCEMENT_DETAIL_PATH} />,
  rowActions: (row, { reload }) => (
    <>
      <EditInEditor perm="admin:announcement:update" path={ANNOUNCEMENT_DETAIL_PATH} id={row.id} />
      <MoveButtons row={row} urls={announcementApi} perm="admin:announcement:publish" onDone={reload} />
    </>
  ),
  actionWidth: 260,
});

/** docs/product.md §2 /scenic/announcement: the area's announcements; edited on /scenic/announDetail. */
export default function AnnouncementListPage() {
  return <ListPage definition={definition} />;
}
