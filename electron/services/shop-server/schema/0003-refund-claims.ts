// Step 3: refunds across tills. A till that refunds a sale which is on the shop server claims the
// refund here first: claim_sale_refund() locks the sale's refundable balance (one row per sale,
// SELECT … FOR UPDATE), adds up what every till has already claimed (and what the sale's own till
// refunded before the sale went up), refuses more than was paid, and records the claim — all in the
// caller's one transaction. The till then pays back and settles its claim: done, or released when
// the money did not go back. The refund's own journal row settles it too when it arrives, so a
// claim never stays held because a settle was lost.
import type { ShopMigration } from './index';

export const REFUND_CLAIMS: ShopMigration = {
  version: 3,
  name: 'refunds across tills: each sale’s refundable balance and the tills’ claims on it',
  sql: `
CREATE TABLE refund_balances (
  shop_id integer NOT NULL REFERENCES shops (id),
  sale_till_id integer NOT NULL,
  sale_id text NOT NULL,
  currency text NOT NULL,
  -- What the sale was paid (its total), in minor units.
  paid bigint NOT NULL CHECK (paid >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, sale_till_id, sale_id)
);

CREATE TABLE refund_claims (
  shop_id integer NOT NULL,
  -- The refund's id on the till that gives it back (its sale_refunds.id).
  claim_id text NOT NULL CHECK (length(claim_id) BETWEEN 1 AND 200),
  till_id integer NOT NULL,
  sale_till_id integer NOT NULL,
  sale_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('held', 'done', 'released')),
  total bigint NOT NULL CHECK (total > 0),
  card_amount bigint NOT NULL CHECK (card_amount >= 0 AND card_amount <= total),
  -- The sale's card payment the card part stands for (its tender), if any.
  original_payment_id text,
  -- [{lineIndex, quantity, amount}]
  lines jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  PRIMARY KEY (shop_id, claim_id),
  FOREIGN KEY (shop_id, till_id) REFERENCES tills (shop_id, number),
  FOREIGN KEY (shop_id, sale_till_id, sale_id) REFERENCES refund_balances (shop_id, sale_till_id, sale_id)
);
CREATE INDEX refund_claims_by_sale ON refund_claims (shop_id, sale_till_id, sale_id);
-- A till's refunds of its own sales made before they went up, found by sale.
CREATE INDEX journal_refunds_by_sale ON journal (shop_id, till_id, (body->>'saleId')) WHERE kind = 'refund';
-- History across tills: sales by number and by time.
CREATE INDEX journal_sales_by_number ON journal (shop_id, ((body->>'number')::bigint)) WHERE kind = 'sale';
CREATE INDEX journal_sales_by_time ON journal (shop_id, (body->>'createdAt')) WHERE kind = 'sale';

ALTER TABLE refund_balances ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON refund_balances FOR SELECT USING (shop_id = shop_of_role(current_user));
CREATE POLICY add_in_own_shop ON refund_balances FOR INSERT WITH CHECK (shop_id = shop_of_role(current_user));
-- Locking a row (FOR UPDATE) needs the UPDATE right on it; no column is ever changed.
CREATE POLICY lock_in_own_shop ON refund_balances FOR UPDATE
  USING (shop_id = shop_of_role(current_user)) WITH CHECK (false);

ALTER TABLE refund_claims ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON refund_claims FOR SELECT USING (shop_id = shop_of_role(current_user));
CREATE POLICY add_own_claims ON refund_claims FOR INSERT
  WITH CHECK (shop_id = shop_of_role(current_user) AND till_id = till_of_role(current_user));
CREATE POLICY settle_own_claims ON refund_claims FOR UPDATE
  USING (shop_id = shop_of_role(current_user) AND till_id = till_of_role(current_user))
  WITH CHECK (shop_id = shop_of_role(current_user) AND till_id = till_of_role(current_user));

-- What is already given back (or held) on one sale, by every till: claims held or done, and the
-- sale's own till's refunds made before the sale went up (which needed no claim). lines: units per
-- line index ({"0": 2}); amount: money. With the caller's rights (row-level security applies).
CREATE FUNCTION sale_refund_taken(p_shop integer, p_sale_till integer, p_sale_id text,
  OUT lines jsonb, OUT amount bigint) LANGUAGE sql STABLE AS $$
  WITH taken AS (
    SELECT (l->>'lineIndex')::integer AS line_index, (l->>'quantity')::bigint AS quantity,
           (l->>'amount')::bigint AS amount
      FROM refund_claims c, jsonb_array_elements(c.lines) l
     WHERE c.shop_id = p_shop AND c.sale_till_id = p_sale_till AND c.sale_id = p_sale_id
       AND c.state <> 'released'
    UNION ALL
    SELECT (l->>'lineIndex')::integer, (l->>'quantity')::bigint, (l->>'amount')::bigint
      FROM journal j, jsonb_array_elements(j.body->'lines') l
     WHERE j.shop_id = p_shop AND j.till_id = p_sale_till AND j.kind = 'refund'
       AND j.body->>'saleId' = p_sale_id AND j.body->>'state' <> 'failed'
       AND NOT EXISTS (SELECT FROM refund_claims c WHERE c.shop_id = p_shop AND c.claim_id = j.local_id)
  )
  SELECT COALESCE((SELECT jsonb_object_agg(line_index, q)
                     FROM (SELECT line_index, sum(quantity) AS q FROM taken GROUP BY line_index) g), '{}'),
         (SELECT COALESCE(sum(t.amount), 0)::bigint FROM taken t)
$$;

-- Claims a refund of one sale for the signed-in till. Returns 'claimed' (or 'claimed' again for the
-- same claim id, changing nothing), or why not: 'not_on_server', 'line' (detail: the line and how
-- many units are left), 'total' (detail: the money left), 'card' (detail: left on that card).
-- Runs with the caller's rights, so row-level security applies to every read and write.
CREATE FUNCTION claim_sale_refund(
  p_claim_id text, p_sale_till integer, p_sale_id text, p_lines jsonb,
  p_card_amount bigint, p_original_payment_id text
) RETURNS TABLE (outcome text, detail jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v_shop integer := shop_of_role(current_user);
  v_till integer := till_of_role(current_user);
  v_sale jsonb;
  v_paid bigint;
  v_total bigint;
  v_taken bigint;
  v_taken_lines jsonb;
  v_taken_amount bigint;
  v_line record;
  v_sold bigint;
  v_card bigint;
BEGIN
  IF v_till IS NULL THEN RAISE EXCEPTION 'not a till'; END IF;
  SELECT body INTO v_sale FROM journal
   WHERE shop_id = v_shop AND till_id = p_sale_till AND kind = 'sale' AND local_id = p_sale_id;
  IF v_sale IS NULL OR v_sale->>'state' <> 'completed' THEN
    RETURN QUERY SELECT 'not_on_server'::text, NULL::jsonb; RETURN;
  END IF;
  INSERT INTO refund_balances (shop_id, sale_till_id, sale_id, currency, paid)
    VALUES (v_shop, p_sale_till, p_sale_id, v_sale->>'currency', (v_sale->>'total')::bigint)
    ON CONFLICT DO NOTHING;
  -- The lock: every claim on this sale, from any till, waits here for the one before it.
  SELECT paid INTO v_paid FROM refund_balances
   WHERE shop_id = v_shop AND sale_till_id = p_sale_till AND sale_id = p_sale_id FOR UPDATE;
  IF EXISTS (SELECT FROM refund_claims WHERE shop_id = v_shop AND claim_id = p_claim_id) THEN
    RETURN QUERY SELECT 'claimed'::text, NULL::jsonb; RETURN;
  END IF;
  SELECT t.lines, t.amount INTO v_taken_lines, v_taken_amount
    FROM sale_refund_taken(v_shop, p_sale_till, p_sale_id) t;
  FOR v_line IN SELECT (l->>'lineIndex')::integer AS i, (l->>'quantity')::bigint AS q
                  FROM jsonb_array_elements(p_lines) l LOOP
    v_sold := (v_sale->'lines'->v_line.i->>'quantity')::bigint;
    IF v_sold IS NULL OR v_line.q <= 0 THEN
      RETURN QUERY SELECT 'line'::text, jsonb_build_object('lineIndex', v_line.i, 'left', 0); RETURN;
    END IF;
    v_taken := COALESCE((v_taken_lines->>v_line.i::text)::bigint, 0);
    IF v_taken + v_line.q > v_sold THEN
      RETURN QUERY SELECT 'line'::text,
        jsonb_build_object('lineIndex', v_line.i, 'left', GREATEST(v_sold - v_taken, 0)); RETURN;
    END IF;
  END LOOP;
  SELECT COALESCE(sum((l->>'amount')::bigint), 0) INTO v_total FROM jsonb_array_elements(p_lines) l;
  v_taken := v_taken_amount;
  IF v_total <= 0 OR v_taken + v_total > v_paid THEN
    RETURN QUERY SELECT 'total'::text, jsonb_build_object('left', GREATEST(v_paid - v_taken, 0)); RETURN;
  END IF;
  IF p_card_amount > 0 THEN
    SELECT COALESCE(sum((t->>'amount')::bigint), 0) INTO v_card
      FROM jsonb_array_elements(v_sale->'tenders') t
     WHERE t->>'kind' = 'card' AND t->>'paymentId' = p_original_payment_id;
    SELECT v_card - COALESCE(sum(card_amount), 0) INTO v_card FROM refund_claims
     WHERE shop_id = v_shop AND sale_till_id = p_sale_till AND sale_id = p_sale_id
       AND state <> 'released' AND original_payment_id = p_original_payment_id;
    IF p_card_amount > v_card THEN
      RETURN QUERY SELECT 'card'::text, jsonb_build_object('left', GREATEST(v_card, 0)); RETURN;
    END IF;
  END IF;
  INSERT INTO refund_claims (shop_id, claim_id, till_id, sale_till_id, sale_id, state, total,
      card_amount, original_payment_id, lines)
    VALUES (v_shop, p_claim_id, v_till, p_sale_till, p_sale_id, 'held', v_total, p_card_amount,
      p_original_payment_id, p_lines);
  RETURN QUERY SELECT 'claimed'::text, NULL::jsonb;
END $$;

-- A refund's journal row settles the claim it was made under (when a settle from the till was lost).
-- Its own search_path: it runs inside send_journal_batch (step 1), whose path is pg_catalog only.
CREATE FUNCTION refund_settles_claim() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public AS $$
BEGIN
  UPDATE refund_claims
     SET state = CASE NEW.body->>'state' WHEN 'completed' THEN 'done' ELSE 'released' END,
         settled_at = now()
   WHERE shop_id = NEW.shop_id AND claim_id = NEW.local_id AND till_id = NEW.till_id
     AND state = 'held' AND NEW.body->>'state' IN ('completed', 'failed');
  RETURN NULL;
END $$;
CREATE TRIGGER refund_settles_claim AFTER INSERT OR UPDATE ON journal
  FOR EACH ROW WHEN (NEW.kind = 'refund') EXECUTE FUNCTION refund_settles_claim();

GRANT SELECT, INSERT, UPDATE ON refund_balances, refund_claims TO paydesk_till;
GRANT EXECUTE ON FUNCTION sale_refund_taken(integer, integer, text) TO paydesk_till;
GRANT EXECUTE ON FUNCTION claim_sale_refund(text, integer, text, jsonb, bigint, text) TO paydesk_till;
`,
};
