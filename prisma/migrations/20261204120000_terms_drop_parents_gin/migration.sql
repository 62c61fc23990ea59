-- The GIN index on "terms"."parents" covered every state (head and history) and was kept only
-- for a search with both `q` and `parent`; that filter now reads the parent edges' primary key
-- ("term_parents": ontology, iri, from_seq, parent_iri), so the index is dropped: it was one of
-- the GIN indexes a commit's term rows paid for (issue 19, docs/decisions.md).
DROP INDEX IF EXISTS "terms_parents_idx";
