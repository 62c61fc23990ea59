-- The length of a commit's source in characters (UTF-16 code units, as the agent tools count
-- `source_chars`), counted while the source is stored, so that a page of a large source reads
-- only up to its end (DESIGN 7, 8). NULL for sources stored before it: counted once, on the
-- first page read, and kept then.
ALTER TABLE "commit_sources" ADD COLUMN "chars" BIGINT;
