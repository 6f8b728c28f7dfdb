// The staff area's part of the shop-wide data (docs/shop-server.md, "Shop-wide data"): each person
// (name, role, whether still working here, PIN as its salted hash, never the PIN) as a row every
// till shares, keyed by their id, which is already unique across tills. A person made on one till
// signs in on every other with the same PIN: the hash came down. The wrong-try count and idle
// sign-out stay each till's own. A till without a shop server never calls any of this.
import { z } from 'zod';
import { staffRoleSchema } from '../../../shared/contract/staff';
import { pinHashRecordSchema } from '../../../shared/settings';
import type { ShopDataArea } from '../shop-server/shop-data-source';
import type { Db } from '../storage/database';
import type { StaffStore } from './store';

const staffBodySchema = z.object({
  name: z.string().trim().min(1).max(80),
  role: staffRoleSchema,
  active: z.boolean(),
  createdAt: z.string().min(1),
  removedAt: z.string().nullable(),
  pinHash: pinHashRecordSchema,
});
export type StaffBody = z.infer<typeof staffBodySchema>;

const KEY = /^[0-9A-Za-z-]{1,100}$/;

export function staffShopData(db: Db, store: StaffStore, announce: () => void): ShopDataArea {
  return {
    kind: 'staff',
    rows: () =>
      new Map(
        store.list().map((p) => [
          p.id,
          {
            name: p.name,
            role: p.role,
            active: p.active,
            createdAt: p.createdAt,
            removedAt: p.removedAt,
            pinHash: p.pinHash,
          } satisfies StaffBody,
        ]),
      ),
    apply(changes) {
      const refused: { key: string; reason: string }[] = [];
      const put = db.prepare(
        `INSERT INTO staff (id, name, role, pin_hash, active, created_at, removed_at)
         VALUES (@id, @name, @role, @pinHash, @active, @createdAt, @removedAt)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role,
           pin_hash = excluded.pin_hash, active = excluded.active, removed_at = excluded.removed_at`,
      );
      // Someone removed on the server is removed here (kept, as their sales and the audit name them).
      const remove = db.prepare(
        'UPDATE staff SET active = 0, removed_at = COALESCE(removed_at, ?) WHERE id = ?',
      );
      store.transaction(() => {
        for (const change of changes) {
          if (!KEY.test(change.key)) {
            refused.push({ key: change.key, reason: 'not a staff id' });
            continue;
          }
          if (change.body === null || change.body === undefined) {
            remove.run(new Date(0).toISOString(), change.key);
            continue;
          }
          const body = staffBodySchema.safeParse(change.body);
          if (!body.success) {
            refused.push({ key: change.key, reason: body.error.issues[0]?.message ?? 'not a person' });
            continue;
          }
          put.run({
            ...body.data,
            id: change.key,
            active: body.data.active ? 1 : 0,
            pinHash: JSON.stringify(body.data.pinHash),
          });
        }
      });
      return { refused };
    },
    announce,
    describe(body) {
      const p = body as StaffBody;
      return {
        name: p.name,
        fields: [
          { field: 'name', value: p.name },
          { field: 'role', value: p.role },
          { field: 'active', value: p.active },
          // Only whether the PIN was set at another moment: never the hash itself.
          { field: 'pinSetAt', value: p.pinHash.setAt },
        ],
      };
    },
  };
}
