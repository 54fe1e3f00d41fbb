CREATE TABLE "signin_reservations" (
	"attempt_id" text NOT NULL,
	"key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signin_reservations_attempt_id_key_pk" PRIMARY KEY("attempt_id","key")
);
--> statement-breakpoint
CREATE INDEX "signin_reservations_key_idx" ON "signin_reservations" USING btree ("key","expires_at");--> statement-breakpoint
CREATE INDEX "signin_reservations_expires_at_idx" ON "signin_reservations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "captchas_expires_at_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "transport_nonces_expires_at_idx" ON "transport_nonces" USING btree ("expires_at");