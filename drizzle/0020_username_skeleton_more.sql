DROP INDEX "users_username_skeleton_idx";--> statement-breakpoint
-- The skeleton now also reads 3 as e and cl as d (docs/users-admin.md "Usernames"). Recomputed for the accounts
-- already made: of each group that now reads alike, the oldest holds the skeleton and the younger ones are marked
-- as sharing it (kept, left out of the unique index), exactly as 0019 did for the first skeleton.
UPDATE "users" SET "skeleton_shared" = EXISTS (
  SELECT 1 FROM "users" AS "older"
  WHERE "older"."id" < "users"."id" AND replace(replace(replace(translate(regexp_replace(lower("older"."username"), '[._-]', '', 'g'), '01i2358', 'ollzesb'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd') = replace(replace(replace(translate(regexp_replace(lower("users"."username"), '[._-]', '', 'g'), '01i2358', 'ollzesb'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd')
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_idx" ON "users" USING btree (replace(replace(replace(translate(regexp_replace(lower("username"), '[._-]', '', 'g'), '01i2358', 'ollzesb'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd')) WHERE not "users"."skeleton_shared";
