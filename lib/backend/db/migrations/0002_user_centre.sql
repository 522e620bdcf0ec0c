CREATE TABLE "device_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"device_hash" text,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_challenges_challenge_hash_unique" UNIQUE("challenge_hash")
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"name" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"subject" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "headpic_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "device_security" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "device_challenges" ADD CONSTRAINT "device_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_challenges_user_idx" ON "device_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "device_challenges_expires_idx" ON "device_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_user_device_idx" ON "known_devices" USING btree ("user_id","device_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_channel_subject_idx" ON "social_accounts" USING btree ("channel","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_user_channel_idx" ON "social_accounts" USING btree ("user_id","channel");