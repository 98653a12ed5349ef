-- The planner's statistics for the catalogue's tables. Without them PostgreSQL (and PGlite, which
-- has no autovacuum to gather them) guessed a few rows per table and read the serving copy's pages
-- by sorting every song for each page: 150 ms a page at 100,000 songs, instead of 3 ms. Imports
-- gather them again (catalogue/import.ts); this gathers them once for databases made before.
ANALYZE songs;--> statement-breakpoint
ANALYZE playlists;--> statement-breakpoint
ANALYZE playlist_songs;
