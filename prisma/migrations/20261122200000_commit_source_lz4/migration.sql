-- Commit sources are compressed with lz4 where the server supports it (PostgreSQL 14+ built
-- with lz4, as Debian's is): storing or reading a 3 MB source takes about half the time of
-- the default pglz, at the same size. Only new values use it. PGlite has no lz4 and keeps pglz.
DO $$
BEGIN
  ALTER TABLE "commits" ALTER COLUMN "source" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available; commit sources stay compressed with pglz';
END
$$;
