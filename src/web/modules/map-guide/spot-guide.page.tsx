import { EnvironmentOutlined } from '@ant-design/icons';
import { InputNumber, Space } from 'antd';
import {
  tourMapApi,
  TourMapCreateSchema,
  TourMapUpdateSchema,
  type Point,
  type TourMapRow,
} from '../../../shared/api/map-guide.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { EditInEditor } from '../../components/editor-page.tsx';
import type { ValueProps } from '../../components/field-props.ts';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';
import { ImageField } from './map-fields.tsx';
import { NAME_STATUS_SEARCH, SPOT_GUIDE_DETAIL_PATH } from './map-data.ts';

/** A corner or the centre: latitude and longitude. */
function PointField({ id, value, onChange }: ValueProps<Point>) {
  const label = useLabel();
  const set = (part: Partial<Point>) =>
    onChange?.({ lat: value?.lat ?? 0, lng: value?.lng ?? 0, ...part } as Point);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number>
        id={id}
        aria-label={label(MapGuideField.latitude)}
        placeholder={label(MapGuideField.latitude)}
        min={-90}
        max={90}
        step={0.001}
        value={value?.lat ?? null}
        onChange={(lat) => set({ lat: lat ?? 0 })}
        style={{ width: '50%' }}
      />
      <InputNumber<number>
        aria-label={label(MapGuideField.longitude)}
        placeholder={label(MapGuideField.longitude)}
        min={-180}
        max={180}
        step={0.001}
        value={value?.lng ?? null}
        onChange={(lng) => set({ lng: lng ?? 0 })}
        style={{ width: '50%' }}
      />
    </Space.Compact>
  );
}

const point = (name: keyof typeof MapGuideField & string) => ({
  name,
  label: MapGuideField[name],
  kind: 'custom' as const,
  required: true,
  render: () => <PointField />,
});
const pointText = (p: unknown) => (p ? `${(p as Point).lat}, ${(p as Point).lng}` : '');

const definition = defineListPage<TourMapRow>({
  id: 'mapGuide.spotGuide',
  url: tourMapApi.list,
  rowKey: 'id',
  perms: { create: 'admin:tourMap:create', update: 'admin:tourMap:update', delete: 'admin:tourMap:deleted' },
  search: NAME_STATUS_SEARCH,
  columns: [
    {
      key: 'image',
      title: MapGuideField.mapImage,
      width: 90,
      render: (value) => (value ? <img src={String(value)} alt="" width={48} height={64} /> : null),
    },
    { key: 'name', title: MapGuideField.name },
    { key: 'centerSpot', title: MapGuideField.centerSpot, render: pointText },
    { key: 'lowerLeft', title: MapGuideField.lowerLeft, render: pointText, hidden: true },
    { key: 'upperRight', title: MapGuideField.upperRight, render: pointText, hidden: true },
    { key: 'radius', title: MapGuideField.radius, width: 120 },
    { key: 'sort', title: MapGuideField.sort, sortable: true, width: 90 },
    { key: 'status', title: MapGuideField.status, kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'updateTime', title: MapGuideField.updateTime, kind: 'dateTime' },
  ],
  form: {
    createUrl: tourMapApi.create,
    updateUrl: tourMapApi.update,
    createSchema: TourMapCreateSchema,
    updateSchema: TourMapUpdateSchema,
    width: 560,
    fields: [
      { name: 'name', label: MapGuideField.name, required: true, maxLength: 50 },
      {
        name: 'image',
        label: MapGuideField.mapImage,
        kind: 'custom',
        required: true,
        render: () => <ImageField />,
      },
      { ...point('upperLeft'), extra: 'mapGuide:cornerHint' },
      point('upperRight'),
      point('lowerLeft'),
      point('lowerRight'),
      point('centerSpot'),
      { name: 'radius', label: MapGuideField.radius, kind: 'number', min: 5, max: 5000 },
      { name: 'mapKey', label: MapGuideField.mapKey, maxLength: 100 },
      { name: 'personLayerId', label: MapGuideField.personLayerId, maxLength: 50 },
      { name: 'mapStyleId', label: MapGuideField.mapStyleId, maxLength: 50 },
      { name: 'sort', label: MapGuideField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: MapGuideField.status, kind: 'dict', dict: EnableStatus, required: true },
    ],
    initialValues: { radius: 50, sort: 0, status: 1 },
  },
  delete: { url: tourMapApi.deleted },
  rowActions: (row) => (
    <EditInEditor
      perm="admin:tourMap:list"
      path={SPOT_GUIDE_DETAIL_PATH}
      id={row.id}
      text="mapGuide:openMap"
      icon={<EnvironmentOutlined />}
    />
  ),
  actionWidth: 240,
});

/** docs/product.md §2 /mapGuide/spotGuide: the area's illustrated maps, placed by their corners. */
export default function SpotGuidePage() {
  return <ListPage definition={definition} />;
}
