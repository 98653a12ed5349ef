CREATE TABLE "catalogue_changes" (
	"version" bigint PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"playlists" text[] NOT NULL,
	"songs" text[] NOT NULL
);
