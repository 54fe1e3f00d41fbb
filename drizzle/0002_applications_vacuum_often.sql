-- Vacuum the applications table after about 1% of it changed, not the default 20%. Every workflow step updates a
-- row, which clears its heap page's visible-all bit; until a vacuum sets it again, the list indexes' index-only
-- scans fetch those pages from the table (a deep page of a district list fetched 2,600 of the 5,010 entries it
-- skipped after 46,000 steps; docs/measurements.md). With 1,000,000 applications the default waits for 200,000.
ALTER TABLE "applications" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
