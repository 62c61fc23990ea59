-- The first commit's term changes are not stored any more: every state starting at sequence 1
-- was added, so readers take them from "terms" (libs/db term-reads: the stored changes UNION ALL
-- the states with from_seq 1). The rows written so far for sequence 1 are exactly those
-- ('added', no fields, not newly deprecated) and would now be read twice (issue 19).
DELETE FROM "term_changes" WHERE "seq" = 1;
