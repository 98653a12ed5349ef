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
