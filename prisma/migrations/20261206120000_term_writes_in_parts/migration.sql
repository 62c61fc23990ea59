-- A large source's terms are written in the background in many short transactions (DESIGN 8:
-- bounded memory; docs/decisions.md "Terms of large sources in parts"). The version becomes
-- readable only when its commit is marked indexed at the end; meanwhile readers answer the last
-- indexed version. "term_writes" says who is writing a commit's terms (one writer at a time
-- across replicas; a writer that stopped beating is taken over), "term_write_iris" the IRIs the
-- new version has so far (the terms of the parent version missing from it are the removed ones).
CREATE TABLE "term_writes" (
  "ontology_id" UUID NOT NULL REFERENCES "ontologies"("id") ON DELETE CASCADE,
  "seq" INTEGER NOT NULL,
  "writer" TEXT NOT NULL,
  "beat_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("ontology_id", "seq")
);

CREATE TABLE "term_write_iris" (
  "ontology_id" UUID NOT NULL REFERENCES "ontologies"("id") ON DELETE CASCADE,
  "seq" INTEGER NOT NULL,
  "iri" TEXT NOT NULL,
  PRIMARY KEY ("ontology_id", "seq", "iri")
);
