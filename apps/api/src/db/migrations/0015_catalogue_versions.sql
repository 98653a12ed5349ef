-- Each catalogue version's random stamp: a serving copy stored in a file is read at start only
-- when this database passed through the version and stamp it was built at.
CREATE TABLE "catalogue_versions" (
	"version" bigint PRIMARY KEY NOT NULL,
	"stamp" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_versions" ("version") SELECT "version" FROM "catalogue_state";
