-- The parent edges of every term state (browsing, DESIGN 6.2): one row per parent of a "terms"
-- row, with the same interval and the columns the children page sorts and filters by, so one
-- page of the children of a term is a range read of an ordered btree and their count reads
-- only that index, instead of fetching every child (10,000 of them) to sort it
-- (docs/decisions.md). Written with the term rows by the service.
CREATE TABLE "term_parents" (
  "ontology_id" UUID NOT NULL REFERENCES "ontologies"("id") ON DELETE CASCADE,
  "iri" TEXT NOT NULL,
  "from_seq" INTEGER NOT NULL,
  "parent_iri" TEXT NOT NULL,
  "to_seq" INTEGER,
  "label_norm" TEXT,
  "label" TEXT,
  "kind" TEXT NOT NULL,
  "deprecated" BOOLEAN NOT NULL,
  PRIMARY KEY ("ontology_id", "iri", "from_seq", "parent_iri")
);
-- The children of a parent in the order of the page (label, then IRI), any version.
CREATE INDEX "term_parents_children_idx" ON "term_parents" ("ontology_id", "parent_iri", "label_norm" COLLATE "C" NULLS LAST, "label" COLLATE "C" NULLS LAST, "iri" COLLATE "C")
  INCLUDE ("from_seq", "to_seq", "kind", "deprecated");

INSERT INTO "term_parents" ("ontology_id", "iri", "from_seq", "parent_iri", "to_seq", "label_norm", "label", "kind", "deprecated")
  SELECT DISTINCT t."ontology_id", t."iri", t."from_seq", p."parent_iri", t."to_seq", t."label_norm", t."label", t."kind", t."deprecated"
  FROM "terms" t CROSS JOIN LATERAL unnest(t."parents") AS p("parent_iri");
