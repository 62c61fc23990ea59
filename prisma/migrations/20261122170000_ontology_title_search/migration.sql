-- Case-insensitive substring search on titles (ILIKE '%…%') through a trigram index, so that
-- GET /api/v1/ontologies?title= stays fast with many ontologies.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "ontologies_title_trgm_idx" ON "ontologies" USING GIN ("title" gin_trgm_ops);
-- Lists are newest first by id within the visible set.
CREATE INDEX "ontologies_account_id_id_idx" ON "ontologies" ("account_id", "id" DESC);
CREATE INDEX "ontologies_visibility_id_idx" ON "ontologies" ("visibility", "id" DESC);
