import { TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  scenicSpotApi,
  ScenicSpotCreateSchema,
  ScenicSpotUpdateSchema,
  type ScenicSpotRow,
} from '../../../shared/api/scenic-spots.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { ScenicSpotField, SpotType } from '../../../shared/dict/scenic-spots.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import type { ValueProps } from '../../components/field-props.ts';

/** "HH:mm" in and out; cleared is ''. */
function TimeOfDayField({ id, value, onChange }: ValueProps<string>) {
  const [h, m] = (value ?? '').split(':').map(Number);
  return (
    <TimePicker
      id={id}
      format="HH:mm"
      minuteStep={5}
      value={
        value
          ? dayjs()
              .hour(h ?? 0)
              .minute(m ?? 0)
          : null
      }
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : '')}
      style={{ width: '100%' }}
    />
  );
}

function ImageField({ value, onChange }: ValueProps<string>) {
  return <ImageUpload action={storageApi.uploadUnMove} value={value} onChange={(url) => onChange?.(url)} />;
}

function Hours({ row }: { row: ScenicSpotRow }) {
  const { t } = useTranslation('scenicSpots');
  return row.openTime ? `${row.openTime} – ${row.closeTime}` : t('allDay');
}

const definition = defineListPage<ScenicSpotRow>({
  id: 'scenic.viewpoint',
  url: scenicSpotApi.page,
  exportUrl: scenicSpotApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:scenicSpot:create',
    update: 'admin:scenicSpot:update',
    delete: 'admin:scenicSpot:delete',
    status: 'admin:scenicSpot:update',
    export: 'admin:scenicSpot:page',
  },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: ScenicSpotField.name,
      placeholder: 'scenicSpots:namePlaceholder',
      maxLength: 50,
    },
    { kind: 'dict', name: 'spotType', label: ScenicSpotField.spotType, dict: SpotType },
    { kind: 'dict', name: 'status', label: ScenicSpotField.status, dict: EnableStatus },
  ],
  columns: [
    {
      key: 'image',
      title: ScenicSpotField.image,
      width: 90,
      render: (value) => (value ? <img src={String(value)} alt="" width={56} height={40} /> : null),
    },
    { key: 'name', title: ScenicSpotField.name, sortable: true },
    { key: 'spotType', title: ScenicSpotField.spotType, kind: 'dict', dict: SpotType, width: 110 },
    { key: 'openTime', title: ScenicSpotField.hours, render: (_, row) => <Hours row={row} />, width: 140 },
    { key: 'introduction', title: ScenicSpotField.introduction, ellipsis: true, hidden: true },
    { key: 'sort', title: ScenicSpotField.sort, sortable: true, width: 90 },
    { key: 'status', title: ScenicSpotField.status, kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'createTime', title: ScenicSpotField.createTime, kind: 'dateTime', sortable: true },
    { key: 'updateTime', title: ScenicSpotField.updateTime, kind: 'dateTime', hidden: true },
  ],
  form: {
    createUrl: scenicSpotApi.create,
    updateUrl: scenicSpotApi.update,
    createSchema: ScenicSpotCreateSchema,
    updateSchema: ScenicSpotUpdateSchema,
    fields: [
      { name: 'name', label: ScenicSpotField.name, required: true, maxLength: 50 },
      { name: 'spotType', label: ScenicSpotField.spotType, kind: 'dict', dict: SpotType, required: true },
      { name: 'image', label: ScenicSpotField.image, kind: 'custom', render: () => <ImageField /> },
      { name: 'introduction', label: ScenicSpotField.introduction, kind: 'textarea', maxLength: 2000 },
      {
        name: 'openTime',
        label: ScenicSpotField.openTime,
        kind: 'custom',
        extra: 'scenicSpots:hoursHint',
        render: () => <TimeOfDayField />,
      },
      {
        name: 'closeTime',
        label: ScenicSpotField.closeTime,
        kind: 'custom',
        render: () => <TimeOfDayField />,
      },
      {
        name: 'latitude',
        label: ScenicSpotField.latitude,
        kind: 'number',
        min: -90,
        max: 90,
        extra: 'scenicSpots:positionHint',
      },
      { name: 'longitude', label: ScenicSpotField.longitude, kind: 'number', min: -180, max: 180 },
      { name: 'sort', label: ScenicSpotField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: ScenicSpotField.status, kind: 'dict', dict: EnableStatus, required: true },
    ],
    initialValues: { spotType: 1, sort: 0, status: 1, openTime: '', closeTime: '' },
    // a cleared position is sent as null, so an edit can remove it
    toBody: (values, row) => ({
      ...values,
      latitude: values.latitude ?? null,
      longitude: values.longitude ?? null,
      ...(row ? { id: row.id } : {}),
    }),
  },
  delete: { url: scenicSpotApi.delete },
  status: { url: scenicSpotApi.status },
});

/** docs/product.md §2 /scenic/viewpoint: the spots inside the area, for the mini-program's guide. */
export default function ScenicSpotListPage() {
  return <ListPage definition={definition} />;
}
