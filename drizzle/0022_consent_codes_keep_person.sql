ALTER TABLE "application_consent_codes" DROP CONSTRAINT "application_consent_codes_one_subject";--> statement-breakpoint
ALTER TABLE "application_consent_codes" DROP CONSTRAINT "application_consent_codes_applid_applications_applid_fk";
--> statement-breakpoint
ALTER TABLE "application_consent_codes" DROP CONSTRAINT "application_consent_codes_rentcode_rental_units_rentcode_fk";
--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD COLUMN "person" text;--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD COLUMN "applicant" text;--> statement-breakpoint
-- The codes sent before keep whom they went to and who asked, from their subject (every row has one until now:
-- the old foreign keys deleted a code with its subject), so the day's budgets count them as before
-- (docs/tenant-consent.md "The budget").
UPDATE "application_consent_codes" AS "c" SET "person" = 'tenant:' || "a"."tenant_id", "applicant" = "a"."logby"
FROM "applications" AS "a" WHERE "a"."applid" = "c"."applid";--> statement-breakpoint
UPDATE "application_consent_codes" AS "c" SET "person" = 'landlord:' || "u"."landlord_id", "applicant" = "u"."added_by"
FROM "rental_units" AS "u" WHERE "u"."rentcode" = "c"."rentcode";--> statement-breakpoint
ALTER TABLE "application_consent_codes" ALTER COLUMN "person" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD CONSTRAINT "application_consent_codes_applid_applications_applid_fk" FOREIGN KEY ("applid") REFERENCES "public"."applications"("applid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD CONSTRAINT "application_consent_codes_rentcode_rental_units_rentcode_fk" FOREIGN KEY ("rentcode") REFERENCES "public"."rental_units"("rentcode") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_consent_codes_person_idx" ON "application_consent_codes" USING btree ("person","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD CONSTRAINT "application_consent_codes_person_shape" CHECK ("application_consent_codes"."person" ~ '^(tenant|landlord):[0-9]+$');--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD CONSTRAINT "application_consent_codes_one_subject" CHECK ("application_consent_codes"."applid" is null or "application_consent_codes"."rentcode" is null);