-- Why a commit's terms could not be written (terms_status `failed`); NULL while they are
-- written or still being indexed in the background.
ALTER TABLE "commits" ADD COLUMN "terms_error" TEXT;
