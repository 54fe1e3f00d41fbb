CREATE TABLE "districts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"headman_name" text NOT NULL,
	"police_station_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "police_stations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"district_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wards" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"headman_name" text NOT NULL,
	"locality_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip_address" text,
	"remark" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"logdt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rolename" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"usercode" text NOT NULL,
	"role_id" integer NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key_spki" text NOT NULL,
	"private_key_pkcs8" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_state_code_states_code_fk" FOREIGN KEY ("state_code") REFERENCES "public"."states"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localities" ADD CONSTRAINT "localities_police_station_code_police_stations_code_fk" FOREIGN KEY ("police_station_code") REFERENCES "public"."police_stations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_stations" ADD CONSTRAINT "police_stations_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wards" ADD CONSTRAINT "wards_locality_code_localities_code_fk" FOREIGN KEY ("locality_code") REFERENCES "public"."localities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_state_idx" ON "districts" USING btree ("state_code");--> statement-breakpoint
CREATE INDEX "localities_station_idx" ON "localities" USING btree ("police_station_code");--> statement-breakpoint
CREATE INDEX "police_stations_district_idx" ON "police_stations" USING btree ("district_code");--> statement-breakpoint
CREATE INDEX "wards_locality_idx" ON "wards" USING btree ("locality_code");--> statement-breakpoint
CREATE INDEX "log_records_logdt_idx" ON "log_records" USING btree ("logdt");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_usercode_idx" ON "users" USING btree ("usercode");