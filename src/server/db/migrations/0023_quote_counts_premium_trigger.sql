-- The counters also hold each broker's total premium per status (ADR 0043), so the dashboard's figures are a
-- sum over them. A quote's total premium changes with every rating: the counter follows in the same
-- transaction. Two counters are still changed in one fixed order (by broker, then status).
DROP TRIGGER quotes_counts_kept_on_update ON quotes;--> statement-breakpoint
DROP TRIGGER quotes_counts_kept_on_insert_or_delete ON quotes;--> statement-breakpoint
DROP FUNCTION quotes_keep_counts();--> statement-breakpoint
DROP FUNCTION quote_counts_add(uuid, quote_status, integer);--> statement-breakpoint
CREATE FUNCTION quote_counts_add(broker uuid, quote_status quote_status, delta integer, premium bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO quote_counts (broker_id, status, quotes, total_premium) VALUES (broker, quote_status, delta, premium)
  ON CONFLICT (broker_id, status) DO UPDATE SET
    quotes = quote_counts.quotes + EXCLUDED.quotes,
    total_premium = quote_counts.total_premium + EXCLUDED.total_premium
$$;--> statement-breakpoint
CREATE FUNCTION quotes_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM quote_counts_add(NEW.broker_id, NEW.status, 1, coalesce(NEW.total_premium, 0));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM quote_counts_add(OLD.broker_id, OLD.status, -1, -coalesce(OLD.total_premium, 0));
  ELSIF OLD.broker_id = NEW.broker_id AND OLD.status = NEW.status THEN
    PERFORM quote_counts_add(NEW.broker_id, NEW.status, 0,
      coalesce(NEW.total_premium, 0) - coalesce(OLD.total_premium, 0));
  ELSIF (OLD.broker_id::text, OLD.status::text) < (NEW.broker_id::text, NEW.status::text) THEN
    PERFORM quote_counts_add(OLD.broker_id, OLD.status, -1, -coalesce(OLD.total_premium, 0));
    PERFORM quote_counts_add(NEW.broker_id, NEW.status, 1, coalesce(NEW.total_premium, 0));
  ELSE
    PERFORM quote_counts_add(NEW.broker_id, NEW.status, 1, coalesce(NEW.total_premium, 0));
    PERFORM quote_counts_add(OLD.broker_id, OLD.status, -1, -coalesce(OLD.total_premium, 0));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_counts_kept_on_insert_or_delete
  AFTER INSERT OR DELETE ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_keep_counts();--> statement-breakpoint
CREATE TRIGGER quotes_counts_kept_on_update
  AFTER UPDATE ON quotes FOR EACH ROW
  WHEN (OLD.broker_id IS DISTINCT FROM NEW.broker_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.total_premium IS DISTINCT FROM NEW.total_premium)
  EXECUTE FUNCTION quotes_keep_counts();--> statement-breakpoint
-- Premiums of quotes written before this migration are summed now.
UPDATE quote_counts c SET total_premium = summed.total_premium
FROM (
  SELECT broker_id, status, coalesce(sum(total_premium), 0)::bigint AS total_premium FROM quotes GROUP BY broker_id, status
) summed
WHERE summed.broker_id = c.broker_id AND summed.status = c.status;
