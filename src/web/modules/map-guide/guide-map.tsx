import 'leaflet/dist/leaflet.css';
import type { LatLngBoundsExpression, LeafletMouseEvent } from 'leaflet';
import { useEffect } from 'react';
import {
  CircleMarker,
  ImageOverlay,
  MapContainer,
  Polyline,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { mapBounds, type MapConfig, type Point } from '../../../shared/api/map-guide.ts';

/** A spot on the map: its position, name and whether it is the selected one (or its place on a route). */
export interface GuideMarker {
  id: number;
  lat: number;
  lng: number;
  name: string;
  active?: boolean;
  /** its number on the route being drawn */
  order?: number;
}

export interface GuideMapProps {
  config: MapConfig;
  markers: GuideMarker[];
  /** a route's path, drawn as a line */
  path?: Point[];
  /** a click on the map (not on a marker) */
  onPick?: (point: Point) => void;
  onMarker?: (id: number) => void;
  /** where the next spot goes (the form's position) */
  pin?: Point | null;
  height?: number;
}

function ClickCatcher({ onPick }: { onPick: (point: Point) => void }) {
  useMapEvents({
    click: (e: LeafletMouseEvent) =>
      onPick({ lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) }),
  });
  return null;
}

/**
 * Keeps the map the size of its box: a map opened in a drawer or a tab that was hidden is measured
 * again when it shows, and fitted to the image once it has a size.
 */
function SizeWatcher({ box }: { box: ReturnType<typeof mapBounds> }) {
  const map = useMap();
  const { south, west, north, east } = box;
  useEffect(() => {
    let fitted = false;
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      const { x, y } = map.getSize();
      if (!fitted && x > 0 && y > 0) {
        map.fitBounds([
          [south, west],
          [north, east],
        ]);
        fitted = true;
      }
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, south, west, north, east]);
  return null;
}

/**
 * The area's illustrated map as an image overlay placed by its four corners (Leaflet, no online tile
 * service): the spots as markers, a route as a line. Loaded only with the map screens.
 */
export default function GuideMap({
  config,
  markers,
  path,
  onPick,
  onMarker,
  pin,
  height = 480,
}: GuideMapProps) {
  const b = mapBounds(config);
  const bounds: LatLngBoundsExpression = [
    [b.south, b.west],
    [b.north, b.east],
  ];
  return (
    <MapContainer
      key={`${config.id}-${config.image}`}
      bounds={bounds}
      maxBounds={bounds}
      maxBoundsViscosity={0.8}
      zoomSnap={0.25}
      attributionControl={false}
      className="guide-map"
      style={{ height, width: '100%', background: '#f4efe1' }}
    >
      <ImageOverlay url={config.image} bounds={bounds} />
      <SizeWatcher box={b} />
      {onPick && <ClickCatcher onPick={onPick} />}
      {path && path.length > 1 && (
        <Polyline positions={path.map((p) => [p.lat, p.lng])} pathOptions={{ color: '#d4380d', weight: 4 }} />
      )}
      {markers.map((m) => (
        <CircleMarker
          key={m.id}
          center={[m.lat, m.lng]}
          radius={m.active || m.order ? 10 : 8}
          bubblingMouseEvents={false}
          // a Path's class is set when it is created, not by setStyle (so not in pathOptions)
          className={`guide-spot guide-spot-${m.id}`}
          pathOptions={{
            color: '#fff',
            weight: 2,
            fillColor: m.active ? '#fa541c' : m.order ? '#d4380d' : '#1677ff',
            fillOpacity: 0.95,
          }}
          eventHandlers={onMarker ? { click: () => onMarker(m.id) } : {}}
        >
          <Tooltip direction="top" offset={[0, -8]} permanent={!!m.order || !!m.active}>
            {m.order ? `${m.order}. ${m.name}` : m.name}
          </Tooltip>
        </CircleMarker>
      ))}
      {pin && (
        <CircleMarker
          center={[pin.lat, pin.lng]}
          radius={9}
          interactive={false}
          pathOptions={{
            className: 'guide-pin',
            color: '#fff',
            weight: 2,
            fillColor: '#52c41a',
            fillOpacity: 1,
          }}
        />
      )}
    </MapContainer>
  );
}
