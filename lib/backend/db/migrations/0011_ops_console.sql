ALTER TABLE "exchange_batches" ADD COLUMN "download_token_hash" text;--> statement-breakpoint
ALTER TABLE "exchange_batches" ADD COLUMN "download_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchange_batches" ADD COLUMN "downloaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ip_bans" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "ip_bans" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "exchange_codes_redeemed_idx" ON "exchange_codes" USING btree ("redeemed_at");--> statement-breakpoint
CREATE INDEX "ip_bans_expires_idx" ON "ip_bans" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_created_idx" ON "verification_codes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "exchange_batches" ADD CONSTRAINT "exchange_batches_download_token_hash_unique" UNIQUE("download_token_hash");