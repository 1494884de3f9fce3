-- The dashboard search (SPEC §5, ADR 0024) matches one lower-cased text per quote with one trigram index.
-- The database keeps it: on every insert and on any update of a field it holds (a write to search_text
-- itself is recomputed too, so the application cannot get it wrong), and for all of a broker's quotes when
-- the broker's name or e-mail changes. Fields are joined by a line break, so a match never spans two fields.
CREATE FUNCTION quotes_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broker_name text;
  broker_email text;
BEGIN
  SELECT u.name, u.email INTO broker_name, broker_email FROM users u WHERE u.id = NEW.broker_id;
  NEW.search_text := lower(concat_ws(E'\n', NEW.reference, NEW.proposer_name, NEW.contact_email,
    NEW.product_code, NEW.product_type, broker_name, broker_email));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_search_text_maintained
  BEFORE INSERT OR UPDATE OF reference, proposer_name, contact_email, product_code, product_type, broker_id, search_text
  ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_set_search_text();--> statement-breakpoint
CREATE FUNCTION users_refresh_quote_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching search_text makes the quotes trigger recompute it with the new name and e-mail.
  UPDATE quotes SET search_text = NULL WHERE broker_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_search_text_cascade
  AFTER UPDATE OF name, email ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_refresh_quote_search_text();--> statement-breakpoint
-- Quotes written before this migration get theirs now.
UPDATE quotes SET search_text = NULL;
