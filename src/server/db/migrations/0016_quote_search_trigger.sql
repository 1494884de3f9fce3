-- The dashboard list filters, orders and counts on a narrow row per quote (ADR 0043) instead of the wide
-- quotes row. The database keeps it: after every insert, and after every update that changes what it copies
-- (search_text, which the quotes trigger of migration 0004 recomputes, broker, status, last change), in the
-- same statement, so it never lags behind or disagrees; a deleted quote takes its row with it (cascade).
CREATE FUNCTION quotes_keep_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO quote_search (quote_id, broker_id, status, updated_at, search_text)
  VALUES (NEW.id, NEW.broker_id, NEW.status, NEW.updated_at, coalesce(NEW.search_text, ''))
  ON CONFLICT (quote_id) DO UPDATE SET
    broker_id = EXCLUDED.broker_id,
    status = EXCLUDED.status,
    updated_at = EXCLUDED.updated_at,
    search_text = EXCLUDED.search_text;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_search_row_kept_on_insert
  AFTER INSERT ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_keep_search_row();--> statement-breakpoint
CREATE TRIGGER quotes_search_row_kept_on_update
  AFTER UPDATE ON quotes FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.broker_id IS DISTINCT FROM NEW.broker_id
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
  EXECUTE FUNCTION quotes_keep_search_row();--> statement-breakpoint
-- Quotes written before this migration get theirs now, in list order, before the indexes are built (one
-- build is much faster than a million index insertions).
INSERT INTO quote_search (quote_id, broker_id, status, updated_at, search_text)
SELECT id, broker_id, status, updated_at, coalesce(search_text, '') FROM quotes ORDER BY updated_at DESC, id DESC;
--> statement-breakpoint
CREATE INDEX "quote_search_text_trgm_idx" ON "quote_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quote_search_updated_at_idx" ON "quote_search" USING btree ("updated_at" DESC NULLS FIRST,"quote_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quote_search_broker_updated_at_idx" ON "quote_search" USING btree ("broker_id","updated_at" DESC NULLS FIRST,"quote_id" DESC NULLS FIRST);
--> statement-breakpoint
-- Statistics now, not when autovacuum gets round to it: the planner must know the table is full.
ANALYZE quote_search;
