-- Terms of every commit (DESIGN 6, issue 19), stored as validity intervals: a row is one state
-- of one term, valid from the commit with sequence "from_seq" until (excluded) the commit
-- "to_seq" that changed or removed it (NULL: still in the head). A version's terms are the rows
-- whose interval covers its sequence, so 50 versions of 1.5 million mostly unchanged terms are
-- about 1.5 million rows, not 75 million. The *_norm, *_words and "search_text" columns hold the
-- text lower-cased with accents removed, written by the service (the same JS function
-- normalizes queries): PGlite has no unaccent extension, and one normalization on both back
-- ends keeps the ranking identical. Search reads only head rows: its indexes are partial.
CREATE TABLE "terms" (
  "id" BIGSERIAL PRIMARY KEY,
  "ontology_id" UUID NOT NULL REFERENCES "ontologies"("id") ON DELETE CASCADE,
  "iri" TEXT NOT NULL,
  "from_seq" INTEGER NOT NULL,
  "to_seq" INTEGER,
  "digest" TEXT NOT NULL,
  "curie" TEXT,
  "kind" TEXT NOT NULL,
  "label" TEXT,
  "synonyms" TEXT[] NOT NULL,
  "definition" TEXT,
  "deprecated" BOOLEAN NOT NULL,
  "replaced_by" TEXT[] NOT NULL,
  "parents" TEXT[] NOT NULL,
  "annotations" JSONB NOT NULL,
  "id_keys" TEXT[] NOT NULL,
  "label_norm" TEXT,
  "synonyms_norm" TEXT[] NOT NULL,
  "name_words" TEXT[] NOT NULL,
  "definition_words" TEXT[] NOT NULL,
  "search_text" TEXT NOT NULL
);
-- One state per term and starting commit; a version's lookups by IRI (pinned term pages).
CREATE UNIQUE INDEX "terms_ontology_id_iri_from_seq_key" ON "terms" ("ontology_id", "iri", "from_seq");
-- The head of an ontology (loaded at each commit to compute its changes; head term pages, roots).
CREATE INDEX "terms_head_idx" ON "terms" ("ontology_id", "iri") WHERE "to_seq" IS NULL;
-- Children of a term (browsing), any version.
CREATE INDEX "terms_parents_idx" ON "terms" USING GIN ("parents") WITH (fastupdate = off);
-- Ranking of 6.2 over head rows: exact id, label and synonym; label prefixes; every word of q
-- as a substring through trigrams (candidates for the prefix, word and definition matches).
CREATE INDEX "terms_head_id_keys_idx" ON "terms" USING GIN ("id_keys") WITH (fastupdate = off) WHERE "to_seq" IS NULL;
CREATE INDEX "terms_head_label_idx" ON "terms" ("label_norm" text_pattern_ops) WHERE "to_seq" IS NULL;
CREATE INDEX "terms_head_synonyms_idx" ON "terms" USING GIN ("synonyms_norm") WITH (fastupdate = off) WHERE "to_seq" IS NULL;
CREATE INDEX "terms_head_search_trgm_idx" ON "terms" USING GIN ("search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE "to_seq" IS NULL;

-- Term-level changes of each commit against its parent (computed once when the commit is
-- made): the commit's release note and, per IRI, the term's history. Before and after states
-- are the "terms" rows ending and starting at "seq".
CREATE TABLE "term_changes" (
  "ontology_id" UUID NOT NULL REFERENCES "ontologies"("id") ON DELETE CASCADE,
  "seq" INTEGER NOT NULL,
  "iri" TEXT NOT NULL,
  "change" TEXT NOT NULL,
  "fields" TEXT[] NOT NULL,
  "newly_deprecated" BOOLEAN NOT NULL,
  PRIMARY KEY ("ontology_id", "seq", "iri")
);
CREATE INDEX "term_changes_history_idx" ON "term_changes" ("ontology_id", "iri", "seq");

-- Whether a commit's terms were written. Commits made before terms existed have none until a
-- backfill writes them in commit order (docs/decisions.md).
ALTER TABLE "commits" ADD COLUMN "terms_indexed" BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE "commits" SET "terms_indexed" = FALSE;
