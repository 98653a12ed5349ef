ALTER TABLE "playlist_songs" DROP CONSTRAINT "playlist_songs_playlist_id_playlists_id_fk";
--> statement-breakpoint
ALTER TABLE "songs" DROP CONSTRAINT "songs_category_id_playlists_id_fk";
--> statement-breakpoint
DROP INDEX "playlist_songs_position_idx";--> statement-breakpoint
DROP INDEX "songs_category_idx";--> statement-breakpoint
ALTER TABLE "playlist_songs" DROP CONSTRAINT "playlist_songs_playlist_id_youtube_id_pk";--> statement-breakpoint
ALTER TABLE "playlists" DROP CONSTRAINT "playlists_pkey";--> statement-breakpoint
ALTER TABLE "playlist_songs" ADD COLUMN "brand" text DEFAULT 'nightcore' NOT NULL;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "brand" text DEFAULT 'nightcore' NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "brand" text DEFAULT 'nightcore' NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_songs" ADD CONSTRAINT "playlist_songs_brand_playlist_id_youtube_id_pk" PRIMARY KEY("brand","playlist_id","youtube_id");--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_brand_id_pk" PRIMARY KEY("brand","id");--> statement-breakpoint
ALTER TABLE "playlist_songs" ADD CONSTRAINT "playlist_songs_brand_playlist_id_playlists_brand_id_fk" FOREIGN KEY ("brand","playlist_id") REFERENCES "public"."playlists"("brand","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_brand_category_id_playlists_brand_id_fk" FOREIGN KEY ("brand","category_id") REFERENCES "public"."playlists"("brand","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_songs_position_idx" ON "playlist_songs" USING btree ("brand","playlist_id","position");--> statement-breakpoint
CREATE INDEX "songs_category_idx" ON "songs" USING btree ("brand","category_id");
