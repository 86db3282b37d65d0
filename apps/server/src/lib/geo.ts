/** Great-circle distances for the branch and post-office locators. */

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** A point on the earth in decimal degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Haversine distance between two points, in kilometres. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Rounds a distance for display (two decimals). */
export function roundKm(km: number): number {
  return Math.round(km * 100) / 100;
}
