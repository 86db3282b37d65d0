/**
 * The credit union's internal block list, kept by staff (add, remove, each with a reason and logged in
 * the case log with no application). With BLOCK_LIST=internal the decision asks it instead of the core
 * banking sandbox's last-name rule: a person matches an entry by first and last name (case and accents
 * ignored) and, when the entry has one, the date of birth. A removed entry stays, marked removed.
 */
import { randomUUID } from 'node:crypto';
import type { StaffBlockListEntry } from '@omo/domain';
import type { Database } from '../../db/database.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { Person } from '../../providers/banking/banking.ts';
import type { StaffMember } from './auth.ts';
import { appendCaseLog } from './case-log.ts';

/** "first last", lower-cased, accents and extra spaces removed: what entries and persons are matched on. */
export function matchNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date column as YYYY-MM-DD (drivers answer a Date at local midnight, or the text). */
export function dateOnly(value: unknown): string {
  if (!(value instanceof Date)) return String(value).slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** True when the internal block list holds this person (an entry not removed). */
export async function isOnInternalBlockList(db: Database, person: Person): Promise<boolean> {
  const row = await db
    .selectFrom('block_list')
    .select('id')
    .where('match_name', '=', matchNameOf(person.firstName, person.lastName))
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('birth_date', 'is', null), eb('birth_date', '=', person.birthDate)]))
    .executeTakeFirst();
  return row !== undefined;
}

export type BlockListEntry = StaffBlockListEntry;

export function createBlockList(db: Database) {
  return {
    async list(): Promise<BlockListEntry[]> {
      const rows = await db
        .selectFrom('block_list')
        .selectAll()
        .where('removed_at', 'is', null)
        .orderBy('last_name')
        .orderBy('first_name')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        birthDate: r.birth_date === null ? null : dateOnly(r.birth_date),
        reason: r.reason,
        addedBy: r.added_by,
        addedAt: new Date(r.added_at).toISOString(),
      }));
    },

    async add(
      staff: StaffMember,
      input: { firstName: string; lastName: string; birthDate?: string | undefined; reason: string },
    ): Promise<{ id: string }> {
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('block_list')
          .values({
            id,
            first_name: input.firstName,
            last_name: input.lastName,
            birth_date: input.birthDate ?? null,
            match_name: matchNameOf(input.firstName, input.lastName),
            reason: input.reason,
            added_by: staff.name,
          })
          .execute();
        await appendCaseLog(trx, {
          applicationId: null,
          staff,
          action: 'blockListAdd',
          note: input.reason,
          details: { entryId: id },
        });
      });
      return { id };
    },

    async remove(staff: StaffMember, id: string, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .updateTable('block_list')
          .set({ removed_at: new Date(), removed_by: staff.name, removal_reason: reason })
          .where('id', '=', id)
          .where('removed_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!removed) throw new HttpProblem(404, 'No entry of the block list has this id.');
        await appendCaseLog(trx, {
          applicationId: null,
          staff,
          action: 'blockListRemove',
          note: reason,
          details: { entryId: id },
        });
      });
    },
  };
}

export type BlockList = ReturnType<typeof createBlockList>;
