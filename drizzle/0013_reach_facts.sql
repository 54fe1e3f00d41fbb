ALTER TABLE "landlords" ADD COLUMN "registered_area" text;--> statement-breakpoint
ALTER TABLE "rental_units" ADD COLUMN "grants_reach" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "registered_area" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "grants_reach" boolean DEFAULT true NOT NULL;