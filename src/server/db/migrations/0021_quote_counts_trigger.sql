-- The list's total without a search text is a sum over quote_counts (ADR 0043). The database keeps it exact:
-- in the same transaction as every insert and delete of a quote and every change of its broker or status.
-- Two counters are changed in one fixed order (by broker, then status), so two writes moving quotes in
-- opposite directions wait for each other instead of deadlocking.
CREATE FUNCTION quote_counts_add(broker uuid, quote_status quote_status, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO quote_counts (broker_id, status, quotes) VALUES (broker, quote_status, delta)
  ON CONFLICT (broker_id, status) DO UPDATE SET quotes = quote_counts.quotes + EXCLUDED.quotes
$$;--> statement-breakpoint
CREATE FUNCTION quotes_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM quote_counts_add(NEW.broker_id, NEW.status, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM quote_counts_add(OLD.broker_id, OLD.status, -1);
  ELSIF (OLD.broker_id::text, OLD.status::text) < (NEW.broker_id::text, NEW.status::text) THEN
    PERFORM quote_counts_add(OLD.broker_id, OLD.status, -1);
    PERFORM quote_counts_add(NEW.broker_id, NEW.status, 1);
  ELSE
    PERFORM quote_counts_add(NEW.broker_id, NEW.status, 1);
    PERFORM quote_counts_add(OLD.broker_id, OLD.status, -1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_counts_kept_on_insert_or_delete
  AFTER INSERT OR DELETE ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_keep_counts();--> statement-breakpoint
CREATE TRIGGER quotes_counts_kept_on_update
  AFTER UPDATE ON quotes FOR EACH ROW
  WHEN (OLD.broker_id IS DISTINCT FROM NEW.broker_id OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION quotes_keep_counts();--> statement-breakpoint
CREATE FUNCTION quote_counts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM quote_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_counts_cleared_on_truncate
  AFTER TRUNCATE ON quotes FOR EACH STATEMENT EXECUTE FUNCTION quote_counts_cleared();--> statement-breakpoint
-- Quotes written before this migration are counted now.
INSERT INTO quote_counts (broker_id, status, quotes)
SELECT broker_id, status, count(*)::integer FROM quotes GROUP BY broker_id, status;
