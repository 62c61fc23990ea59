-- Term search candidates by the words of the names instead of trigrams (issue 19): every match
-- of DESIGN 6.2 up to `words` (q equals or starts the label or a synonym, or every word of q
-- starts a word of them) implies that every word of q is a prefix of one of the term's
-- "name_words", which a GIN over those words as a tsvector answers with prefix queries
-- ('w':*). About a dozen index entries a term instead of about a hundred trigrams, so writing a
-- commit's terms costs a fraction of what it did (docs/decisions.md). Ids stay with the id_keys
-- GIN and definitions with the definition_words GIN; the trigram, synonyms and label indexes and
-- the "search_text" column they served are dropped (a query without any word, such as "-",
-- now reads the head rows of the visible ontologies).
--
-- array_to_tsvector takes lexemes as they are, up to 2,047 bytes each and 1 MB a term: the
-- service writes words of at most 500 characters and at most 900,000 bytes of them a term
-- (the same rule is applied here to any older row beyond it).
UPDATE "terms" SET "name_words" = ARRAY(
    SELECT s."w" FROM (
      SELECT d."w", d."o", sum(octet_length(d."w")) OVER (ORDER BY d."o") AS "total"
      FROM (SELECT DISTINCT ON (left(u."x", 500)) left(u."x", 500) AS "w", u."o" FROM unnest("name_words") WITH ORDINALITY AS u("x", "o") ORDER BY left(u."x", 500), u."o") d
    ) s WHERE s."total" <= 900000 ORDER BY s."o")
  WHERE EXISTS (SELECT 1 FROM unnest("name_words") AS x("w") WHERE length(x."w") > 500) OR octet_length(array_to_string("name_words", '')) > 900000;

DROP INDEX IF EXISTS "terms_head_search_trgm_idx";
DROP INDEX IF EXISTS "terms_head_synonyms_idx";
DROP INDEX IF EXISTS "terms_head_label_idx";
ALTER TABLE "terms" DROP COLUMN "search_text";

CREATE INDEX "terms_head_name_words_idx" ON "terms" USING GIN (array_to_tsvector("name_words")) WITH (fastupdate = on, gin_pending_list_limit = 256) WHERE "to_seq" IS NULL;
