CREATE TABLE "citizen_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"subject_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "otp_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_key" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_key" text,
	"ip_address" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"transport" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "citizen_keys_subject_idx" ON "citizen_keys" USING btree ("scope","subject_id");--> statement-breakpoint
CREATE INDEX "citizen_keys_expires_at_idx" ON "citizen_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_subject_idx" ON "otp_challenges" USING btree ("subject_key","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_expires_at_idx" ON "otp_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "otp_requests_subject_idx" ON "otp_requests" USING btree ("subject_key","requested_at");--> statement-breakpoint
CREATE INDEX "otp_requests_ip_idx" ON "otp_requests" USING btree ("ip_address","requested_at");--> statement-breakpoint
CREATE INDEX "otp_requests_requested_at_idx" ON "otp_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at");