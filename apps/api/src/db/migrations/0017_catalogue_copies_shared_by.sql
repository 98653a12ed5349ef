-- When the command that made a catalogue version builds and shares its serving copies, the time
-- it was last heard from: running servers wait for that copy instead of each building its own.
ALTER TABLE "catalogue_versions" ADD COLUMN "copies_shared_by" timestamp with time zone;
