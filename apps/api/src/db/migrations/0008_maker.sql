CREATE TABLE "conversions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_uid" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"speed" integer NOT NULL,
	"storage_key" text NOT NULL,
	"download_key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversions_user_created_idx" ON "conversions" USING btree ("user_uid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_download_key_idx" ON "conversions" USING btree ("download_key_hash");--> statement-breakpoint
CREATE INDEX "conversions_expires_idx" ON "conversions" USING btree ("expires_at");