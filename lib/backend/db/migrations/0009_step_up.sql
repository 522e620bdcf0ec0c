ALTER TABLE "sessions" ADD COLUMN "proof_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proof_method" text;