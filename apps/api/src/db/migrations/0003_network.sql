CREATE TABLE "feed_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"image" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"url" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"channel_name" text NOT NULL,
	"channel_pic" text NOT NULL,
	"subscribers" bigint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriber_sites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriber_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enabled" text DEFAULT 'no' NOT NULL,
	"domain_name" text NOT NULL,
	"owner_uid" text,
	"name" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"form_mail" text DEFAULT '' NOT NULL,
	"about_me" text DEFAULT '' NOT NULL,
	"social_text" text DEFAULT '' NOT NULL,
	"banner_url" text DEFAULT '' NOT NULL,
	"profile_pic" text DEFAULT '' NOT NULL,
	"youtube" text DEFAULT '' NOT NULL,
	"twitter" text DEFAULT '' NOT NULL,
	"patreon" text DEFAULT '' NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"discord" text DEFAULT '' NOT NULL,
	"tiktok" text DEFAULT '' NOT NULL,
	"soundcloud" text DEFAULT '' NOT NULL,
	"rumble" text DEFAULT '' NOT NULL,
	"spotify" text DEFAULT '' NOT NULL,
	CONSTRAINT "subscriber_sites_domain_name_unique" UNIQUE("domain_name"),
	CONSTRAINT "subscriber_sites_owner_uid_unique" UNIQUE("owner_uid")
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "testimonials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" text NOT NULL,
	"channel_name" text NOT NULL,
	"channel_pic" text NOT NULL,
	"sub_tag" text NOT NULL,
	"testimonial" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_items_published_at_idx" ON "feed_items" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "members_joined_at_idx" ON "members" USING btree ("joined_at","channel_id");--> statement-breakpoint
CREATE INDEX "subscriber_sites_enabled_idx" ON "subscriber_sites" USING btree ("enabled");