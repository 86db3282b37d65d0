/** Reads the branch and ATM locations seeded from data/branches.json. */
import type { BranchLocation } from '@omo/domain';
import type { Database } from '../../db/database.ts';

export interface BranchRepository {
  listBranches(): Promise<BranchLocation[]>;
}

export function createBranchRepository(db: Database): BranchRepository {
  return {
    async listBranches() {
      const rows = await db.selectFrom('branches').select('data').orderBy('id').execute();
      return rows.map((r) => r.data as BranchLocation);
    },
  };
}
