ALTER TABLE "users" ADD COLUMN "skeleton_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts made before look-alike usernames were refused keep their names (docs/users-admin.md "Usernames"): of
-- each group that reads alike, the oldest holds the skeleton and the younger ones are marked as sharing it.
UPDATE "users" SET "skeleton_shared" = true WHERE EXISTS (
  SELECT 1 FROM "users" AS "older"
  WHERE "older"."id" < "users"."id" AND replace(replace(translate(regexp_replace(lower("older"."username"), '[._-]', '', 'g'), '01i258', 'ollzsb'), 'rn', 'm'), 'vv', 'w') = replace(replace(translate(regexp_replace(lower("users"."username"), '[._-]', '', 'g'), '01i258', 'ollzsb'), 'rn', 'm'), 'vv', 'w')
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_idx" ON "users" USING btree (replace(replace(translate(regexp_replace(lower("username"), '[._-]', '', 'g'), '01i258', 'ollzsb'), 'rn', 'm'), 'vv', 'w')) WHERE not "users"."skeleton_shared";