import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, InboxOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, Space, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  pictureGroupApi,
  type PictureGroupRow,
  type PictureRow,
} from '../../../shared/api/picture-groups.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { usePermission } from '../../components/can.tsx';
import { imageProblems } from '../../components/image-upload.tsx';
import { toast } from '../../lib/feedback.ts';
import { get, post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

const UPDATE = 'admin:scenicPictureGroup:update';
const picturesKey = (groupId: number) => [pictureGroupApi.pictures, groupId] as const;

interface ItemProps {
  picture: PictureRow;
  index: number;
  count: number;
  editable: boolean;
  onMove: (from: number, to: number) => void;
  onChanged: () => void;
}

/** One picture: drag handle, thumbnail, caption, move up / down and delete. */
function PictureItem({ picture, index, count, editable, onMove, onChanged }: ItemProps) {
  const { t } = useTranslation('pictureGroups');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: picture.id, disabled: !editable });
  const n = index + 1;
  const caption = useAction(
    (text: string) => post<PictureRow>(pictureGroupApi.updatePicture, { id: picture.id, caption: text }),
    { onSuccess: onChanged },
  );
  return (
    <li
      ref={setNodeRef}
      data-testid="picture-item"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: 8,
        marginBottom: 8,
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
        borderRadius: 6,
        background: 'var(--ant-color-bg-container, #fff)',
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        icon={<HolderOutlined />}
        aria-label={t('dragHandle', { index: n })}
        disabled={!editable}
        style={{ cursor: editable ? 'grab' : undefined, touchAction: 'none' }}
        {...attributes}
        {...listeners}
      />
      <img
        src={picture.url}
        alt={picture.caption || t('pictureAlt', { index: n })}
        width={96}
        height={64}
        style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
      />
      <Input
        key={`${picture.id}:${picture.caption}`}
        defaultValue={picture.caption}
        maxLength={100}
        aria-label={t('captionLabel', { index: n })}
        placeholder={t('captionPlaceholder')}
        disabled={!editable || caption.pending}
        onBlur={(e) => {
          const text = e.target.value.trim();
          if (text !== picture.caption) void caption.run(text);
        }}
        onPressEnter={(e) => e.currentTarget.blur()}
      />
      <Button
        icon={<ArrowUpOutlined />}
        aria-label={t('moveUp', { index: n })}
        disabled={!editable || index === 0}
        onClick={() => onMove(index, index - 1)}
      />
      <Button
        icon={<ArrowDownOutlined />}
        aria-label={t('moveDown', { index: n })}
        disabled={!editable || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      />
      <ConfirmAction
        perm={UPDATE}
        okDanger
        title={t('removeConfirm')}
        action={() => get(pictureGroupApi.deletePicture, { id: picture.id })}
        onSuccess={onChanged}
        button={{ danger: true, 'aria-label': t('removeLabel', { index: n }) }}
      >
        {t('remove')}
      </ConfirmAction>
    </li>
  );
}

/** Uploads the chosen files one by one, then adds them to the group in one request, in the order chosen. */
function useUploadMany(groupId: number, onAdded: (list: PictureRow[]) => void) {
  const { t } = useTranslation(['pictureGroups', 'widgets']);
  const add = useAction(
    async (files: File[]) => {
      const urls: string[] = [];
      for (const file of files) {
        const form = new FormData();
        form.append('file', file);
        const url = (await post<string[]>(storageApi.uploadUnMove, form))?.[0];
        if (!url) throw new Error('no url in the answer');
        urls.push(url);
      }
      return post<PictureRow[]>(pictureGroupApi.addPictures, {
        groupId,
        pictures: urls.map((url) => ({ url })),
      });
    },
    {
      success: (_, files) => t('added', { count: files.length }),
      failure: t('widgets:uploadFailed'),
      onSuccess: onAdded,
    },
  );
  // antd calls this once per file with the whole selection: the batch starts at its last file
  const beforeUpload = (file: File & { uid?: string }, selection: (File & { uid?: string })[]) => {
    if (file.uid === selection[selection.length - 1]?.uid) {
      const good = selection.filter((f) => {
        const problems = imageProblems(f);
        for (const problem of problems) toast.error(`${f.name}: ${t(`widgets:${problem}`)}`);
        return !problems.length;
      });
      if (good.length) void add.run(good);
    }
    return Upload.LIST_IGNORE;
  };
  return { ...add, beforeUpload };
}

export interface PictureManagerProps {
  /** The group whose pictures are managed; null: closed. */
  group: PictureGroupRow | null;
  onClose: () => void;
  /** After any change (the list's cover and count). */
  onChanged: () => void;
}

/** A group's pictures: upload several at once, reorder by drag or by buttons (saved at once), caption, delete. */
export function PictureManager({ group, onClose, onChanged }: PictureManagerProps) {
  const { t } = useTranslation('pictureGroups');
  const groupId = group?.id ?? 0;
  const editable = usePermission()(UPDATE);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: picturesKey(groupId),
    queryFn: () => get<PictureRow[]>(pictureGroupApi.pictures, { groupId }),
    enabled: groupId > 0,
  });
  const [order, setOrder] = useState<PictureRow[]>([]);
  useEffectOnChange(() => setOrder(query.data ?? []), [query.data]);

  const changed = (list?: PictureRow[]) => {
    if (list) queryClient.setQueryData(picturesKey(groupId), list);
    else void query.refetch();
    onChanged();
  };
  const reorder = useAction(
    (ids: number[]) => post<PictureRow[]>(pictureGroupApi.reorder, { groupId, ids }),
    {
      success: t('orderSaved'),
      onSuccess: (list) => changed(list),
      onError: () => void query.refetch(),
    },
  );
  const upload = useUploadMany(groupId, (list) => changed(list));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = arrayMove(order, from, to);
    setOrder(next);
    void reorder.run(next.map((p) => p.id));
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => order.findIndex((p) => p.id === id) + 1;
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('picked', { index: position(active.id) }),
      // the first "over" is the picture itself: still just picked up
      onDragOver: ({ active, over }) =>
        !over
          ? undefined
          : over.id === active.id
            ? t('picked', { index: position(active.id) })
            : t('movedOver', { from: position(active.id), to: position(over.id) }),
      onDragEnd: ({ active, over }) =>
        over ? t('dropped', { from: position(active.id), to: position(over.id) }) : t('dragCancelled'),
      onDragCancel: () => t('dragCancelled'),
    }),
    [t, order],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(position(active.id) - 1, position(over.id) - 1);
  };

  return (
    <Drawer
      open={!!group}
      onClose={onClose}
      title={group ? t('managerTitle', { name: group.name }) : ''}
      size={640}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Upload.Dragger
          multiple
          accept=".jpg,.jpeg,.png,.gif"
          showUploadList={false}
          disabled={!editable || upload.pending}
          beforeUpload={upload.beforeUpload}
          data-testid="picture-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('uploadMany')}</p>
        </Upload.Dragger>
        <Typography.Text type="secondary">{t('uploadHint')}</Typography.Text>
        {order.length ? (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragInstructions') } }}
          >
            <SortableContext items={order.map((p) => p.id)} strategy={verticalListSortingStrategy}>
              <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-busy={reorder.pending}>
                {order.map((picture, index) => (
                  <PictureItem
                    key={picture.id}
                    picture={picture}
                    index={index}
                    count={order.length}
                    editable={editable && !reorder.pending}
                    onMove={move}
                    onChanged={() => changed()}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        ) : (
          !query.isLoading && <Empty description={t('empty')} />
        )}
      </Space>
    </Drawer>
  );
}
