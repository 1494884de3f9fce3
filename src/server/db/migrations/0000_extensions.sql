-- drizzle-kit does not emit CREATE EXTENSION; the trigram indexes of the next migration need pg_trgm.
-- PGlite must also load the extension's code on every open (see db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
