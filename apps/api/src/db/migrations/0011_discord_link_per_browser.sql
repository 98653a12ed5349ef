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
