-- The shared copies are built from the catalogue's rows and can be built again: their writes skip
-- the write-ahead log, which held each share's whole file (540 MB at a million songs) a second
-- time and made the share take twice as long. After a crash PostgreSQL empties both tables
-- together, and the next process with no file of its own builds its copy from the rows
-- (src/catalogue/shared-copy.ts).
ALTER TABLE "shared_catalogue_copy_pieces" SET UNLOGGED;
--> statement-breakpoint
ALTER TABLE "shared_catalogue_copies" SET UNLOGGED;
