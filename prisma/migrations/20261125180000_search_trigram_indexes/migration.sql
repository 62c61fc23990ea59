-- Title and description search (ILIKE '%…%': REST ?title= and the search_ontologies tool) through
-- trigram indexes that stay usable as one account grows to tens of thousands of ontologies.
-- fastupdate off: a new row's trigrams go straight into the index. With GIN's default pending
-- list they wait, unsorted, until VACUUM merges them, and every search reads the whole list;
-- PGlite (the embedded default) runs no autovacuum, so there they waited for ever and the
-- planner preferred filtering every row of the caller's accounts instead.
ALTER INDEX "ontologies_title_trgm_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('ontologies_title_trgm_idx'::regclass);
CREATE INDEX "ontologies_description_trgm_idx" ON "ontologies" USING GIN ("description" gin_trgm_ops) WITH (fastupdate = off);
