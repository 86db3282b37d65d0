/**
 * The branch locator: branches and ATMs nearest a point, with their distance. The locations are few
 * (tens), so they are cached in memory and sorted in JavaScript, the same on PGlite and PostgreSQL.
 */
import type { BranchLocation } from '@omo/domain';
import { haversineKm, roundKm, type LatLng } from '../../lib/geo.ts';
import type { MemoryCache } from '../../lib/memory-cache.ts';
import type { BranchRepository } from './repository.ts';

/** How many locations the locator answers with. */
export const NEAREST_LIMIT = 10;

export interface BranchService {
  /** The `limit` locations nearest `point`, nearest first, each with distanceKm. */
  listNearest(point: LatLng, limit?: number): Promise<BranchLocation[]>;
}

export function createBranchService(repository: BranchRepository, cache: MemoryCache): BranchService {
  return {
    async listNearest(point, limit = NEAREST_LIMIT) {
      const branches = await cache.getOrLoad('branches', () => repository.listBranches());
      return branches
        .map((b) => ({ ...b, distanceKm: roundKm(haversineKm(point, b.address)) }))
        .sort((a, b) => a.distanceKm - b.distanceKm || a.name.localeCompare(b.name))
        .slice(0, limit);
    },
  };
}
