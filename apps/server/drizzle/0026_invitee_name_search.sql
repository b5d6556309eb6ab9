-- The invitee pool's name search (issue 25): the grid sends `lower(full_name) LIKE lower('%…%')`, which read every
-- staged invitee for both the page and the exact Count (396–550 ms p50 at 1M). A trigram GIN index on the same
-- expression answers it from the index. pg_trgm is a contrib extension: PostgreSQL needs its contrib modules
-- installed (postgresql-contrib on most distributions; Debian's server package includes them), and the embedded
-- PGlite loads its own build (db/client.ts). pg_trgm is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "staged_invitees_full_name_trgm_idx" ON "staged_invitees" USING gin (lower("full_name") gin_trgm_ops);
