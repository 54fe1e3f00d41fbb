CREATE TABLE "person_names" (
	"entity" text NOT NULL,
	"search_name" text NOT NULL,
	CONSTRAINT "person_names_search_name_entity_pk" PRIMARY KEY("search_name","entity")
);
--> statement-breakpoint
CREATE INDEX "person_names_tenant_trgm_idx" ON "person_names" USING gin ("search_name" gin_trgm_ops) WHERE entity = 'tenant';--> statement-breakpoint
CREATE INDEX "person_names_landlord_trgm_idx" ON "person_names" USING gin ("search_name" gin_trgm_ops) WHERE entity = 'landlord';--> statement-breakpoint
CREATE INDEX "landlords_search_name_idx" ON "landlords" USING btree ("search_name","id");--> statement-breakpoint
CREATE INDEX "tenants_search_name_idx" ON "tenants" USING btree ("search_name","id");--> statement-breakpoint
CREATE FUNCTION note_person_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO person_names (entity, search_name) VALUES (TG_ARGV[0], NEW.search_name) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tenants_note_person_name AFTER INSERT OR UPDATE OF first_name, middle_name, last_name ON tenants
  FOR EACH ROW EXECUTE FUNCTION note_person_name('tenant');--> statement-breakpoint
CREATE TRIGGER landlords_note_person_name AFTER INSERT OR UPDATE OF first_name, middle_name, last_name ON landlords
  FOR EACH ROW EXECUTE FUNCTION note_person_name('landlord');--> statement-breakpoint
INSERT INTO person_names (entity, search_name)
  SELECT DISTINCT 'tenant', search_name FROM tenants
  UNION SELECT DISTINCT 'landlord', search_name FROM landlords
  ON CONFLICT DO NOTHING;
