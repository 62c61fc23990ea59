-- Metrics of each commit's source (sizes, triple counts, model summaries), computed when the
-- commit is made. Derived data, not part of the commit hash; NULL for commits made before.
ALTER TABLE "commits" ADD COLUMN "metrics" JSONB;
