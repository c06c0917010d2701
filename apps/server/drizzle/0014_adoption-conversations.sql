ALTER TYPE "public"."adoption_status" ADD VALUE 'adopted';--> statement-breakpoint
ALTER TYPE "public"."adoption_status" ADD VALUE 'closed';--> statement-breakpoint
CREATE TABLE "adoption_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adoption_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"status" "adoption_status" NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adoption_requests" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "adoption_requests" ADD COLUMN "owner_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adoption_requests" ADD COLUMN "requester_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adoption_messages" ADD CONSTRAINT "adoption_messages_request_id_adoption_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."adoption_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_messages" ADD CONSTRAINT "adoption_messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_request_events" ADD CONSTRAINT "adoption_request_events_request_id_adoption_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."adoption_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_request_events" ADD CONSTRAINT "adoption_request_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adoption_messages_request_idx" ON "adoption_messages" USING btree ("request_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "adoption_request_events_request_idx" ON "adoption_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
-- Before this migration several requests of one pet could be accepted; the most recent keeps it,
-- the others wait again (pending) rather than being turned down on the owner's behalf, unless
-- their requester already has a pending request on that pet (one pending per person): then the
-- older accepted one is rejected.
UPDATE "adoption_requests" r SET "status" = CASE WHEN EXISTS (SELECT 1 FROM "adoption_requests" p WHERE p."pet_id" = r."pet_id" AND p."requester_id" = r."requester_id" AND p."status" = 'pending') THEN 'rejected'::"adoption_status" ELSE 'pending'::"adoption_status" END WHERE r."status" = 'accepted' AND EXISTS (SELECT 1 FROM "adoption_requests" o WHERE o."pet_id" = r."pet_id" AND o."status" = 'accepted' AND (o."updated_at", o."id") > (r."updated_at", r."id"));--> statement-breakpoint
-- The history so far: each request was sent by its requester, and decided last by the pet's owner.
INSERT INTO "adoption_request_events" ("request_id", "status", "actor_id", "created_at") SELECT r."id", 'pending', r."requester_id", r."created_at" FROM "adoption_requests" r;--> statement-breakpoint
INSERT INTO "adoption_request_events" ("request_id", "status", "actor_id", "created_at") SELECT r."id", r."status", p."owner_id", r."updated_at" FROM "adoption_requests" r JOIN "pets" p ON p."id" = r."pet_id" WHERE r."status" <> 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "adoption_requests_one_accepted_idx" ON "adoption_requests" USING btree ("pet_id") WHERE "adoption_requests"."status" = 'accepted';