CREATE TABLE "maker_file_chunks" (
	"storage_key" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "maker_file_chunks_storage_key_seq_pk" PRIMARY KEY("storage_key","seq")
);
--> statement-breakpoint
CREATE TABLE "maker_jobs" (
	"user_uid" text NOT NULL,
	"job" text NOT NULL,
	"worker" text NOT NULL,
	"stage" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maker_jobs_user_uid_job_pk" PRIMARY KEY("user_uid","job")
);
--> statement-breakpoint
ALTER TABLE "maker_jobs" ADD CONSTRAINT "maker_jobs_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maker_jobs_worker_idx" ON "maker_jobs" USING btree ("worker");