-- Requests left open on pets marked adopted before migration 0014 (which had no "adopted" and
-- "closed" statuses) are settled as the app now settles them when a pet is marked adopted: the
-- accepted one becomes adopted, the pending ones closed, each change recorded (by nobody: the
-- migration). No mail is sent for these old requests.
WITH "settled" AS (
  UPDATE "adoption_requests" AS r
  SET "status" = CASE r."status" WHEN 'accepted' THEN 'adopted'::"adoption_status" ELSE 'closed'::"adoption_status" END,
      "updated_at" = now()
  FROM "pets" AS p
  WHERE p."id" = r."pet_id" AND p."adopted" AND r."status" IN ('pending', 'accepted')
  RETURNING r."id", r."status"
)
INSERT INTO "adoption_request_events" ("request_id", "status", "actor_id")
SELECT "id", "status", NULL FROM "settled";
