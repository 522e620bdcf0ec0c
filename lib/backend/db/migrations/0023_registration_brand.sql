-- The brand (app code) an account registered from, kept on the account for the console's brand
-- filter: derived per account from the sessions it cost a probe of sessions_user_idx for every
-- account of a search (about 1 s at a million accounts).
ALTER TABLE "users" ADD COLUMN "registration_app_code" text;--> statement-breakpoint
-- Filled in from the sessions as the search derived it: the first (oldest) session that proved no
-- factor (sign_in_factors empty: the session a registration opened), its app code. One pass over
-- sessions and one update, before the index exists, so no index entry is written twice. "= '{}'"
-- is the search's "cardinality(…) = 0" (the only empty text[]; null stays out of both) in a form
-- the planner estimates from the column's statistics (a default guess of 0.5% chose a probe of
-- users_pkey per session; this, one merge of the two).
UPDATE "users" SET "registration_app_code" = "registration"."app_code"
FROM (
  SELECT DISTINCT ON ("user_id") "user_id", "app_code" FROM "sessions"
  WHERE "sign_in_factors" = '{}'
  ORDER BY "user_id", "created_at"
) AS "registration"
WHERE "registration"."user_id" = "users"."id" AND "registration"."app_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_registration_brand_idx" ON "users" USING btree ("registration_app_code","created_at","id") WHERE "users"."registration_app_code" is not null;
