ALTER TABLE "tenants" ADD COLUMN "channel_contested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "citizen_keys" ADD COLUMN "reach" text DEFAULT 'record' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_changes" ADD COLUMN "checked_in_person" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_identities" ADD COLUMN "deleted_area" text;