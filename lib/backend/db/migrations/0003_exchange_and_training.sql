CREATE TABLE "exchange_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"benefit_en" text NOT NULL,
	"benefit_zh" text NOT NULL,
	"benefit_days" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_cipher" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"benefit_days" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone,
	"redeemed_code" text,
	"expire_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "safety_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course" text NOT NULL,
	"cert_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "safety_certificates_cert_id_unique" UNIQUE("cert_id")
);
--> statement-breakpoint
CREATE TABLE "safety_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"has_laser" boolean DEFAULT false NOT NULL,
	"has_printer" boolean DEFAULT false NOT NULL,
	"welder_completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welder_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_report_at" timestamp with time zone NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_batch_id_exchange_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exchange_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_certificates" ADD CONSTRAINT "safety_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_profiles" ADD CONSTRAINT "safety_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welder_views" ADD CONSTRAINT "welder_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_codes_batch_idx" ON "exchange_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "exchange_codes_redeemed_by_idx" ON "exchange_codes" USING btree ("redeemed_by","redeemed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_certificates_user_course_idx" ON "safety_certificates" USING btree ("user_id","course");--> statement-breakpoint
CREATE INDEX "welder_views_user_idx" ON "welder_views" USING btree ("user_id","started_at");