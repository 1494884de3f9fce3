-- The notes of the two rating versions seeded on a new database named the files they were drawn from; they now
-- read as the product's own (src/server/db/seed-rating-versions.ts). Only those exact seeded notes change, on the
-- product each was seeded for: an administrator's own notes, every configuration, period and status stay as they
-- are, so every published version rates exactly as before.
UPDATE "rating_versions" SET "notes" = 'Initial design-and-construct PI rating.'
WHERE "product_code" = 'D/C-PI' AND "notes" = 'Initial design-and-construct PI rating (docs/rating-dc-pi.md).';
--> statement-breakpoint
UPDATE "rating_versions" SET "notes" = 'Example professional indemnity rating.'
WHERE "product_code" = 'PI001' AND "notes" = 'SPEC.md §9 example configuration.';
