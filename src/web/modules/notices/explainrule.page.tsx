import { useMemo, useState } from 'react';
import {
  agreementApi,
  AgreementCreateSchema,
  AgreementUpdateSchema,
  type AgreementRow,
} from '../../../shared/api/notices.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { NoticeField } from '../../../shared/dict/notices.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { LazyRichTextEditor } from '../../components/rich-text/index.ts';
import { PreviewButton, PreviewModal } from './preview-modal.tsx';

/** docs/product.md §2 /ticket/explainrule: the ticket agreements a visitor accepts when buying. */
export default function ExplainRulePage() {
  const [preview, setPreview] = useState<AgreementRow | null>(null);

  const definition = useMemo(
    () =>
      defineListPage<AgreementRow>({
        id: 'ticket.explainrule',
        url: agreementApi.page,
        rowKey: 'id',
        perms: {
          create: 'admin:explainRule:create',
          update: 'admin:explainRule:update',
          delete: 'admin:explainRule:delete',
          status: 'admin:explainRule:update',
        },
        search: [
          { kind: 'text', name: 'title', label: NoticeField.title, maxLength: 100 },
          { kind: 'dict', name: 'status', label: NoticeField.status, dict: EnableStatus },
        ],
        columns: [
          { key: 'title', title: NoticeField.title, sortable: true, ellipsis: true, width: 320 },
          { key: 'status', title: NoticeField.status, kind: 'dict', dict: EnableStatus },
          { key: 'sort', title: NoticeField.sort, sortable: true },
          { key: 'updateTime', title: NoticeField.updateTime, kind: 'dateTime', sortable: true },
          { key: 'createTime', title: NoticeField.createTime, kind: 'dateTime', hidden: true },
        ],
        form: {
          createUrl: agreementApi.create,
          updateUrl: agreementApi.update,
          createSchema: AgreementCreateSchema,
          updateSchema: AgreementUpdateSchema,
          container: 'modal',
          width: 960,
          fields: [
            { name: 'title', label: NoticeField.title, required: true, maxLength: 100 },
            {
              name: 'content',
              label: NoticeField.content,
              kind: 'custom',
              required: true,
              render: () => <LazyRichTextEditor minHeight={320} maxHeight={480} />,
            },
            { name: 'sort', label: NoticeField.sort, kind: 'number', min: 0, max: 99_999 },
            { name: 'status', label: NoticeField.status, kind: 'dict', dict: EnableStatus, required: true },
          ],
          initialValues: { status: 1, sort: 0, content: '' },
        },
        delete: { url: agreementApi.delete },
        status: { url: agreementApi.status },
        rowActions: (row) => <PreviewButton onClick={() => setPreview(row)} />,
        actionWidth: 240,
      }),
    [],
  );

  return (
    <>
      <ListPage definition={definition} />
      <PreviewModal
        title={preview?.title ?? ''}
        html={preview?.content ?? null}
        open={!!preview}
        onClose={() => setPreview(null)}
      />
    </>
  );
}
