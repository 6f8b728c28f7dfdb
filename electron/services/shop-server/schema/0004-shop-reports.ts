// Step 4: the shop's X and Z over all its tills. Each journal row that counts for reports carries
// its additive contribution (`body.report`, worked out on the till by the till report's own rules:
// till-reports/journal-contributions.ts); triggers here only add those integers up, per shop, shop
// period and till, so the server holds no report rule of its own and a shop Z over a million rows
// reads a few thousand totals. A shop period is the rows that arrived since the last shop Z
// (`shops.last_z_number`, taken by take_shop_z_number()): a till that was offline during a shop Z
// counts in the next one, so nothing is left out and nothing counts twice. A row replaced by a
// newer version takes its old share off and adds its new one, in the open period.
import type { ShopMigration } from './index';

export const SHOP_REPORTS: ShopMigration = {
  version: 4,
  name: 'shop reports: totals per till and shop period, kept shop Z reports',
  sql: `
-- Every report figure that adds (a contribution's 'section|row|field' keys), per shop period and till.
CREATE TABLE shop_report_totals (
  shop_id integer NOT NULL,
  -- The shop Z number that closes (or will close) the period.
  period integer NOT NULL CHECK (period > 0),
  till_id integer NOT NULL,
  key text NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (shop_id, period, till_id, key),
  FOREIGN KEY (shop_id, till_id) REFERENCES tills (shop_id, number)
);

-- The names beside the sums (cashiers and card machines by id), the first met in the period.
CREATE TABLE shop_report_names (
  shop_id integer NOT NULL,
  period integer NOT NULL,
  till_id integer NOT NULL,
  what text NOT NULL CHECK (what IN ('cashier', 'machine')),
  id text NOT NULL,
  naming jsonb NOT NULL,
  PRIMARY KEY (shop_id, period, till_id, what, id),
  FOREIGN KEY (shop_id, till_id) REFERENCES tills (shop_id, number)
);

-- Each counted shift's drawer figures (listed, never added), in the period it last changed in.
CREATE TABLE shop_report_shifts (
  shop_id integer NOT NULL,
  till_id integer NOT NULL,
  local_id text NOT NULL,
  period integer NOT NULL,
  figures jsonb NOT NULL,
  PRIMARY KEY (shop_id, till_id, local_id),
  FOREIGN KEY (shop_id, till_id) REFERENCES tills (shop_id, number)
);
CREATE INDEX shop_report_shifts_by_period ON shop_report_shifts (shop_id, period);

-- Each shop Z as it closed (the shop's and each till's report), so reprints and exports show it.
CREATE TABLE shop_z_reports (
  shop_id integer NOT NULL REFERENCES shops (id),
  number integer NOT NULL CHECK (number > 0),
  -- The till it was run on.
  till_id integer NOT NULL,
  since timestamptz,
  until timestamptz NOT NULL,
  report jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, number),
  FOREIGN KEY (shop_id, till_id) REFERENCES tills (shop_id, number)
);

-- Runs once per statement that adds or replaces journal rows (a batch is one statement): the
-- shares of its rows added up, then added to the open period of each row's shop. The shop row is
-- held (FOR SHARE) so a shop Z taking its number waits for batches in flight and batches after it
-- land in the next period.
CREATE FUNCTION shop_report_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM 1 FROM public.shops WHERE id IN (SELECT shop_id FROM new_rows) FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.shop_report_totals AS t (shop_id, period, till_id, key, value)
    SELECT n.shop_id, s.last_z_number + 1, n.till_id, e.key, sum(e.value::bigint)
      FROM new_rows n JOIN public.shops s ON s.id = n.shop_id
      CROSS JOIN LATERAL jsonb_each_text(n.body -> 'report' -> 'sums') e
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (shop_id, period, till_id, key) DO UPDATE SET value = t.value + excluded.value;
  ELSE
    -- A replaced row: its new share less its old one, key by key (a key its new share has is kept
    -- even at 0, as the till's own report shows that row).
    INSERT INTO public.shop_report_totals AS t (shop_id, period, till_id, key, value)
    SELECT n.shop_id, s.last_z_number + 1, n.till_id, d.key, sum(d.value)
      FROM new_rows n
      JOIN old_rows o USING (shop_id, till_id, kind, local_id)
      JOIN public.shops s ON s.id = n.shop_id
      CROSS JOIN LATERAL (
        SELECT coalesce(a.key, b.key) AS key,
               coalesce(a.value::bigint, 0) - coalesce(b.value::bigint, 0) AS value
          FROM jsonb_each_text(coalesce(n.body -> 'report' -> 'sums', '{}')) a
          FULL JOIN jsonb_each_text(coalesce(o.body -> 'report' -> 'sums', '{}')) b ON a.key = b.key
      ) d
     WHERE (n.body -> 'report') IS DISTINCT FROM (o.body -> 'report')
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (shop_id, period, till_id, key) DO UPDATE SET value = t.value + excluded.value;
  END IF;

  INSERT INTO public.shop_report_names (shop_id, period, till_id, what, id, naming)
  SELECT n.shop_id, s.last_z_number + 1, n.till_id, 'cashier', c.key, c.value
    FROM new_rows n JOIN public.shops s ON s.id = n.shop_id
    CROSS JOIN LATERAL jsonb_each(n.body -> 'report' -> 'cashiers') c
  UNION ALL
  SELECT n.shop_id, s.last_z_number + 1, n.till_id, 'machine', m.key, m.value
    FROM new_rows n JOIN public.shops s ON s.id = n.shop_id
    CROSS JOIN LATERAL jsonb_each(n.body -> 'report' -> 'machines') m
  ON CONFLICT DO NOTHING;

  INSERT INTO public.shop_report_shifts AS f (shop_id, till_id, local_id, period, figures)
  SELECT n.shop_id, n.till_id, n.local_id, s.last_z_number + 1, n.body -> 'report' -> 'shifts'
    FROM new_rows n JOIN public.shops s ON s.id = n.shop_id
   WHERE n.kind = 'shift' AND jsonb_typeof(n.body -> 'report' -> 'shifts') = 'array'
     AND jsonb_array_length(n.body -> 'report' -> 'shifts') > 0
  ON CONFLICT (shop_id, till_id, local_id)
  DO UPDATE SET figures = excluded.figures, period = excluded.period
   WHERE f.figures IS DISTINCT FROM excluded.figures;
  RETURN NULL;
END $$;

CREATE TRIGGER shop_report_add_inserted AFTER INSERT ON journal
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_report_add();
CREATE TRIGGER shop_report_add_replaced AFTER UPDATE ON journal
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_report_add();

-- What arrived before this step counts in the shop's first period.
INSERT INTO shop_report_totals (shop_id, period, till_id, key, value)
SELECT j.shop_id, s.last_z_number + 1, j.till_id, e.key, sum(e.value::bigint)
  FROM journal j JOIN shops s ON s.id = j.shop_id
  CROSS JOIN LATERAL jsonb_each_text(j.body -> 'report' -> 'sums') e
 GROUP BY 1, 2, 3, 4;

ALTER TABLE shop_report_totals ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON shop_report_totals FOR SELECT USING (shop_id = shop_of_role(current_user));
ALTER TABLE shop_report_names ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON shop_report_names FOR SELECT USING (shop_id = shop_of_role(current_user));
ALTER TABLE shop_report_shifts ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON shop_report_shifts FOR SELECT USING (shop_id = shop_of_role(current_user));
ALTER TABLE shop_z_reports ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON shop_z_reports FOR SELECT USING (shop_id = shop_of_role(current_user));
CREATE POLICY add_own_shop_z ON shop_z_reports FOR INSERT
  WITH CHECK (shop_id = shop_of_role(current_user) AND till_id = till_of_role(current_user));

GRANT SELECT ON shop_report_totals, shop_report_names, shop_report_shifts TO paydesk_till;
GRANT SELECT, INSERT ON shop_z_reports TO paydesk_till;
`,
};
