// The till side of the change feed (down): each area that holds shop-wide data gives its rows as
// they are now and takes the shop server's changes into its own tables, through one of these (its
// `<area>/shop-data.ts`). The shop-server area keeps the mark, the queue of this till's edits and
// the conflicts; the areas never see PostgreSQL. A till without a shop server never calls them.

/** What a shop-wide row is about; the server's `shop_data.kind` holds the same words. */
export const SHOP_DATA_KINDS = [
  'vat-rates',
  'categories',
  'product',
  'staff',
  'usual-order',
  'shop-settings',
] as const;
export type ShopDataKind = (typeof SHOP_DATA_KINDS)[number];

/** One row as the server has it: a JSON body, or null when it was removed. */
export interface ShopDataChange {
  key: string;
  body: unknown;
}

/** One field a manager compares on the Conflicts screen (the screen words the field's name). */
export interface ShopDataField {
  field: string;
  value: string | number | boolean | null;
}

export interface ShopDataArea {
  kind: ShopDataKind;
  /** This till's rows now, by a key every till shares, as JSON bodies (the shape apply takes). */
  rows(): Map<string, unknown>;
  /**
   * Writes the server's rows into the area's own tables (inside the caller's transaction; a row
   * this till cannot take is left out and named in the answer, the rest still applied).
   */
  apply(changes: readonly ShopDataChange[]): { refused: { key: string; reason: string }[] };
  /**
   * The till never removes a row of this area (products are archived, as sales name them): a key
   * that leaves rows() was taken over by the shop's row for the same thing, never a removal.
   */
  neverRemoves?: boolean;
  /** After applied rows were committed: the area tells its screens (the Sell screen reloads). */
  announce(): void;
  /** A row's name and fields, for a manager comparing two versions (never a PIN hash). */
  describe(body: unknown): { name: string; fields: ShopDataField[] };
}

/** JSON with object keys sorted: the same data gives the same text wherever it was read. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
