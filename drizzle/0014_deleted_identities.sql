CREATE TABLE "deleted_identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"epic_no" text NOT NULL,
	"mobile" text,
	"email" text,
	"deleted_at" timestamp with time zone NOT NULL,
	"deleted_by" text NOT NULL,
	"deleted_office" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deleted_identities_epic_idx" ON "deleted_identities" USING btree ("subject_kind","epic_no","deleted_at");