ALTER TABLE "radio_listeners" ADD COLUMN "address_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_sites" ADD COLUMN "youtube_channel_id" text;
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text NOT NULL,
	"brand" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"email" text PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "brand" text DEFAULT 'nightcore' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "youtube_id" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_mails_due_idx" ON "outbox_mails" USING btree ("next_attempt_at") WHERE "outbox_mails"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log" USING btree ("brand","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_requests_inbox_idx" ON "contact_requests" USING btree ("brand","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_requests_unnotified_idx" ON "contact_requests" USING btree ("created_at") WHERE "contact_requests"."notified_at" IS NULL;--> statement-breakpoint
-- Requests from before the team's inbox existed are not news to announce, and a song report's
-- video is the id its message starts with.
UPDATE "contact_requests" SET "notified_at" = "created_at";--> statement-breakpoint
UPDATE "contact_requests" SET "youtube_id" = substring("message" from '^([A-Za-z0-9_-]{11}):') WHERE "topic" = 'song-report';

--> statement-breakpoint
CREATE TABLE "patreon_link_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"return_to" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"browser_nonce_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patreon_links" (
	"user_uid" text PRIMARY KEY NOT NULL,
	"patreon_user_id" text NOT NULL,
	"patreon_name" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patreon_links_patreon_user_id_unique" UNIQUE("patreon_user_id")
);
--> statement-breakpoint
CREATE TABLE "patreon_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"patreon_user_id" text,
	"campaign_id" text NOT NULL,
	"email" text,
	"paid_until" timestamp with time zone,
	"last_charge_at" timestamp with time zone,
	"state_rank" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patreon_link_states" ADD CONSTRAINT "patreon_link_states_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patreon_links" ADD CONSTRAINT "patreon_links_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patreon_link_states_expires_idx" ON "patreon_link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "patreon_members_user_idx" ON "patreon_members" USING btree ("patreon_user_id");--> statement-breakpoint
CREATE INDEX "patreon_members_email_idx" ON "patreon_members" USING btree ("email");--> statement-breakpoint
-- Patreon grants kept by email before memberships had ids: each becomes a membership paid for one
-- more month, so no patron loses access while Patreon's next delivery (or their link) takes over.
INSERT INTO "patreon_members" ("member_id", "campaign_id", "email", "paid_until")
SELECT 'email:' || "email", '', "email", now() + interval '1 month' FROM "subscriber_grants"
WHERE "source" = 'patreon';--> statement-breakpoint
DELETE FROM "subscriber_grants" WHERE "source" = 'patreon';

--> statement-breakpoint
-- Links in flight were not bound to a browser; they are dropped (each lives ten minutes anyway).
DELETE FROM "discord_link_states";
--> statement-breakpoint
ALTER TABLE "discord_link_states" ADD COLUMN "browser_nonce_hash" text NOT NULL;
--> statement-breakpoint
-- A Discord account linked to several accounts cannot say which one is its owner's: each of them
-- is unlinked, and only the owner (who can sign in at Discord) can link it again.
UPDATE "users" SET "discord_id" = NULL, "discord_name" = NULL
WHERE "discord_id" IN (
  SELECT "discord_id" FROM "users" WHERE "discord_id" IS NOT NULL
  GROUP BY "discord_id" HAVING count(*) > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_discord_id_idx" ON "users" USING btree ("discord_id");

--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "download_key" text;


