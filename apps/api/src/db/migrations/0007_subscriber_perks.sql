CREATE TABLE "discord_link_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"return_to" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_announcements" (
	"day" date PRIMARY KEY NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_calendar" (
	"day" date PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"user_uid" text PRIMARY KEY NOT NULL,
	"youtube_channel" text NOT NULL,
	"youtube_share" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discord_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discord_name" text;--> statement-breakpoint
ALTER TABLE "discord_link_states" ADD CONSTRAINT "discord_link_states_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_calendar" ADD CONSTRAINT "promotion_calendar_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discord_link_states_expires_idx" ON "discord_link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "promotion_calendar_user_idx" ON "promotion_calendar" USING btree ("user_uid","day");