// Step 1: shops, their tills (each with its own PostgreSQL role), the journal the tills send up and
// each till's high-water mark; row-level security so a till reads only its own shop's. A till
// writes nothing directly: it sends each batch through send_journal_batch(), which knows the till
// by its login, so it can neither touch another till's rows nor set the order of arrival, and
// holds no right that would let it lock a table. Everything is in the `public` schema.
import { JOURNAL_KINDS } from '../journal-source';
import type { ShopMigration } from './index';

const kinds = JOURNAL_KINDS.map((k) => `'${k}'`).join(', ');

export const SHOPS_TILLS_JOURNAL: ShopMigration = {
  version: 1,
  name: 'shops, tills, the journal and each till’s progress',
  sql: `
-- Every till's login is a member of this role, which holds the tills' grants.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'paydesk_till') THEN
    CREATE ROLE paydesk_till NOLOGIN;
  END IF;
END $$;

CREATE TABLE shops (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
  -- The shop's own Z numbers (over all its tills), taken one at a time by take_shop_z_number().
  last_z_number integer NOT NULL DEFAULT 0 CHECK (last_z_number >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tills (
  shop_id integer NOT NULL REFERENCES shops (id),
  -- The till's number in its shop: what its receipts carry ("2-000123"). The journal's till_id.
  number integer NOT NULL CHECK (number BETWEEN 1 AND 999),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- The PostgreSQL role (login) this till signs in with: one till, one role.
  role name NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, number)
);

-- The order in which versions of journal rows arrived, over the whole server.
CREATE SEQUENCE journal_shop_seq;

CREATE TABLE journal (
  shop_id integer NOT NULL,
  till_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN (${kinds})),
  local_id text NOT NULL CHECK (length(local_id) BETWEEN 1 AND 200),
  -- The till's change sequence of the version kept here.
  seq bigint NOT NULL CHECK (seq > 0),
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  shop_seq bigint NOT NULL DEFAULT nextval('journal_shop_seq'),
  PRIMARY KEY (shop_id, till_id, kind, local_id),
  FOREIGN KEY (shop_id, till_id) REFERENCES tills (shop_id, number)
);
CREATE INDEX journal_by_arrival ON journal (shop_id, shop_seq);
CREATE INDEX journal_by_till_seq ON journal (shop_id, till_id, seq);

-- A newer version of a row replaces the older one; an older or equal one changes nothing, whoever
-- sends it. A replaced row counts as newly arrived.
CREATE FUNCTION journal_keep_newest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq <= OLD.seq THEN
    RETURN NULL;
  END IF;
  NEW.received_at := now();
  NEW.shop_seq := nextval('public.journal_shop_seq');
  RETURN NEW;
END $$;
CREATE TRIGGER journal_keep_newest BEFORE UPDATE ON journal
  FOR EACH ROW EXECUTE FUNCTION journal_keep_newest();

-- Each till's high-water mark: the highest change sequence whose batch committed. Written in the
-- same transaction as the batch, so a till resumes from here after any interruption.
CREATE TABLE till_progress (
  shop_id integer NOT NULL,
  till_id integer NOT NULL,
  last_seq bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, till_id),
  FOREIGN KEY (shop_id, till_id) REFERENCES tills (shop_id, number)
);

-- The shop and number of the till a role signs in as (none for any other role). The policies pass
-- current_user in: inside these security-definer functions (which read tills past its own
-- policy) current_user would be their owner.
CREATE FUNCTION shop_of_role(r name) RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
  SELECT shop_id FROM public.tills WHERE role = r
$$;
CREATE FUNCTION till_of_role(r name) RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
  SELECT number FROM public.tills WHERE role = r
$$;
-- The next shop Z number of the signed-in till's shop (session_user: the till's own login).
CREATE FUNCTION take_shop_z_number() RETURNS integer LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
  UPDATE public.shops SET last_z_number = last_z_number + 1
   WHERE id = public.shop_of_role(session_user) RETURNING last_z_number
$$;

ALTER TABLE shops ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_shop ON shops FOR SELECT USING (id = shop_of_role(current_user));
ALTER TABLE tills ENABLE ROW LEVEL SECURITY;
CREATE POLICY tills_of_own_shop ON tills FOR SELECT USING (shop_id = shop_of_role(current_user));

-- A batch from the signed-in till (session_user: its own login, whoever owns this function): each
-- row a newer version or nothing (journal_keep_newest), and the till's mark, in the caller's
-- transaction. The order of arrival and the time are the server's. Rows: [{kind, id, seq, body}].
CREATE FUNCTION send_journal_batch(batch jsonb, up_to bigint) RETURNS void LANGUAGE plpgsql
  VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  this_shop integer := public.shop_of_role(session_user);
  this_till integer := public.till_of_role(session_user);
BEGIN
  IF this_shop IS NULL OR this_till IS NULL THEN
    RAISE EXCEPTION 'role % is not a till', session_user USING ERRCODE = '28000';
  END IF;
  INSERT INTO public.journal AS j (shop_id, till_id, kind, local_id, seq, body)
    SELECT this_shop, this_till, r.kind, r.id, r.seq, r.body
      FROM pg_catalog.jsonb_to_recordset(batch) AS r(kind text, id text, seq bigint, body jsonb)
    ON CONFLICT (shop_id, till_id, kind, local_id)
    DO UPDATE SET seq = excluded.seq, body = excluded.body WHERE j.seq < excluded.seq;
  -- This till is the only writer of its mark: it follows the till (a till started again from an
  -- older backup sends its rows again and the mark comes back with it).
  INSERT INTO public.till_progress (shop_id, till_id, last_seq) VALUES (this_shop, this_till, up_to)
    ON CONFLICT (shop_id, till_id) DO UPDATE SET last_seq = excluded.last_seq, updated_at = now();
END $$;

ALTER TABLE journal ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON journal FOR SELECT USING (shop_id = shop_of_role(current_user));
ALTER TABLE till_progress ENABLE ROW LEVEL SECURITY;
CREATE POLICY read_own_shop ON till_progress FOR SELECT USING (shop_id = shop_of_role(current_user));

-- Reading only: a till holds no right that could lock a table against the other tills (LOCK TABLE
-- beyond ACCESS SHARE needs UPDATE, DELETE or TRUNCATE).
GRANT SELECT ON shops, tills, schema_migrations, journal, till_progress TO paydesk_till;
REVOKE ALL ON FUNCTION shop_of_role(name), till_of_role(name) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION shop_of_role(name), till_of_role(name) TO paydesk_till;
REVOKE ALL ON FUNCTION take_shop_z_number() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION take_shop_z_number() TO paydesk_till;
REVOKE ALL ON FUNCTION send_journal_batch(jsonb, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION send_journal_batch(jsonb, bigint) TO paydesk_till;
`,
};
