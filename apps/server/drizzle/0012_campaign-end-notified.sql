ALTER TABLE "campaigns" ADD COLUMN "end_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaigns_end_unnotified_idx" ON "campaigns" USING btree ("last_date") WHERE "campaigns"."end_notified_at" is null and "campaigns"."archived_at" is null;--> statement-breakpoint
-- campaigns that had already ended before this release: their organisers are not told now
UPDATE "campaigns" SET "end_notified_at" = now() WHERE "last_date" < (now() - interval '12 hours')::date;
