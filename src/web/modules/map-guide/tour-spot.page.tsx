import {
  tourSpotApi,
  TourSpotCreateSchema,
  TourSpotUpdateSchema,
  type Point,
  type TourSpotRow,
} from '../../../shared/api/map-guide.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { SpotType } from '../../../shared/dict/scenic-spots.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { ImageField, ImagesField, PositionField } from './map-fields.tsx';

const thumb = (value: unknown) => (value ? <img src={String(value)} alt="" width={40} height={40} /> : null);

const definition = defineListPage<TourSpotRow>({
  id: 'mapGuide.tourSpot',
  url: tourSpotApi.list,
  exportUrl: tourSpotApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:tourSpot:create',
    update: 'admin:tourSpot:update',
    delete: 'admin:tourSpot:deleted',
  },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: MapGuideField.spotName,
      placeholder: 'mapGuide:namePlaceholder',
      maxLength: 50,
    },
    { kind: 'dict', name: 'spotType', label: MapGuideField.spotType, dict: SpotType },
    { kind: 'dict', name: 'status', label: MapGuideField.status, dict: EnableStatus },
  ],
  columns: [
    { key: 'icon', title: MapGuideField.icon, width: 70, render: thumb },
    { key: 'name', title: MapGuideField.spotName, sortable: true },
    { key: 'spotType', title: MapGuideField.spotType, kind: 'dict', dict: SpotType, width: 110 },
    {
      key: 'latitude',
      title: MapGuideField.position,
      render: (_, row) => (row.latitude === null ? '—' : `${row.latitude}, ${row.longitude}`),
    },
    { key: 'voices', title: MapGuideField.voices, width: 100, render: (_, row) => row.voices.length },
    { key: 'introduction', title: MapGuideField.introduction, ellipsis: true, hidden: true },
    { key: 'sort', title: MapGuideField.sort, sortable: true, width: 90 },
    { key: 'status', title: MapGuideField.status, kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'updateTime', title: MapGuideField.updateTime, kind: 'dateTime', hidden: true },
  ],
  form: {
    createUrl: tourSpotApi.create,
    updateUrl: tourSpotApi.update,
    createSchema: TourSpotCreateSchema,
    updateSchema: TourSpotUpdateSchema,
    width: 640,
    fields: [
      { name: 'name', label: MapGuideField.spotName, required: true, maxLength: 50 },
      { name: 'spotType', label: MapGuideField.spotType, kind: 'dict', dict: SpotType, required: true },
      { name: 'position', label: MapGuideField.position, kind: 'custom', render: () => <PositionField /> },
      { name: 'icon', label: MapGuideField.icon, kind: 'custom', render: () => <ImageField /> },
      { name: 'image', label: MapGuideField.image, kind: 'custom', render: () => <ImageField /> },
      { name: 'images', label: MapGuideField.images, kind: 'custom', render: () => <ImagesField /> },
      { name: 'introduction', label: MapGuideField.introduction, kind: 'textarea', maxLength: 2000 },
      { name: 'sort', label: MapGuideField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: MapGuideField.status, kind: 'dict', dict: EnableStatus, required: true },
    ],
    initialValues: { spotType: 1, sort: 0, status: 1, images: [], position: null },
    toValues: (row) => ({
      ...row,
      position:
        row.latitude === null || row.longitude === null ? null : { lat: row.latitude, lng: row.longitude },
    }),
    toBody: (values, row) => {
      const { position, ...rest } = values as { position?: Point | null };
      return {
        ...rest,
        latitude: position?.lat ?? null,
        longitude: position?.lng ?? null,
        ...(row ? { id: row.id } : {}),
      };
    },
  },
  delete: { url: tourSpotApi.deleted },
});

/** docs/product.md §2 /mapGuide/tourSpot: the area's spots placed on its illustrated map. */
export default function TourSpotPage() {
  return <ListPage definition={definition} />;
}
