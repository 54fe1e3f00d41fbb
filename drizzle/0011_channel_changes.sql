CREATE TABLE "channel_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"sets_mobile" boolean NOT NULL,
	"new_mobile" text,
	"sets_email" boolean NOT NULL,
	"new_email" text,
	"requested_by" text NOT NULL,
	"requested_role" text NOT NULL,
	"requested_office" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_changes_pending_idx" ON "channel_changes" USING btree ("subject_kind","subject_id") WHERE applied_at is null and stopped_at is null;--> statement-breakpoint
CREATE INDEX "channel_changes_subject_idx" ON "channel_changes" USING btree ("subject_kind","subject_id","requested_at");