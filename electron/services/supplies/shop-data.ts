// The supplies area's part of the shop-wide data (docs/shop-server.md, "Shop-wide data"): the
// shop's usual order, the whole list as one row, so a list kept on one till is the list on every
// till. One row and not a row per product: the list is edited as a whole ("keep this cart as the
// usual order"), its order matters, and two tills changing it while apart is one conflict for a
// manager, never a mix of both. Orders and their attempts stay each till's own. A till without a
// shop server never calls any of this.
import { z } from 'zod';
import { reorderItemSchema } from '../../../shared/contract/supplies';
import type { ShopDataArea } from '../shop-server/shop-data-source';
import type { OrderAttempts } from './order-attempts';

/** The one row's key: there is one usual order per shop. */
export const USUAL_ORDER_KEY = 'usual-order';

const usualOrderBodySchema = z.object({ items: z.array(reorderItemSchema.strict()).max(100) }).strict();
export type UsualOrderBody = z.infer<typeof usualOrderBodySchema>;

export function suppliesShopData(attempts: OrderAttempts, announce: () => void): ShopDataArea {
  return {
    kind: 'usual-order',
    rows: () => {
      const items = attempts.reorderList();
      // No list yet: no row, so a new till joining never empties the shop's list.
      return new Map(items.length === 0 ? [] : [[USUAL_ORDER_KEY, { items } satisfies UsualOrderBody]]);
    },
    apply(changes) {
      const refused: { key: string; reason: string }[] = [];
      for (const change of changes) {
        if (change.key !== USUAL_ORDER_KEY) {
          refused.push({ key: change.key, reason: 'not the usual order' });
          continue;
        }
        if (change.body === null || change.body === undefined) {
          attempts.saveReorderList([]);
          continue;
        }
        const body = usualOrderBodySchema.safeParse(change.body);
        if (!body.success) {
          refused.push({ key: change.key, reason: body.error.issues[0]?.message ?? 'not a usual order' });
          continue;
        }
        attempts.saveReorderList(body.data.items);
      }
      return { refused };
    },
    announce,
    describe(body) {
      const items = (body as UsualOrderBody).items;
      return {
        name: '',
        fields: [
          { field: 'usualOrder', value: items.map((i) => `${i.name} × ${i.usualQuantity}`).join(', ') },
        ],
      };
    },
  };
}
