CREATE TABLE "anonymous_request_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "anonymous_request_counts_expires_at_idx" ON "anonymous_request_counts" USING btree ("expires_at");