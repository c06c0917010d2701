-- Decision 052: the payments under way, indexed on their own. Every payment's start counts, under
-- the campaign's reservations lock, the room other donors hold on the campaign
-- (payment_reserved_by_others) and the donor's payments under way elsewhere
-- (payment_donor_open_elsewhere). The plan a session kept for the first on PostgreSQL 15 read the
-- campaign's index by campaign and expiry and checked the status row by row: every payment of the
-- campaign within the reservation window, taken ones included, under the lock. These partial
-- indexes hold only payments under way, so any plan on them reads only those.
CREATE INDEX "payment_intents_campaign_unpaid_idx" ON "payment_intents" USING btree ("campaign_id","expires_at") WHERE "payment_intents"."status" in ('requires_payment_method', 'processing');--> statement-breakpoint
CREATE INDEX "payment_intents_donor_unpaid_idx" ON "payment_intents" USING btree ("donor_id","expires_at") WHERE "payment_intents"."status" in ('requires_payment_method', 'processing');