-- Each brand's serving copy, built once and shared: a process with no usable file of its own fetches
-- it instead of building it from rows (src/catalogue/shared-copy.ts).
CREATE TABLE "shared_catalogue_copies" (
	"brand" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"stamp" uuid NOT NULL,
	"format" integer NOT NULL,
	"bytes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_catalogue_copy_pieces" (
	"brand" text NOT NULL,
	"stamp" uuid NOT NULL,
	"piece" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "shared_catalogue_copy_pieces_brand_stamp_piece_pk" PRIMARY KEY("brand","stamp","piece")
);
--> statement-breakpoint
-- The pieces are a built file's typed arrays and packed bytes: stored as they are, without
-- PostgreSQL's compression, which would cost seconds of the sharing process's time for little.
ALTER TABLE "shared_catalogue_copy_pieces" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
