ALTER TABLE "application_consent_codes" ALTER COLUMN "applid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_units" ADD COLUMN "added_by" text;--> statement-breakpoint
ALTER TABLE "rental_units" ADD COLUMN "landlord_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD COLUMN "rentcode" text;--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD CONSTRAINT "application_consent_codes_rentcode_rental_units_rentcode_fk" FOREIGN KEY ("rentcode") REFERENCES "public"."rental_units"("rentcode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_consent_codes_rentcode_idx" ON "application_consent_codes" USING btree ("rentcode","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "application_consent_codes" ADD CONSTRAINT "application_consent_codes_one_subject" CHECK (("application_consent_codes"."applid" is null) <> ("application_consent_codes"."rentcode" is null));