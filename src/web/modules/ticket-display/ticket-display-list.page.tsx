import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ticketDisplayApi,
  TicketDisplayUpdateSchema,
  type TicketDisplayRow,
} from '../../../shared/api/ticket-display.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { DisplayStatus, MAX_DISPLAY_TAGS, TicketDisplayField } from '../../../shared/dict/ticket-display.ts';
import { ShelfStatus } from '../../../shared/dict/product.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';
import type { ValueProps } from '../../components/field-props.ts';

function CoverField({ value, onChange }: ValueProps<string>) {
  return <ImageUpload action={storageApi.uploadUnMove} value={value} onChange={(url) => onChange?.(url)} />;
}

/** A few short strings, typed and confirmed with Enter. */
function TagsField({ id, value, onChange }: ValueProps<string[]>) {
  const label = useLabel();
  return (
    <Select
      id={id}
      mode="tags"
      value={value ?? []}
      onChange={(tags: string[]) => onChange?.(tags.map((s) => s.trim()).filter(Boolean))}
      maxCount={MAX_DISPLAY_TAGS}
      open={false}
      suffixIcon={null}
      aria-label={label(TicketDisplayField.tags)}
      style={{ width: '100%' }}
    />
  );
}

function Tags({ tags }: { tags: string[] }) {
  return (
    <>
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </>
  );
}

function DisplayName({ row }: { row: TicketDisplayRow }) {
  const { t } = useTranslation('ticketDisplay');
  return row.customized ? (
    row.displayName
  ) : (
    <span title={t('defaultsHint')}>
      {row.displayName} <Tag>{t('defaultsTag')}</Tag>
    </span>
  );
}

const definition = defineListPage<TicketDisplayRow>({
  id: 'scenic.ticmes',
  url: ticketDisplayApi.page,
  exportUrl: ticketDisplayApi.export,
  rowKey: 'productId',
  perms: {
    update: 'admin:ticketDisplay:update',
    status: 'admin:ticketDisplay:update',
    export: 'admin:ticketDisplay:page',
  },
  search: [
    {
      kind: 'text',
      name: 'productName',
      label: TicketDisplayField.productName,
      placeholder: 'ticketDisplay:productPlaceholder',
      maxLength: 100,
    },
    { kind: 'dict', name: 'status', label: TicketDisplayField.status, dict: DisplayStatus },
  ],
  columns: [
    {
      key: 'cover',
      title: TicketDisplayField.cover,
      width: 90,
      render: (value) =>
        value ? (
          <img
            src={String(value)}
            alt=""
            width={64}
            height={42}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        ) : null,
    },
    { key: 'productName', title: TicketDisplayField.productName, sortable: true },
    {
      key: 'displayName',
      title: TicketDisplayField.displayName,
      render: (_, row) => <DisplayName row={row} />,
    },
    { key: 'shortText', title: TicketDisplayField.shortText, ellipsis: true },
    { key: 'tags', title: TicketDisplayField.tags, render: (_, row) => <Tags tags={row.tags} /> },
    { key: 'sort', title: TicketDisplayField.sort, sortable: true, width: 90 },
    { key: 'status', title: TicketDisplayField.status, kind: 'dict', dict: DisplayStatus, width: 130 },
    {
      key: 'shelfStatus',
      title: TicketDisplayField.shelfStatus,
      kind: 'dict',
      dict: ShelfStatus,
      width: 100,
    },
    { key: 'price', title: TicketDisplayField.price, kind: 'money', width: 100, hidden: true },
    {
      key: 'updateTime',
      title: TicketDisplayField.updateTime,
      kind: 'dateTime',
      sortable: true,
      hidden: true,
    },
  ],
  form: {
    updateUrl: ticketDisplayApi.update,
    updateSchema: TicketDisplayUpdateSchema,
    fields: [
      { name: 'displayName', label: TicketDisplayField.displayName, required: true, maxLength: 30 },
      { name: 'cover', label: TicketDisplayField.cover, kind: 'custom', render: () => <CoverField /> },
      { name: 'shortText', label: TicketDisplayField.shortText, kind: 'textarea', maxLength: 100 },
      {
        name: 'tags',
        label: TicketDisplayField.tags,
        kind: 'custom',
        extra: 'ticketDisplay:tagsHint',
        render: () => <TagsField />,
      },
      { name: 'sort', label: TicketDisplayField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: TicketDisplayField.status, kind: 'dict', dict: DisplayStatus, required: true },
    ],
  },
  status: {
    url: ticketDisplayApi.status,
    body: (ids, status) => ({ productIds: ids, status }),
    wording: 'show',
  },
});

/** docs/product.md §2 /scenic/ticmes: how the mini-program shows each ticket product of the area. */
export default function TicketDisplayListPage() {
  return <ListPage definition={definition} />;
}
