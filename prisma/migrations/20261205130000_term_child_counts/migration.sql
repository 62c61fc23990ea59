-- How many children each parent has, per interval of versions (browsing, DESIGN 6.2: the exact
-- `total` of a page of children and `children_count`): one row per parent and span of commits
-- over which its count of parent edges ("term_parents") stays the same, with the same
-- from_seq/to_seq convention as the terms. "children" counts every child, "live_children" the
-- ones not deprecated (the default listing). The service keeps them with each commit's terms by
-- adding the edges the commit starts and subtracting the ones it ends, so a page's total is one
-- row, not a count of 10,000 edges (docs/decisions.md).
CREATE TABLE "term_child_counts" (
  "ontology_id" UUID NOT NULL REFERENCES "ontologies"("id") ON DELETE CASCADE,
  "parent_iri" TEXT NOT NULL,
  "from_seq" INTEGER NOT NULL,
  "to_seq" INTEGER,
  "children" INTEGER NOT NULL,
  "live_children" INTEGER NOT NULL,
  PRIMARY KEY ("ontology_id", "parent_iri", "from_seq")
);

-- Existing edges: every span between two consecutive commits where a parent's edges start or end.
INSERT INTO "term_child_counts" ("ontology_id", "parent_iri", "from_seq", "to_seq", "children", "live_children")
  SELECT s."ontology_id", s."parent_iri", s."from_seq", s."to_seq", count(*), count(*) FILTER (WHERE NOT e."deprecated")
  FROM (
    SELECT p."ontology_id", p."parent_iri", p."seq" AS "from_seq", lead(p."seq") OVER (PARTITION BY p."ontology_id", p."parent_iri" ORDER BY p."seq") AS "to_seq"
    FROM (
      SELECT "ontology_id", "parent_iri", "from_seq" AS "seq" FROM "term_parents"
      UNION SELECT "ontology_id", "parent_iri", "to_seq" FROM "term_parents" WHERE "to_seq" IS NOT NULL
    ) p
  ) s
  JOIN "term_parents" e ON e."ontology_id" = s."ontology_id" AND e."parent_iri" = s."parent_iri"
    AND e."from_seq" <= s."from_seq" AND (e."to_seq" IS NULL OR e."to_seq" > s."from_seq")
  GROUP BY s."ontology_id", s."parent_iri", s."from_seq", s."to_seq";
