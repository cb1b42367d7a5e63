import { useTranslation } from 'react-i18next';
import { mapRouteApi, type MapRouteRow } from '../../../shared/api/map-guide.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { DurationText } from '../../components/duration-text.tsx';
import { EditInEditor, NewInEditor } from '../../components/editor-page.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { NAME_STATUS_SEARCH, TOUR_ROUTE_DETAIL_PATH, useAllSpots } from './map-data.ts';

/** Metres as kilometres with one decimal. */
export function Kilometres({ metres }: { metres: number }) {
  const { t } = useTranslation('mapGuide');
  return <>{t('km', { km: (metres / 1000).toFixed(1) })}</>;
}

function StopNames({ ids }: { ids: number[] }) {
  const spots = useAllSpots();
  const names = new Map((spots.data?.rows ?? []).map((s) => [s.id, s.name]));
  return <>{ids.map((id) => names.get(id) ?? `#${id}`).join(' → ')}</>;
}

const definition = defineListPage<MapRouteRow>({
  id: 'mapGuide.tourRoute',
  url: mapRouteApi.list,
  exportUrl: mapRouteApi.export,
  rowKey: 'id',
  perms: { delete: 'admin:mapRoute:deleted' },
  search: NAME_STATUS_SEARCH,
  columns: [
    { key: 'name', title: MapGuideField.name, width: 160 },
    { key: 'spotIds', title: MapGuideField.routeSpots, render: (_, row) => <StopNames ids={row.spotIds} /> },
    {
      key: 'distance',
      title: MapGuideField.distance,
      width: 110,
      render: (_, row) => <Kilometres metres={row.distance} />,
    },
    {
      key: 'duration',
      title: MapGuideField.suggestedDuration,
      width: 140,
      render: (_, row) => <DurationText minutes={row.duration} />,
    },
    { key: 'sort', title: MapGuideField.sort, sortable: true, width: 90 },
    { key: 'status', title: MapGuideField.status, kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'updateTime', title: MapGuideField.updateTime, kind: 'dateTime', hidden: true },
  ],
  delete: { url: mapRouteApi.deleted },
  toolbar: () => (
    <NewInEditor perm="admin:mapRoute:create" path={TOUR_ROUTE_DETAIL_PATH} text="mapGuide:newRoute" />
  ),
  rowActions: (row) => (
    <EditInEditor perm="admin:mapRoute:update" path={TOUR_ROUTE_DETAIL_PATH} id={row.id} />
  ),
});

/** docs/product.md §2 /mapGuide/tourRoute: suggested routes through the spots. */
export default function TourRoutePage() {
  return <ListPage definition={definition} />;
}
