CREATE TABLE "mi_decision_times" (
	"month" date NOT NULL,
	"firm_id" uuid,
	"broker_id" uuid NOT NULL,
	"bucket" integer NOT NULL,
	"decisions" integer NOT NULL,
	CONSTRAINT "mi_decision_times_key" UNIQUE NULLS NOT DISTINCT("month","firm_id","broker_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "mi_totals" (
	"month" date NOT NULL,
	"firm_id" uuid,
	"broker_id" uuid NOT NULL,
	"turnover_band" text,
	"measure" text NOT NULL,
	"events" integer NOT NULL,
	"premium" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mi_totals_key" UNIQUE NULLS NOT DISTINCT("month","firm_id","broker_id","turnover_band","measure")
);
--> statement-breakpoint
-- Management information is a sum over these totals (ADR 0079). The database keeps them exact: in the same
-- transaction as every quote created or deleted, every referral and decision, and every policy transaction.
-- Months are London calendar months, as the bordereau's.
CREATE FUNCTION mi_month(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', at AT TIME ZONE 'Europe/London')::date
$$;--> statement-breakpoint
-- The wait's bucket as decisionBucketOf (src/domain/mi/decision-times.ts) computes it: buckets growing by 10% from one minute.
CREATE FUNCTION mi_decision_bucket(waited interval) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN extract(epoch FROM waited) / 60 <= 1 THEN 0
    ELSE ceil(ln(extract(epoch FROM waited)::double precision / 60) / ln(1.1::double precision))::integer END
$$;--> statement-breakpoint
CREATE FUNCTION mi_add(at timestamptz, firm uuid, broker uuid, band text, measure text, delta integer, amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO mi_totals (month, firm_id, broker_id, turnover_band, measure, events, premium)
  VALUES (mi_month(at), firm, broker, band, measure, delta, amount)
  ON CONFLICT (month, firm_id, broker_id, turnover_band, measure) DO UPDATE SET
    events = mi_totals.events + EXCLUDED.events,
    premium = mi_totals.premium + EXCLUDED.premium
$$;--> statement-breakpoint
CREATE FUNCTION mi_add_decision_time(at timestamptz, firm uuid, broker uuid, waited interval, delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO mi_decision_times (month, firm_id, broker_id, bucket, decisions)
  VALUES (mi_month(at), firm, broker, mi_decision_bucket(waited), delta)
  ON CONFLICT (month, firm_id, broker_id, bucket) DO UPDATE SET
    decisions = mi_decision_times.decisions + EXCLUDED.decisions
$$;--> statement-breakpoint
-- A referral counts in the month it was sent, a decision (and its wait since the referral) in the month it was
-- made, each with the quote's firm and broker at that moment.
CREATE FUNCTION mi_count_referral(q quotes, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF q.referred_at IS NOT NULL THEN
    PERFORM mi_add(q.referred_at, q.firm_id, q.broker_id, NULL, 'REFERRED', delta, 0);
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION mi_count_decision(q quotes, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF q.decided_at IS NOT NULL AND q.decision IS NOT NULL THEN
    PERFORM mi_add(q.decided_at, q.firm_id, q.broker_id, NULL, 'DECIDED_' || q.decision::text, delta, 0);
    IF q.referred_at IS NOT NULL AND q.referred_at <= q.decided_at THEN
      PERFORM mi_add_decision_time(q.decided_at, q.firm_id, q.broker_id, q.decided_at - q.referred_at, delta);
    END IF;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION quotes_keep_mi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mi_add(NEW.created_at, NEW.firm_id, NEW.broker_id, NULL, 'CREATED', 1, 0);
    PERFORM mi_count_referral(NEW, 1);
    PERFORM mi_count_decision(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mi_add(OLD.created_at, OLD.firm_id, OLD.broker_id, NULL, 'CREATED', -1, 0);
    PERFORM mi_count_referral(OLD, -1);
    PERFORM mi_count_decision(OLD, -1);
  ELSE
    IF NEW.referred_at IS DISTINCT FROM OLD.referred_at THEN
      PERFORM mi_count_referral(NEW, 1);
    END IF;
    IF NEW.decided_at IS DISTINCT FROM OLD.decided_at THEN
      PERFORM mi_count_decision(NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_mi_kept_on_insert_or_delete
  AFTER INSERT OR DELETE ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_keep_mi();--> statement-breakpoint
CREATE TRIGGER quotes_mi_kept_on_update
  AFTER UPDATE ON quotes FOR EACH ROW
  WHEN (OLD.referred_at IS DISTINCT FROM NEW.referred_at OR OLD.decided_at IS DISTINCT FROM NEW.decided_at)
  EXECUTE FUNCTION quotes_keep_mi();--> statement-breakpoint
-- A policy transaction counts in the month it was made (as in the bordereau), with its premium, under the
-- policy's firm, broker and turnover band.
CREATE FUNCTION policy_transactions_keep_mi() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t policy_transactions;
  delta integer;
  q record;
BEGIN
  IF TG_OP = 'INSERT' THEN t := NEW; delta := 1; ELSE t := OLD; delta := -1; END IF;
  SELECT firm_id, broker_id, turnover_band INTO q FROM quotes WHERE id = t.policy_id;
  PERFORM mi_add(t.created_at, q.firm_id, q.broker_id, q.turnover_band, t.kind::text, delta, delta * t.total_premium);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER policy_transactions_mi_kept
  AFTER INSERT OR DELETE ON policy_transactions FOR EACH ROW EXECUTE FUNCTION policy_transactions_keep_mi();--> statement-breakpoint
CREATE FUNCTION mi_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mi_totals;
  DELETE FROM mi_decision_times;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_mi_cleared_on_truncate
  AFTER TRUNCATE ON quotes FOR EACH STATEMENT EXECUTE FUNCTION mi_cleared();--> statement-breakpoint
-- The totals counted afresh from the book: this migration's backfill, and a bulk load that switched the triggers
-- off. Each quote's latest referral and decision are in it (the book keeps no earlier ones on the quote).
CREATE FUNCTION mi_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mi_totals;
  DELETE FROM mi_decision_times;
  INSERT INTO mi_totals (month, firm_id, broker_id, turnover_band, measure, events, premium)
  SELECT month, firm_id, broker_id, band, measure, count(*)::integer, coalesce(sum(amount), 0)::bigint
  FROM (
    SELECT mi_month(created_at) AS month, firm_id, broker_id, NULL::text AS band, 'CREATED' AS measure,
      0::bigint AS amount FROM quotes
    UNION ALL
    SELECT mi_month(referred_at), firm_id, broker_id, NULL, 'REFERRED', 0 FROM quotes WHERE referred_at IS NOT NULL
    UNION ALL
    SELECT mi_month(decided_at), firm_id, broker_id, NULL, 'DECIDED_' || decision::text, 0 FROM quotes
    WHERE decided_at IS NOT NULL AND decision IS NOT NULL
    UNION ALL
    SELECT mi_month(t.created_at), q.firm_id, q.broker_id, q.turnover_band, t.kind::text, t.total_premium
    FROM policy_transactions t JOIN quotes q ON q.id = t.policy_id
  ) events
  GROUP BY month, firm_id, broker_id, band, measure;
  INSERT INTO mi_decision_times (month, firm_id, broker_id, bucket, decisions)
  SELECT mi_month(decided_at), firm_id, broker_id, mi_decision_bucket(decided_at - referred_at), count(*)::integer
  FROM quotes
  WHERE decided_at IS NOT NULL AND decision IS NOT NULL AND referred_at IS NOT NULL AND referred_at <= decided_at
  GROUP BY 1, 2, 3, 4;
END;
$$;--> statement-breakpoint
SELECT mi_rebuild();
