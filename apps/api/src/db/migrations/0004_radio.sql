CREATE TABLE "radio_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "radio_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"station_id" text NOT NULL,
	"youtube_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "radio_listeners" (
	"station_id" text NOT NULL,
	"listener_id" text NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "radio_listeners_station_id_listener_id_pk" PRIMARY KEY("station_id","listener_id")
);
--> statement-breakpoint
CREATE TABLE "radio_stations" (
	"id" text PRIMARY KEY NOT NULL,
	"youtube_id" text,
	"start_time" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "radio_history" ADD CONSTRAINT "radio_history_youtube_id_songs_youtube_id_fk" FOREIGN KEY ("youtube_id") REFERENCES "public"."songs"("youtube_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_stations" ADD CONSTRAINT "radio_stations_youtube_id_songs_youtube_id_fk" FOREIGN KEY ("youtube_id") REFERENCES "public"."songs"("youtube_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "radio_history_station_idx" ON "radio_history" USING btree ("station_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "radio_listeners_seen_idx" ON "radio_listeners" USING btree ("station_id","last_seen");