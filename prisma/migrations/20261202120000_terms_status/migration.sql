-- Why a commit's terms could not be written (terms_status `failed`); NULL while they are
-- written or still being indexed in the background.
ALTER TABLE "commits" ADD COLUMN "terms_error" TEXT;

-- The trigram index now covers the names only (CURIE, local name, label, synonyms: what the
-- service writes to "search_text" from now on; older rows keep a longer text, a superset that
-- finds the same candidates); definitions are found by their words. Its maintenance was most
-- of a commit's term cost (docs/decisions.md).
CREATE INDEX "terms_head_definition_words_idx" ON "terms" USING GIN ("definition_words") WITH (fastupdate = off) WHERE "to_seq" IS NULL;

-- GIN maintenance row by row (fastupdate off) cost several times the parse of a commit: new
-- entries now go to a small pending list (256 kB) merged in bulk when it fills, so a search
-- reads at most that much unmerged (measured in docs/decisions.md).
ALTER INDEX "terms_parents_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "terms_head_id_keys_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "terms_head_synonyms_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "terms_head_search_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "terms_head_definition_words_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
