import { Form, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  mapRouteApi,
  MapRouteCreateSchema,
  MapRouteUpdateSchema,
  type MapRouteRow,
} from '../../../shared/api/map-guide.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { EditorPage, useEditor, type EditorDefinition } from '../../components/editor-page.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { TOUR_ROUTE_DETAIL_PATH, TOUR_ROUTE_PATH } from './map-data.ts';
import { EMPTY_DRAWING, RouteField, type Drawing } from './route-field.tsx';

type Values = {
  name?: string;
  duration?: number | null;
  introduction?: string;
  sort?: number;
  status?: number;
  route?: Drawing;
};
const FIELDS = ['name', 'duration', 'introduction', 'sort', 'status', 'route'] as const;

const editor: EditorDefinition<Values, MapRouteRow> = {
  fields: FIELDS,
  initial: { name: '', duration: 60, introduction: '', sort: 0, status: 1, route: EMPTY_DRAWING },
  queryKey: (id) => [mapRouteApi.query, id],
  queryUrl: mapRouteApi.query,
  toValues: (data) => ({
    name: data.name,
    duration: data.duration,
    introduction: data.introduction,
    sort: data.sort,
    status: data.status,
    route: { spotIds: data.spotIds, path: data.path },
  }),
  toBody: ({ route, ...values }) => ({ ...values, spotIds: route?.spotIds ?? [], path: route?.path ?? [] }),
  createUrl: mapRouteApi.create,
  updateUrl: mapRouteApi.update,
  createSchema: MapRouteCreateSchema,
  updateSchema: MapRouteUpdateSchema,
  refresh: [listQueryKey(mapRouteApi.list)],
  listPath: TOUR_ROUTE_PATH,
  editorPath: TOUR_ROUTE_DETAIL_PATH,
};

/** docs/product.md §2 /mapGuide/tourRouteDetail (hidden): a route drawn through the spots on the map. */
export default function TourRouteDetailPage() {
  const { t } = useTranslation('mapGuide');
  const label = useLabel();
  const { id, frame, formProps } = useEditor(editor, t('routeNotFound'));
  return (
    <EditorPage
      {...frame}
      title={id === null ? t('newRoute') : t('editRoute')}
      backLabel={t('backToList')}
      savePerm={id === null ? 'admin:mapRoute:create' : 'admin:mapRoute:update'}
    >
      <Form {...formProps}>
        <Space wrap align="start">
          <Form.Item name="name" label={label(MapGuideField.name)} required style={{ minWidth: 260 }}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="duration" label={label(MapGuideField.suggestedDuration)} required>
            <InputNumber<number>
              min={1}
              max={1440}
              precision={0}
              suffix={t('minutesUnit')}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="sort" label={label(MapGuideField.sort)}>
            <InputNumber<number> min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="status" label={label(MapGuideField.status)} required>
            <DictSelect dict={EnableStatus} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="route" label={label(MapGuideField.routeSpots)} required>
          <RouteField />
        </Form.Item>
        <Form.Item name="introduction" label={label(MapGuideField.introduction)}>
          <Input.TextArea maxLength={1000} rows={3} />
        </Form.Item>
      </Form>
    </EditorPage>
  );
}
