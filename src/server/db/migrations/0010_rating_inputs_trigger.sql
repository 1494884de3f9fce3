-- The impact analysis reads each rated quote's rating input from a narrow table (ADR 0037) instead of
-- de-toasting every rating result. The database keeps it: after every insert, and after any update of a
-- field it copies, in the same statement as the rating, so it can never lag behind or disagree. The values
-- go in the domain's RATING_INPUT_STORED_ORDER (src/domain/rating/input.ts): a field added to the engine is
-- appended there and here by a new migration; arrays written before simply lack it.
ALTER TABLE quote_rating_inputs ALTER COLUMN inputs SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE FUNCTION quote_rating_input_values(i jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    i -> 'turnover',
    i -> 'industry',
    i -> 'employees',
    i -> 'sumInsured',
    i -> 'claimsLast3Yrs',
    i -> 'hasClaims',
    i -> 'hasExports',
    i -> 'hasHazardous',
    i -> 'operates24_7',
    i -> 'coverLimit',
    i -> 'excessOption',
    i -> 'largestSingleProjectValue',
    i -> 'isAllTurnoverUK',
    i -> 'hasNonUKJurisdictionWork',
    i -> 'turnoverIncrease20Percent',
    i -> 'hasFinancialInterest',
    i -> 'hasSpecialAreaWork',
    i -> 'subcontractorInsuranceConfirmed',
    i -> 'requiresCoverForWaivedRights',
    i -> 'responsibleForManufacturing',
    i -> 'asbestosOrEnvironmentalWork',
    i -> 'contractsNotInWriting',
    i -> 'collateralWarrantiesOrThirdPartyRights',
    i -> 'everFailedToCompleteProject',
    i -> 'pastContractsWithDesignLiability',
    i -> 'doesNotExcludeIndirectLosses',
    i -> 'businessActivitiesChanged',
    i -> 'contractsNotAlwaysWritten',
    i -> 'previousDisciplinaryAction',
    i -> 'lackRelevantQualifications',
    i -> 'noBackgroundCheckPolicy',
    i -> 'requireCoverPreviousBusiness',
    i -> 'awareOfCircumstances',
    i -> 'significantFluctuations',
    i -> 'insuranceDeclined',
    i -> 'officesOutsideUK',
    i -> 'previousClaims',
    i -> 'criminalConvictions',
    i -> 'hasMaterialFacts',
    i -> 'hasDirectorsOfficersInsurance',
    i -> 'directorsOfficersLimit',
    i -> 'hasContentsInsurance',
    i -> 'contentsLimit',
    i -> 'hasBusinessEquipmentComputers',
    i -> 'businessEquipmentComputersLimit',
    i -> 'hasBusinessEquipmentSpecialist',
    i -> 'businessEquipmentSpecialistLimit',
    i -> 'hasStockContents',
    i -> 'stockContentsLimit'
  )::text
$$;--> statement-breakpoint
CREATE FUNCTION quotes_keep_rating_input() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i jsonb := NEW.rating_result -> 'input';
BEGIN
  IF i IS NULL OR jsonb_typeof(i) <> 'object' OR NEW.rating_version_id IS NULL OR NEW.rated_at IS NULL THEN
    -- Not rated (a draft, or a quote whose rating was cleared): nothing for the analysis.
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM quote_rating_inputs WHERE quote_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO quote_rating_inputs (quote_id, product_code, reference, rating_version_id, rated_at, inputs)
  VALUES (NEW.id, NEW.product_code, NEW.reference, NEW.rating_version_id, NEW.rated_at, quote_rating_input_values(i))
  ON CONFLICT (quote_id) DO UPDATE SET
    product_code = EXCLUDED.product_code,
    reference = EXCLUDED.reference,
    rating_version_id = EXCLUDED.rating_version_id,
    rated_at = EXCLUDED.rated_at,
    inputs = EXCLUDED.inputs;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_rating_input_kept
  AFTER INSERT OR UPDATE OF rating_result, rating_version_id, rated_at, product_code, reference
  ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_keep_rating_input();--> statement-breakpoint
-- Quotes rated before this migration get theirs now, oldest rating first, so the most recent ratings (the
-- ones the analysis reads) lie together at the end of the table.
INSERT INTO quote_rating_inputs (quote_id, product_code, reference, rating_version_id, rated_at, inputs)
SELECT id, product_code, reference, rating_version_id, rated_at, quote_rating_input_values(rating_result -> 'input')
FROM quotes
WHERE jsonb_typeof(rating_result -> 'input') = 'object' AND rating_version_id IS NOT NULL AND rated_at IS NOT NULL
ORDER BY rated_at, id;
--> statement-breakpoint
-- Statistics now, not when autovacuum gets round to it: without them the planner takes the freshly filled
-- table for empty and sorts the whole scope for every page instead of walking the index.
ANALYZE quote_rating_inputs;
