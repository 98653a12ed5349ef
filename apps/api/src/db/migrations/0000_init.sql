-- Trigram matching serves partial words and small typos in song search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"email" text,
	"discord" text,
	"youtube_url" text,
	"message" text,
	"remember" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_songs" (
	"playlist_id" text NOT NULL,
	"youtube_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "playlist_songs_playlist_id_youtube_id_pk" PRIMARY KEY("playlist_id","youtube_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_url" text,
	"image_url" text,
	"special" boolean DEFAULT false NOT NULL,
	"home" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"youtube_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"author_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date_added" timestamp with time zone NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"duration_seconds" integer NOT NULL,
	"category_id" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "songs"."title" || ' ' || "songs"."author_name")) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist_songs" ADD CONSTRAINT "playlist_songs_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_songs" ADD CONSTRAINT "playlist_songs_youtube_id_songs_youtube_id_fk" FOREIGN KEY ("youtube_id") REFERENCES "public"."songs"("youtube_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_category_id_playlists_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_topic_idx" ON "contact_requests" USING btree ("topic","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_songs_position_idx" ON "playlist_songs" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_songs_song_idx" ON "playlist_songs" USING btree ("youtube_id");--> statement-breakpoint
CREATE INDEX "playlists_popularity_idx" ON "playlists" USING btree ("popularity" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "playlists_name_idx" ON "playlists" USING btree ("name");--> statement-breakpoint
CREATE INDEX "songs_search_idx" ON "songs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "songs_title_trgm_idx" ON "songs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songs_author_trgm_idx" ON "songs" USING gin ("author_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songs_title_lower_idx" ON "songs" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "songs_author_lower_idx" ON "songs" USING btree (lower("author_name"));--> statement-breakpoint
CREATE INDEX "songs_date_added_idx" ON "songs" USING btree ("date_added");--> statement-breakpoint
CREATE INDEX "songs_category_idx" ON "songs" USING btree ("category_id");