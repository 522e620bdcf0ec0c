CREATE TABLE "sn_password_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"sn" text NOT NULL,
	"power" text NOT NULL,
	"ip" text,
	"ip_key" text,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sn_password_issues" ADD CONSTRAINT "sn_password_issues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sn_password_issues_user_idx" ON "sn_password_issues" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "sn_password_issues_ip_idx" ON "sn_password_issues" USING btree ("ip_key","issued_at");