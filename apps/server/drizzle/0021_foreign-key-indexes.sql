-- The columns that name a person get an index each: a donor's payments under way elsewhere are
-- counted at every payment's start (payment_donor_open_elsewhere) from theirs alone, not from the
-- whole index of payments, and deleting an account (`set null` on these columns) no longer reads
-- every payment, picture, audit entry, request event and message. test/foreign-key-indexes.test.ts
-- keeps every foreign key indexed from now on.
CREATE INDEX "images_uploader_idx" ON "images" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "adoption_messages_author_idx" ON "adoption_messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "adoption_request_events_actor_idx" ON "adoption_request_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "payment_intents_donor_idx" ON "payment_intents" USING btree ("donor_id","status");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");