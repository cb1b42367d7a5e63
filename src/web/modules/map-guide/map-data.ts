import { useQuery } from '@tanstack/react-query';
import {
  mapRouteApi,
  tourSpotApi,
  voiceTypeApi,
  type MapConfig,
  type TourSpotRow,
  type VoiceTypeRow,
} from '../../../shared/api/map-guide.ts';
import { listQueryKey, type PageResult, type SearchFieldDef } from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import type { GuideMarker } from './guide-map.tsx';

export const TOUR_SPOT_PATH = '/mapGuide/tourSpot';
export const SPOT_GUIDE_PATH = '/mapGuide/spotGuide';
export const SPOT_GUIDE_DETAIL_PATH = '/mapGuide/spotGuideDetail';
export const TOUR_ROUTE_PATH = '/mapGuide/tourRoute';
export const TOUR_ROUTE_DETAIL_PATH = '/mapGuide/tourRouteDetail';

/** The area's map configuration (null: no enabled map yet). */
export const useMapConfig = () =>
  useQuery({
    queryKey: [mapRouteApi.getMapConfig],
    queryFn: () => get<MapConfig | null>(mapRouteApi.getMapConfig),
  });

/** Every spot of the area (the largest page, docs/product.md §9), with their voices. */
export const useAllSpots = () =>
  useQuery({
    queryKey: [...listQueryKey(tourSpotApi.list), 'all'],
    queryFn: () => post<PageResult<TourSpotRow>>(tourSpotApi.list, { page: 1, limit: 400 }),
  });

export const useVoiceKinds = () =>
  useQuery({
    queryKey: [...listQueryKey(voiceTypeApi.list), 'all'],
    queryFn: () => post<PageResult<VoiceTypeRow>>(voiceTypeApi.list, { page: 1, limit: 100 }),
  });

/** The spots placed on the map, as markers. */
export const markersOf = (spots: TourSpotRow[] | undefined): GuideMarker[] =>
  (spots ?? []).flatMap((s) =>
    s.latitude === null || s.longitude === null
      ? []
      : [{ id: s.id, lat: s.latitude, lng: s.longitude, name: s.name }],
  );

/** The guide maps' and the routes' filters: name and status. */
export const NAME_STATUS_SEARCH: SearchFieldDef[] = [
  { kind: 'text', name: 'name', label: MapGuideField.name, maxLength: 50 },
  { kind: 'dict', name: 'status', label: MapGuideField.status, dict: EnableStatus },
];
