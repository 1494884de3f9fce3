-- The dashboard search finds an issued quote by its policy number too (DCPI/POL/000042), so a broker holding only
-- the policy number reaches the policy. The search text gains the policy number as one more line; it is set when
-- the quote is issued, so the trigger now also runs on a change of policy_number.
CREATE OR REPLACE FUNCTION quotes_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broker_name text;
  broker_email text;
BEGIN
  SELECT u.name, u.email INTO broker_name, broker_email FROM users u WHERE u.id = NEW.broker_id;
  NEW.search_text := lower(concat_ws(E'\n', NEW.reference, NEW.proposer_name, NEW.contact_email,
    NEW.product_code, NEW.product_type, broker_name, broker_email, NEW.policy_number));
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER quotes_search_text_maintained ON quotes;--> statement-breakpoint
CREATE TRIGGER quotes_search_text_maintained
  BEFORE INSERT OR UPDATE OF reference, proposer_name, contact_email, product_code, product_type, broker_id,
    policy_number, search_text
  ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_set_search_text();--> statement-breakpoint
-- Policies issued before this migration get theirs now (the quote_search row follows, by its own trigger).
UPDATE quotes SET search_text = NULL WHERE policy_number IS NOT NULL;
