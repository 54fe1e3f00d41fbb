ALTER TABLE "citizen_keys" ADD COLUMN "channel_ref" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "readable" boolean DEFAULT true NOT NULL;