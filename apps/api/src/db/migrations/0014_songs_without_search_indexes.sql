-- Searches and orders are served from the catalogue's copy in memory: the songs' text-search
-- columns and their GIN, trigram and sort indexes were read by nothing, and kept up to date they
-- were most of what a million-song import cost.
DROP INDEX "songs_search_idx";--> statement-breakpoint
DROP INDEX "songs_artist_search_idx";--> statement-breakpoint
DROP INDEX "songs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "songs_author_trgm_idx";--> statement-breakpoint
DROP INDEX "songs_title_lower_idx";--> statement-breakpoint
DROP INDEX "songs_author_lower_idx";--> statement-breakpoint
DROP INDEX "songs_date_added_idx";--> statement-breakpoint
ALTER TABLE "songs" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "songs" DROP COLUMN "artist_search";