-- Commit sources move out of "commits"."source" into a store where a version that differs a
-- little costs a little (DESIGN 8; docs/decisions.md "Source storage: line deltas"): each
-- commit's source is a stream of ops (copy, skip, insert) against its base, the version
-- before it (none for a version stored whole), cut into pieces compressed one by one in the
-- service. "depth" counts the deltas down to a whole version and is bounded by the writer.
-- Both foreign keys to commits are deferred, so that a streamed source can be stored before
-- its commit row exists (its hash is known only at the end), in the same transaction.
CREATE TABLE "commit_sources" (
  "commit_id" UUID NOT NULL,
  "ontology_id" UUID NOT NULL,
  "base_id" UUID,
  "depth" INTEGER NOT NULL,
  "codec" TEXT NOT NULL,
  "bytes" BIGINT NOT NULL,
  "sha256" TEXT NOT NULL,
  "pieces" INTEGER NOT NULL,
  "stored_bytes" BIGINT NOT NULL,
  CONSTRAINT "commit_sources_pkey" PRIMARY KEY ("commit_id"),
  CONSTRAINT "commit_sources_commit_id_fkey" FOREIGN KEY ("commit_id") REFERENCES "commits"("id") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT "commit_sources_base_id_fkey" FOREIGN KEY ("base_id") REFERENCES "commit_sources"("commit_id") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT "commit_sources_depth_check" CHECK ("depth" >= 0 AND ("depth" = 0) = ("base_id" IS NULL))
);
CREATE INDEX "commit_sources_ontology_id_idx" ON "commit_sources" ("ontology_id");
CREATE INDEX "commit_sources_base_id_idx" ON "commit_sources" ("base_id");

CREATE TABLE "commit_source_pieces" (
  "commit_id" UUID NOT NULL,
  "n" INTEGER NOT NULL,
  "data" BYTEA NOT NULL,
  CONSTRAINT "commit_source_pieces_pkey" PRIMARY KEY ("commit_id", "n"),
  CONSTRAINT "commit_source_pieces_commit_id_fkey" FOREIGN KEY ("commit_id") REFERENCES "commit_sources"("commit_id") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);

-- Existing sources move as they are ("plain": each piece holds 1 MiB of the UTF-8 bytes; the
-- database's own compression of large values still applies to them), stored whole.
INSERT INTO "commit_sources" ("commit_id", "ontology_id", "base_id", "depth", "codec", "bytes", "sha256", "pieces", "stored_bytes")
SELECT c."id", c."ontology_id", NULL, 0, 'plain', b."len", encode(sha256(b."b"), 'hex'), (b."len" + 1048575) / 1048576, b."len"
FROM "commits" c, LATERAL (SELECT convert_to(c."source", 'UTF8') AS "b", octet_length(c."source")::bigint AS "len" OFFSET 0) b;

INSERT INTO "commit_source_pieces" ("commit_id", "n", "data")
SELECT c."id", k."n", substring(b."b" from k."n" * 1048576 + 1 for 1048576)
FROM "commits" c,
     LATERAL (SELECT convert_to(c."source", 'UTF8') AS "b" OFFSET 0) b,
     LATERAL generate_series(0, (octet_length(b."b") - 1) / 1048576) AS k("n")
WHERE octet_length(b."b") > 0;

ALTER TABLE "commits" DROP COLUMN "source";
