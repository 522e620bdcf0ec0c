ALTER TABLE "sessions" ADD COLUMN "sign_in_factors" text[];--> statement-breakpoint
ALTER TABLE "two_step_tickets" ADD COLUMN "factors" text[];