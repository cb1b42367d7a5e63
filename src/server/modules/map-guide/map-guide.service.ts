import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  insideMap,
  metresBetween,
  pathLength,
  type MapConfig,
  type Point,
  type SpotVoice,
} from '../../../shared/api/map-guide.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { defineDict } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../http/errors.ts';
import { scenicSpots, type ScenicSpot } from '../scenic-spots/index.ts';
import { guideMaps, spotVoices, type GuideMap } from './map-guide.table.ts';

/** Reasons of a field's refusal (FieldError). */
export const MapGuideReason = defineDict({
  outsideMap: { zh: '须在导览地图四角范围之内', en: "must lie inside the guide map's corners" },
  unknownSpot: { zh: '包含不属于本景区的景点', en: 'names a spot that is not of this area' },
  spotNotPlaced: { zh: '包含尚未在地图上定位的景点', en: 'names a spot not yet placed on the map' },
  mapCorners: {
    zh: '上边须在下边以北、右边须在左边以东，中心点须在四角之内',
    en: 'the upper edge must lie north of the lower, the right east of the left, the centre inside the corners',
  },
});

export { pathLength };

export const toConfig = (m: GuideMap): MapConfig => ({
  id: m.id,
  name: m.name,
  image: m.image,
  mapKey: m.mapKey,
  centerSpot: m.centerSpot,
  lowerLeft: m.lowerLeft,
  lowerRight: m.lowerRight,
  upperLeft: m.upperLeft,
  upperRight: m.upperRight,
  personLayerId: m.personLayerId,
  mapStyleId: m.mapStyleId,
  radius: m.radius,
});

/** What the console and the mini-program both show of a spot. */
export const spotBasics = (s: ScenicSpot) => ({
  id: s.id,
  name: s.name,
  spotType: s.spotType,
  icon: s.icon,
  image: s.image,
  images: s.images,
  introduction: s.introduction,
});

/** The area's guide map: its first enabled one by sort (null: none yet). */
export async function activeMap(db: Db, scenicId: number): Promise<GuideMap | null> {
  const [map] = await db
    .select()
    .from(guideMaps)
    .where(and(eq(guideMaps.scenicId, scenicId), eq(guideMaps.status, ENABLED)))
    .orderBy(asc(guideMaps.sort), asc(guideMaps.id))
    .limit(1);
  return map ?? null;
}

/** A position must lie inside the area's map, when the area has one. */
export async function checkInsideMap(db: Db, scenicId: number, points: Point[], field: string) {
  const map = await activeMap(db, scenicId);
  if (map && points.some((p) => !insideMap(map, p))) throw new FieldError(field, MapGuideReason.outsideMap);
}

/** The voices of the given spots, by spot. */
export async function voicesOf(db: Db, spotIds: number[]): Promise<Map<number, SpotVoice[]>> {
  const out = new Map<number, SpotVoice[]>();
  if (spotIds.length === 0) return out;
  const rows = await db
    .select()
    .from(spotVoices)
    .where(inArray(spotVoices.spotId, spotIds))
    .orderBy(asc(spotVoices.voiceTypeId));
  for (const v of rows) {
    const list = out.get(v.spotId) ?? [];
    list.push({ id: v.id, voiceTypeId: v.voiceTypeId, url: v.url, duration: v.duration });
    out.set(v.spotId, list);
  }
  return out;
}

export interface PlacedSpot {
  id: number;
  latitude: number;
  longitude: number;
}

/** The enabled spots of an area that are placed on the map. */
export async function placedSpots(db: Db, scenicId: number) {
  const spots = await db
    .select()
    .from(scenicSpots)
    .where(and(eq(scenicSpots.scenicId, scenicId), eq(scenicSpots.status, ENABLED)))
    .orderBy(asc(scenicSpots.sort), asc(scenicSpots.id));
  return spots.filter((s): s is typeof s & PlacedSpot => s.latitude !== null && s.longitude !== null);
}

/** The spot nearest to a position within `radius` metres, or null. */
export function nearest<S extends PlacedSpot>(spots: S[], at: Point, radius: number): S | null {
  let best: S | null = null;
  let bestDistance = radius;
  for (const s of spots) {
    const d = metresBetween(at, { lat: s.latitude, lng: s.longitude });
    if (d <= bestDistance) [best, bestDistance] = [s, d];
  }
  return best;
}

/** The radius the area's map picks spots within (50 m without a map). */
export async function pickRadius(db: Db, scenicId: number) {
  return (await activeMap(db, scenicId))?.radius ?? 50;
}
