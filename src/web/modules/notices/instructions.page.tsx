import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { noticeApi, type NoticeDetail, type NoticeRow } from '../../../shared/api/notices.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { NoticeField, NoticeType } from '../../../shared/dict/notices.ts';
import { EditInEditor, NewInEditor } from '../../components/editor-page.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';
import { NOTICE_DETAIL_PATH, noticeQueryKey } from './paths.ts';
import { PreviewButton, PreviewModal } from './preview-modal.tsx';

function NoticePreview({ row, onClose }: { row: NoticeRow | null; onClose: () => void }) {
  const { data } = useQuery({
    queryKey: noticeQueryKey(row?.id ?? 0),
    queryFn: () => get<NoticeDetail>(noticeApi.query, { id: row?.id }),
    enabled: !!row,
  });
  return (
    <PreviewModal
      title={row?.title ?? ''}
      html={data && data.id === row?.id ? data.content : null}
      open={!!row}
      onClose={onClose}
    />
  );
}

/** docs/product.md §2 /ticket/instructions: purchase-notice templates; edited on instructionsDetailPage. */
export default function InstructionsPage() {
  const [preview, setPreview] = useState<NoticeRow | null>(null);

  const definition = useMemo(
    () =>
      defineListPage<NoticeRow>({
        id: 'ticket.instructions',
        url: noticeApi.page,
        exportUrl: noticeApi.export,
        rowKey: 'id',
        perms: {
          delete: 'admin:instructions:delete',
          status: 'admin:instructions:update',
          export: 'admin:instructions:page',
        },
        search: [
          { kind: 'text', name: 'title', label: NoticeField.title, maxLength: 100 },
          { kind: 'dict', name: 'noticeType', label: NoticeField.noticeType, dict: NoticeType },
          { kind: 'dict', name: 'status', label: NoticeField.status, dict: EnableStatus },
        ],
        columns: [
          { key: 'title', title: NoticeField.title, sortable: true, ellipsis: true, width: 280 },
          {
            key: 'noticeType',
            title: NoticeField.noticeType,
            kind: 'dict',
            dict: NoticeType,
            sortable: true,
          },
          { key: 'status', title: NoticeField.status, kind: 'dict', dict: EnableStatus },
          { key: 'sort', title: NoticeField.sort, sortable: true },
          { key: 'updateTime', title: NoticeField.updateTime, kind: 'dateTime', sortable: true },
          { key: 'createTime', title: NoticeField.createTime, kind: 'dateTime', hidden: true },
        ],
        delete: { url: noticeApi.delete },
        status: { url: noticeApi.status },
        toolbar: () => <NewInEditor perm="admin:instructions:create" path={NOTICE_DETAIL_PATH} />,
        rowActions: (row) => (
          <>
            <EditInEditor perm="admin:instructions:update" path={NOTICE_DETAIL_PATH} id={row.id} />
            <PreviewButton onClick={() => setPreview(row)} />
          </>
        ),
        actionWidth: 260,
      }),
    [],
  );

  return (
    <>
      <ListPage definition={definition} />
      <NoticePreview row={preview} onClose={() => setPreview(null)} />
    </>
  );
}
