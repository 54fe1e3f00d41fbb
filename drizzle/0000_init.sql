CREATE TYPE "public"."document_owner_type" AS ENUM('tenant', 'tenantfamily', 'tenanthelper', 'landlordhelper');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('PHOTO', 'IDENTITYPROOF', 'SIGNATURE', 'RESIDENTIALCERTIFICATE', 'FORMA');--> statement-breakpoint
CREATE SEQUENCE "public"."rental_unit_rentcode_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
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
CREATE TABLE "occupations" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "occupations_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "relationship_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "relationship_types_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "tenancy_types" (
	"code" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domestic_helpers" (
	"member_code" bigserial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"tenant_id" bigint,
	"landlord_id" bigint,
	"member_name" text NOT NULL,
	"date_of_birth" date,
	"perm_address1" text NOT NULL,
	"perm_address2" text,
	"perm_pin_code" text NOT NULL,
	"perm_district_code" text NOT NULL,
	"pres_pin_code" text,
	"left_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domestic_helpers_one_owner" CHECK (("domestic_helpers"."owner_type" = 'tenant' and "domestic_helpers"."tenant_id" is not null and "domestic_helpers"."landlord_id" is null)
        or ("domestic_helpers"."owner_type" = 'landlord' and "domestic_helpers"."landlord_id" is not null and "domestic_helpers"."tenant_id" is null)),
	CONSTRAINT "domestic_helpers_pin_code_format" CHECK ("domestic_helpers"."perm_pin_code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"member_code" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"member_name" text NOT NULL,
	"date_of_birth" date,
	"relationship" text NOT NULL,
	"occupation" text NOT NULL,
	"perm_address1" text,
	"perm_address2" text,
	"perm_pin_code" text,
	"perm_district_code" text,
	"left_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landlords" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"epic_no" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text,
	"occupation" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"perm_address1" text NOT NULL,
	"perm_address2" text,
	"perm_pin_code" text NOT NULL,
	"perm_district_code" text NOT NULL,
	"pres_address1" text NOT NULL,
	"pres_address2" text,
	"pres_pin_code" text NOT NULL,
	"pres_district_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landlords_epic_no_unique" UNIQUE("epic_no"),
	CONSTRAINT "landlords_epic_no_format" CHECK ("landlords"."epic_no" ~ '^[A-Z]{3}[0-9]{7}$'),
	CONSTRAINT "landlords_mobile_format" CHECK ("landlords"."mobile" ~ '^[0-9]{1,10}$'),
	CONSTRAINT "landlords_pin_codes_format" CHECK ("landlords"."perm_pin_code" ~ '^[0-9]{6}$' and "landlords"."pres_pin_code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "rental_units" (
	"rentcode" text PRIMARY KEY DEFAULT 'RU' || lpad(nextval('rental_unit_rentcode_seq')::text, 9, '0') NOT NULL,
	"landlord_id" bigint NOT NULL,
	"house_no" text,
	"floor_no" text,
	"address1" text NOT NULL,
	"address2" text,
	"pin_code" text NOT NULL,
	"district_code" text NOT NULL,
	"ward_code" text NOT NULL,
	"locality_code" text GENERATED ALWAYS AS (left(ward_code, 13)) STORED NOT NULL,
	"vacant" boolean DEFAULT true NOT NULL,
	"disowned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_units_rentcode_landlord_key" UNIQUE("rentcode","landlord_id"),
	CONSTRAINT "rental_units_pin_code_format" CHECK ("rental_units"."pin_code" ~ '^[0-9]{6}$'),
	CONSTRAINT "rental_units_ward_code_format" CHECK ("rental_units"."ward_code" ~ '^PS[0-9]{7}LA[0-9]{2}W[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"epic_no" text NOT NULL,
	"individual_epic" boolean DEFAULT true NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text,
	"parent_or_spouse_name" text NOT NULL,
	"nationality" text DEFAULT 'Indian' NOT NULL,
	"date_of_birth" date,
	"occupation" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"tenancy_type" text DEFAULT 'T1' NOT NULL,
	"perm_address1" text NOT NULL,
	"perm_address2" text,
	"perm_pin_code" text NOT NULL,
	"perm_district_code" text NOT NULL,
	"pres_address1" text NOT NULL,
	"pres_address2" text,
	"pres_pin_code" text NOT NULL,
	"pres_district_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_epic_no_unique" UNIQUE("epic_no"),
	CONSTRAINT "tenants_epic_no_format" CHECK ("tenants"."epic_no" ~ '^[A-Z0-9/-]{8,20}$'),
	CONSTRAINT "tenants_nationality" CHECK ("tenants"."nationality" in ('Indian', 'Others')),
	CONSTRAINT "tenants_mobile_format" CHECK ("tenants"."mobile" ~ '^[0-9]{1,10}$'),
	CONSTRAINT "tenants_pin_codes_format" CHECK ("tenants"."perm_pin_code" ~ '^[0-9]{6}$' and "tenants"."pres_pin_code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"docid" bigserial PRIMARY KEY NOT NULL,
	"doctype" "document_type" NOT NULL,
	"owner_type" "document_owner_type" NOT NULL,
	"tenant_id" bigint,
	"family_member_code" bigint,
	"helper_code" bigint,
	"owner_id" bigint GENERATED ALWAYS AS (coalesce(tenant_id, family_member_code, helper_code)) STORED NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_one_owner" CHECK (("documents"."owner_type" = 'tenant' and "documents"."tenant_id" is not null and "documents"."family_member_code" is null and "documents"."helper_code" is null)
        or ("documents"."owner_type" = 'tenantfamily' and "documents"."family_member_code" is not null and "documents"."tenant_id" is null and "documents"."helper_code" is null)
        or ("documents"."owner_type" in ('tenanthelper', 'landlordhelper') and "documents"."helper_code" is not null and "documents"."tenant_id" is null and "documents"."family_member_code" is null)),
	CONSTRAINT "documents_content_type" CHECK ("documents"."content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "documents_size" CHECK ("documents"."size" = octet_length("documents"."content") and "documents"."size" between 1 and 512000)
);
--> statement-breakpoint
CREATE TABLE "application_flow" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"applid" bigint NOT NULL,
	"logdt" timestamp with time zone DEFAULT now() NOT NULL,
	"aplstatus" text NOT NULL,
	"step" text NOT NULL,
	"remarks" text NOT NULL,
	"appl_remarks" text,
	"comments" text,
	"action" text,
	"payload" jsonb,
	"actor" text NOT NULL,
	"actor_role" text,
	"actor_usercode" text,
	CONSTRAINT "application_flow_status_legal" CHECK ("application_flow"."aplstatus" in ('LARP', 'LAVP', 'PLVP', 'RJT', 'RECT', 'APARV')),
	CONSTRAINT "application_flow_step_legal" CHECK ("application_flow"."step" in ('submitted', 'recommendedApproval', 'recommendedRejection', 'rectificationRequested', 'resubmitted', 'accepted', 'declined', 'certified', 'deleted', 'tenantShifted', 'cancelled')),
	CONSTRAINT "application_flow_action_present" CHECK (("application_flow"."step" = 'submitted') = ("application_flow"."action" is null))
);
--> statement-breakpoint
CREATE TABLE "application_members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"applid" bigint NOT NULL,
	"family_member_code" bigint,
	"helper_code" bigint,
	CONSTRAINT "application_members_family_key" UNIQUE("applid","family_member_code"),
	CONSTRAINT "application_members_helper_key" UNIQUE("applid","helper_code"),
	CONSTRAINT "application_members_one_member" CHECK (("application_members"."family_member_code" is null) <> ("application_members"."helper_code" is null))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"applid" bigserial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'LARP' NOT NULL,
	"appl_type" text DEFAULT 'APPLPS' NOT NULL,
	"remarks" text,
	"tenant_id" bigint NOT NULL,
	"landlord_id" bigint NOT NULL,
	"rentcode" text NOT NULL,
	"ward_code" text NOT NULL,
	"locality_code" text GENERATED ALWAYS AS (left(ward_code, 13)) STORED NOT NULL,
	"station_code" text GENERATED ALWAYS AS (left(ward_code, 9)) STORED NOT NULL,
	"district_code" text GENERATED ALWAYS AS (substr(ward_code, 3, 4)) STORED NOT NULL,
	"logby" text NOT NULL,
	"completed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"official_acted" boolean DEFAULT false NOT NULL,
	"certified_at" timestamp with time zone,
	"certified_by" text,
	"certificate_no" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"deleted_reason" text,
	"left_locality_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_certificate_no_unique" UNIQUE("certificate_no"),
	CONSTRAINT "applications_status_legal" CHECK ("applications"."status" in ('LARP', 'LAVP', 'PLVP', 'RJT', 'RECT', 'APARV')),
	CONSTRAINT "applications_type_legal" CHECK ("applications"."appl_type" = 'APPLPS'),
	CONSTRAINT "applications_ward_code_format" CHECK ("applications"."ward_code" ~ '^PS[0-9]{7}LA[0-9]{2}W[0-9]{2}$'),
	CONSTRAINT "applications_version_nonnegative" CHECK ("applications"."version" >= 0),
	CONSTRAINT "applications_certificate_complete" CHECK (("applications"."certificate_no" is null) = ("applications"."certified_at" is null) and ("applications"."certified_at" is null) = ("applications"."certified_by" is null)),
	CONSTRAINT "applications_deletion_complete" CHECK ("applications"."deleted_at" is not null or ("applications"."deleted_by" is null and "applications"."deleted_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_state_code_states_code_fk" FOREIGN KEY ("state_code") REFERENCES "public"."states"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localities" ADD CONSTRAINT "localities_police_station_code_police_stations_code_fk" FOREIGN KEY ("police_station_code") REFERENCES "public"."police_stations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_stations" ADD CONSTRAINT "police_stations_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wards" ADD CONSTRAINT "wards_locality_code_localities_code_fk" FOREIGN KEY ("locality_code") REFERENCES "public"."localities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domestic_helpers" ADD CONSTRAINT "domestic_helpers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domestic_helpers" ADD CONSTRAINT "domestic_helpers_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domestic_helpers" ADD CONSTRAINT "domestic_helpers_perm_district_code_districts_code_fk" FOREIGN KEY ("perm_district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_perm_district_code_districts_code_fk" FOREIGN KEY ("perm_district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landlords" ADD CONSTRAINT "landlords_perm_district_code_districts_code_fk" FOREIGN KEY ("perm_district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landlords" ADD CONSTRAINT "landlords_pres_district_code_districts_code_fk" FOREIGN KEY ("pres_district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_ward_code_wards_code_fk" FOREIGN KEY ("ward_code") REFERENCES "public"."wards"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_tenancy_type_tenancy_types_code_fk" FOREIGN KEY ("tenancy_type") REFERENCES "public"."tenancy_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_perm_district_code_districts_code_fk" FOREIGN KEY ("perm_district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_pres_district_code_districts_code_fk" FOREIGN KEY ("pres_district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_family_member_code_family_members_member_code_fk" FOREIGN KEY ("family_member_code") REFERENCES "public"."family_members"("member_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_helper_code_domestic_helpers_member_code_fk" FOREIGN KEY ("helper_code") REFERENCES "public"."domestic_helpers"("member_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_flow" ADD CONSTRAINT "application_flow_applid_applications_applid_fk" FOREIGN KEY ("applid") REFERENCES "public"."applications"("applid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_applid_applications_applid_fk" FOREIGN KEY ("applid") REFERENCES "public"."applications"("applid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_family_member_code_family_members_member_code_fk" FOREIGN KEY ("family_member_code") REFERENCES "public"."family_members"("member_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_helper_code_domestic_helpers_member_code_fk" FOREIGN KEY ("helper_code") REFERENCES "public"."domestic_helpers"("member_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_ward_code_wards_code_fk" FOREIGN KEY ("ward_code") REFERENCES "public"."wards"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_locality_code_localities_code_fk" FOREIGN KEY ("locality_code") REFERENCES "public"."localities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_station_code_police_stations_code_fk" FOREIGN KEY ("station_code") REFERENCES "public"."police_stations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_unit_of_landlord_fk" FOREIGN KEY ("rentcode","landlord_id") REFERENCES "public"."rental_units"("rentcode","landlord_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_state_idx" ON "districts" USING btree ("state_code");--> statement-breakpoint
CREATE INDEX "localities_station_idx" ON "localities" USING btree ("police_station_code");--> statement-breakpoint
CREATE INDEX "police_stations_district_idx" ON "police_stations" USING btree ("district_code");--> statement-breakpoint
CREATE INDEX "wards_locality_idx" ON "wards" USING btree ("locality_code");--> statement-breakpoint
CREATE INDEX "log_records_logdt_idx" ON "log_records" USING btree ("logdt");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_usercode_idx" ON "users" USING btree ("usercode");--> statement-breakpoint
CREATE INDEX "domestic_helpers_tenant_idx" ON "domestic_helpers" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "domestic_helpers_landlord_idx" ON "domestic_helpers" USING btree ("landlord_id");--> statement-breakpoint
CREATE INDEX "family_members_tenant_idx" ON "family_members" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "landlords_name_idx" ON "landlords" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "rental_units_landlord_idx" ON "rental_units" USING btree ("landlord_id");--> statement-breakpoint
CREATE INDEX "rental_units_ward_idx" ON "rental_units" USING btree ("ward_code","landlord_id");--> statement-breakpoint
CREATE INDEX "rental_units_locality_idx" ON "rental_units" USING btree ("locality_code","landlord_id");--> statement-breakpoint
CREATE INDEX "tenants_name_idx" ON "tenants" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "application_flow_applid_idx" ON "application_flow" USING btree ("applid","id");--> statement-breakpoint
CREATE INDEX "application_members_family_idx" ON "application_members" USING btree ("family_member_code");--> statement-breakpoint
CREATE INDEX "application_members_helper_idx" ON "application_members" USING btree ("helper_code");--> statement-breakpoint
CREATE INDEX "applications_ward_list_idx" ON "applications" USING btree ("ward_code","status","applid" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "applications_locality_list_idx" ON "applications" USING btree ("locality_code","status","applid" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "applications_station_list_idx" ON "applications" USING btree ("station_code","status","applid" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "applications_district_list_idx" ON "applications" USING btree ("district_code","status","applid" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "applications_status_list_idx" ON "applications" USING btree ("status","applid" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "applications_tenant_idx" ON "applications" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "applications_landlord_idx" ON "applications" USING btree ("landlord_id","applid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_rentcode_idx" ON "applications" USING btree ("rentcode");