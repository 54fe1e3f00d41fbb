CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "site_media" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_records" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "log_records" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "log_records" ADD COLUMN "chain_hash" text;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(middle_name || ' ', '') || coalesce(last_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(middle_name || ' ', '') || coalesce(last_name, ''))) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "log_records_chain_seq_idx" ON "log_records" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "log_records_unsealed_idx" ON "log_records" USING btree ("id") WHERE chain_seq is null;--> statement-breakpoint
CREATE INDEX "log_records_username_idx" ON "log_records" USING btree (lower("username"),"id");--> statement-breakpoint
CREATE INDEX "log_records_kind_idx" ON "log_records" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "landlords_search_name_trgm_idx" ON "landlords" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_search_name_trgm_idx" ON "tenants" USING gin ("search_name" gin_trgm_ops);