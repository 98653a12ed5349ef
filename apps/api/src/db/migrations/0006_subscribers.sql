CREATE TABLE "subscriber_grants" (
	"email" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
