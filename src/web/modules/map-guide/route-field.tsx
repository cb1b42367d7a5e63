import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pathLength, type Point } from '../../../shared/api/map-guide.ts';
import type { ValueProps } from '../../components/field-props.ts';
import GuideMap from './guide-map.tsx';
import { markersOf, useAllSpots, useMapConfig } from './map-data.ts';

/** A route being drawn: its spots in order, and the path through them (with bends between). */
export interface Drawing {
  spotIds: number[];
  path: Point[];
}
export const EMPTY_DRAWING: Drawing = { spotIds: [], path: [] };

const same = (a: Point | undefined, b: Point | undefined) => !!a && !!b && a.lat === b.lat && a.lng === b.lng;

/** Draws a route on the area's map: a click on a spot adds it (and the path goes there), elsewhere a bend. */
export function RouteField({ value = EMPTY_DRAWING, onChange }: ValueProps<Drawing>) {
  const { t } = useTranslation('mapGuide');
  const config = useMapConfig();
  const spots = useAllSpots();
  const markers = markersOf(spots.data?.rows);
  const at = new Map(markers.map((m) => [m.id, { lat: m.lat, lng: m.lng }]));
  const names = new Map(markers.map((m) => [m.id, m.name]));
  if (config.data === null) return <Alert type="warning" showIcon title={t('noMap')} />;
  if (!config.data) return null;

  const addSpot = (id: number) =>
    onChange?.({ spotIds: [...value.spotIds, id], path: [...value.path, at.get(id)!] });
  const addBend = (p: Point) => onChange?.({ ...value, path: [...value.path, p] });
  const undo = () => {
    const last = value.path.at(-1);
    const lastSpot = value.spotIds.at(-1);
    onChange?.({
      spotIds:
        lastSpot !== undefined && same(last, at.get(lastSpot)) ? value.spotIds.slice(0, -1) : value.spotIds,
      path: value.path.slice(0, -1),
    });
  };
  const order = new Map(value.spotIds.map((id, i) => [id, i + 1]));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('stops')}</Typography.Text>
      <GuideMap
        config={config.data}
        markers={markers.map((m) => (order.has(m.id) ? { ...m, order: order.get(m.id)! } : m))}
        path={value.path}
        onMarker={addSpot}
        onPick={addBend}
        height={440}
      />
      <Space wrap data-testid="route-stops">
        {value.spotIds.length === 0 && <Typography.Text type="secondary">{t('noStops')}</Typography.Text>}
        {value.spotIds.map((id, i) => (
          <Tag key={`${id}-${i}`} color="volcano">
            {i + 1}. {names.get(id) ?? `#${id}`}
          </Tag>
        ))}
      </Space>
      <Space>
        <Typography.Text>{t('approx', { km: (pathLength(value.path) / 1000).toFixed(2) })}</Typography.Text>
        <Button size="small" onClick={undo} disabled={value.path.length === 0}>
          {t('undo')}
        </Button>
        <Button size="small" onClick={() => onChange?.(EMPTY_DRAWING)} disabled={value.path.length === 0}>
          {t('clearRoute')}
        </Button>
      </Space>
    </Space>
  );
}
