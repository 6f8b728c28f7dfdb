// Step 2: the shop-wide data that comes down to every till (catalogue, categories, VAT rates,
// staff with PIN hashes). One row per thing, each with its own `version` (how many times it was
// written) and the shop's `change_seq` at its last write. A till reads "rows after N" of its own
// shop and writes only through shop_data_put(), which applies a change only when the version the
// till based it on is still the row's: a stale base comes back as a conflict, never applied.
import type { ShopMigration } from './index';

export const SHOP_DATA: ShopMigration = {
  version: 2,
  name: 'shop-wide data (catalogue, VAT, staff) with versions and a change sequence per shop',
  sql: `
-- The shop's change sequence: the last change_seq given out. Taken under the shop row's lock, so
-- the sequence commits in order and a till reading "after N" never skips a late commit.
ALTER TABLE shops ADD COLUMN data_seq bigint NOT NULL DEFAULT 0 CHECK (data_seq >= 0);

CREATE TABLE shop_data (
  shop_id integer NOT NULL REFERENCES shops (id),
  -- What the row is ('product', 'categories', 'vat-rates', 'staff', 'usual-order',
  -- 'shop-settings'); the till's areas say, so a new kind needs no change here.
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  version bigint NOT NULL CHECK (version > 0),
  change_seq bigint NOT NULL CHECK (change_seq > 0),
  body jsonb,
  deleted boolean NOT NULL DEFAULT false,
  -- The till that wrote this version (its number in the shop).
  written_by integer NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, kind, key),
  CHECK (deleted OR body IS NOT NULL)
);
CREATE INDEX shop_data_by_change ON shop_data (shop_id, change_seq);

ALTER TABLE shop_data ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON shop_data FOR SELECT USING (shop_id = shop_of_role(current_user));
GRANT SELECT ON shop_data TO paydesk_till;

-- A till's change to one row, based on the version it last had (0: a row it believes is new).
-- outcome 'written': applied, the row's new version and change_seq come back. 'same': the row
-- already holds exactly this (nothing written). 'conflict': the row moved on since that version:
-- nothing written, the row as the server has it comes back for the manager to compare.
CREATE FUNCTION shop_data_put(p_kind text, p_key text, p_base bigint, p_body jsonb, p_deleted boolean)
RETURNS TABLE (outcome text, version bigint, change_seq bigint, body jsonb, deleted boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
#variable_conflict use_column
DECLARE
  s integer := public.shop_of_role(session_user);
  t integer := public.till_of_role(session_user);
  cur public.shop_data%ROWTYPE;
  seq bigint;
BEGIN
  IF s IS NULL OR t IS NULL THEN
    RAISE EXCEPTION 'not a till of any shop' USING ERRCODE = '42501';
  END IF;
  IF p_body IS NULL AND NOT p_deleted THEN
    RAISE EXCEPTION 'a row needs a body unless it is deleted' USING ERRCODE = '22004';
  END IF;
  -- The shop's lock first: one writer of the shop's data at a time, in change_seq order.
  UPDATE public.shops SET data_seq = data_seq + 1 WHERE id = s RETURNING data_seq INTO seq;
  SELECT * INTO cur FROM public.shop_data d WHERE d.shop_id = s AND d.kind = p_kind AND d.key = p_key;
  IF FOUND AND cur.body IS NOT DISTINCT FROM p_body AND cur.deleted = p_deleted THEN
    -- Nothing to write: the sequence number taken above is given back with the lock.
    UPDATE public.shops SET data_seq = data_seq - 1 WHERE id = s;
    RETURN QUERY SELECT 'same'::text, cur.version, cur.change_seq, cur.body, cur.deleted;
    RETURN;
  END IF;
  IF (FOUND AND cur.version <> p_base) OR (NOT FOUND AND p_base <> 0) THEN
    UPDATE public.shops SET data_seq = data_seq - 1 WHERE id = s;
    IF FOUND THEN
      RETURN QUERY SELECT 'conflict'::text, cur.version, cur.change_seq, cur.body, cur.deleted;
    ELSE
      -- Based on a version the server never had (another server's): the manager decides.
      RETURN QUERY SELECT 'conflict'::text, 0::bigint, 0::bigint, NULL::jsonb, true;
    END IF;
    RETURN;
  END IF;
  INSERT INTO public.shop_data AS d (shop_id, kind, key, version, change_seq, body, deleted, written_by)
    VALUES (s, p_kind, p_key, 1, seq, p_body, p_deleted, t)
    ON CONFLICT (shop_id, kind, key) DO UPDATE
      SET version = d.version + 1, change_seq = excluded.change_seq, body = excluded.body,
          deleted = excluded.deleted, written_by = excluded.written_by, written_at = now();
  -- Wakes the shop's tills at COMMIT; the payload is only the new sequence number.
  PERFORM pg_notify('paydesk_shop_data_' || s, seq::text);
  RETURN QUERY SELECT 'written'::text, d.version, d.change_seq, d.body, d.deleted
    FROM public.shop_data d WHERE d.shop_id = s AND d.kind = p_kind AND d.key = p_key;
END $$;
REVOKE ALL ON FUNCTION shop_data_put(text, text, bigint, jsonb, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION shop_data_put(text, text, bigint, jsonb, boolean) TO paydesk_till;
`,
};
