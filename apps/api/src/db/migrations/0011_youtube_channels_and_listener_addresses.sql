ALTER TABLE "radio_listeners" ADD COLUMN "address_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_sites" ADD COLUMN "youtube_channel_id" text;