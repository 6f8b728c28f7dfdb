// Step 5: one product per SKU in a shop. Two tills that add the same SKU before either has seen
// the other's (two tills joining a shop at once, each bringing the same catalogue) used to leave
// two rows; each till then followed whichever came last and sent the other key up as removed,
// so both were archived. Now a new product row whose SKU a live product already has is not
// written: the answer 'merged' names the shop's row (its key), which the till takes for its own
// product. shop_data_put() answers with the row's key from now on (a new return shape, so the
// function is made again). Rows already doubled stay; tills follow the newest and remove neither.
import type { ShopMigration } from './index';

export const ONE_PRODUCT_PER_SKU: ShopMigration = {
  version: 5,
  name: 'one product per SKU: a second till adding a SKU the shop has takes the shop’s product',
  sql: `
CREATE INDEX shop_data_product_sku ON shop_data (shop_id, (body ->> 'sku'))
  WHERE kind = 'product' AND NOT deleted;

DROP FUNCTION shop_data_put(text, text, bigint, jsonb, boolean);

-- As step 2's, with the row's key in the answer and outcome 'merged': a product new to the server
-- (base 0, no row for the key) whose SKU a live product already has. Nothing is written; that
-- product comes back for the till to take. Checked under the shop's lock, so two tills adding
-- one SKU at the same moment make one row.
CREATE FUNCTION shop_data_put(p_kind text, p_key text, p_base bigint, p_body jsonb, p_deleted boolean)
RETURNS TABLE (outcome text, key text, version bigint, change_seq bigint, body jsonb, deleted boolean)
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
    RETURN QUERY SELECT 'same'::text, cur.key, cur.version, cur.change_seq, cur.body, cur.deleted;
    RETURN;
  END IF;
  IF (FOUND AND cur.version <> p_base) OR (NOT FOUND AND p_base <> 0) THEN
    UPDATE public.shops SET data_seq = data_seq - 1 WHERE id = s;
    IF FOUND THEN
      RETURN QUERY SELECT 'conflict'::text, cur.key, cur.version, cur.change_seq, cur.body, cur.deleted;
    ELSE
      -- Based on a version the server never had (another server's): the manager decides.
      RETURN QUERY SELECT 'conflict'::text, p_key, 0::bigint, 0::bigint, NULL::jsonb, true;
    END IF;
    RETURN;
  END IF;
  IF NOT FOUND AND p_kind = 'product' AND NOT p_deleted THEN
    SELECT * INTO cur FROM public.shop_data d
      WHERE d.shop_id = s AND d.kind = 'product' AND NOT d.deleted AND d.body ->> 'sku' = p_body ->> 'sku'
      ORDER BY d.change_seq LIMIT 1;
    IF FOUND THEN
      UPDATE public.shops SET data_seq = data_seq - 1 WHERE id = s;
      RETURN QUERY SELECT 'merged'::text, cur.key, cur.version, cur.change_seq, cur.body, cur.deleted;
      RETURN;
    END IF;
  END IF;
  INSERT INTO public.shop_data AS d (shop_id, kind, key, version, change_seq, body, deleted, written_by)
    VALUES (s, p_kind, p_key, 1, seq, p_body, p_deleted, t)
    ON CONFLICT (shop_id, kind, key) DO UPDATE
      SET version = d.version + 1, change_seq = excluded.change_seq, body = excluded.body,
          deleted = excluded.deleted, written_by = excluded.written_by, written_at = now();
  -- Wakes the shop's tills at COMMIT; the payload is only the new sequence number.
  PERFORM pg_notify('paydesk_shop_data_' || s, seq::text);
  RETURN QUERY SELECT 'written'::text, d.key, d.version, d.change_seq, d.body, d.deleted
    FROM public.shop_data d WHERE d.shop_id = s AND d.kind = p_kind AND d.key = p_key;
END $$;
REVOKE ALL ON FUNCTION shop_data_put(text, text, bigint, jsonb, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION shop_data_put(text, text, bigint, jsonb, boolean) TO paydesk_till;
`,
};
