ALTER TABLE "two_step_tickets" ADD COLUMN "social_channel" text;--> statement-breakpoint
ALTER TABLE "two_step_tickets" ADD COLUMN "social_link_id" uuid;--> statement-breakpoint
ALTER TABLE "two_step_tickets" ADD CONSTRAINT "two_step_tickets_social_link_id_social_links_id_fk" FOREIGN KEY ("social_link_id") REFERENCES "public"."social_links"("id") ON DELETE cascade ON UPDATE no action;