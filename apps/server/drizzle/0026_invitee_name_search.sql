-- The invitee pool's name search (issue 25): the grid sends `lower(full_name) LIKE lower('%…%')`, which read every
-- staged invitee for the exact Count, and for the page of a rare name (about 0.2 s each at 1M). A trigram GIN index
-- on the same expression answers it from the index. pg_trgm is a contrib extension: a PostgreSQL server needs its
-- contrib modules (Debian's and the official images' server packages include them; elsewhere a `-contrib` package),
-- and the embedded PGlite loads its own build (db/client.ts). It is a trusted extension: a database owner may
-- create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "staged_invitees_full_name_trgm_idx" ON "staged_invitees" USING gin (lower("full_name") gin_trgm_ops);
