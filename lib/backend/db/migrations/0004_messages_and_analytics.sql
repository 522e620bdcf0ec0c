CREATE TABLE "analytics_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"distinct_id" text NOT NULL,
	"login_id" text,
	"session_id" text NOT NULL,
	"url" text NOT NULL,
	"referrer" text,
	"properties" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_blocks" (
	"user_id" uuid NOT NULL,
	"app_code" text NOT NULL,
	"category" text NOT NULL,
	"blocked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_blocks_user_id_app_code_category_pk" PRIMARY KEY("user_id","app_code","category")
);
--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"app_code" text NOT NULL,
	"category" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "message_deliveries_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_code" text NOT NULL,
	"category" text NOT NULL,
	"audience" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_blocks" ADD CONSTRAINT "message_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_time_idx" ON "analytics_events" USING btree ("event_time","event");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_inbox_idx" ON "message_deliveries" USING btree ("user_id","app_code","category","published_at");--> statement-breakpoint
CREATE INDEX "messages_app_idx" ON "messages" USING btree ("app_code","published_at");