CREATE TABLE "application_consent_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"applid" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tenant_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD CONSTRAINT "application_consent_codes_applid_applications_applid_fk" FOREIGN KEY ("applid") REFERENCES "public"."applications"("applid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_consent_codes_applid_idx" ON "application_consent_codes" USING btree ("applid","id" DESC NULLS LAST);