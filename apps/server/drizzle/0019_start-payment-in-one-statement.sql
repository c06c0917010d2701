-- Decision 044: a payment starts in one statement, run on its own (no transaction around it):
-- the donor's lock, the campaign's reservations lock, the donor's payments it replaces locked,
-- the guarded insert and then closing those, each with a snapshot of its own (a VOLATILE PL/pgSQL
-- function), as the transaction of decision 042 did in four round trips. The room a new payment is checked
-- against is defined once, here, for that guard and for the read that explains a refusal.
CREATE FUNCTION "payment_reserved_by_others"("campaign" uuid, "donor" text, "at" timestamptz)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum("amount_cents"), 0)::int FROM "payment_intents"
  WHERE "campaign_id" = "campaign" AND "status" IN ('requires_payment_method', 'processing')
    AND "expires_at" > "at" AND "donor_id" IS DISTINCT FROM "donor"
$$;--> statement-breakpoint
CREATE FUNCTION "payment_donor_open_elsewhere"("donor" text, "campaign" uuid, "at" timestamptz)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM "payment_intents"
  WHERE "donor_id" = "donor" AND "campaign_id" <> "campaign"
    AND "status" IN ('requires_payment_method', 'processing') AND "expires_at" > "at"
$$;--> statement-breakpoint
-- The ids of the donor's payments on the campaign it replaced, or NULL when the campaign could
-- not take it: then nothing changed, and the caller reads why (`findRoomForPayment`,
-- `assertMayStart`).
CREATE FUNCTION "start_payment"(
  "intent_id" text, "intent_provider" text, "campaign" uuid, "donor" text, "amount" integer,
  "secret" text, "expires" timestamptz, "at" timestamptz, "today" date, "max_open_elsewhere" integer
) RETURNS text[] LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "replaced" text[];
BEGIN
  -- the donor's lock (their payments start one at a time), then the campaign's reservations
  -- (class 42, as lockCampaignReservations takes them): the order everyone takes them in
  PERFORM pg_advisory_xact_lock(hashtext('donor-payments:' || "donor"));
  PERFORM pg_advisory_xact_lock(42, hashtext("campaign"::text));
  -- the donor's unpaid payments here, which this one replaces, locked: waits for one being
  -- confirmed right now, and leaves it out if that recorded it (its money is then raised, which
  -- the guard below reads in a snapshot of its own)
  SELECT coalesce(array_agg("id"), '{}') INTO "replaced" FROM (
    SELECT "id" FROM "payment_intents"
    WHERE "campaign_id" = "campaign" AND "donor_id" = "donor"
      AND "status" IN ('requires_payment_method', 'processing')
    FOR UPDATE
  ) AS "open";
  -- what others hold leaves this donor's out: the guard does not depend on closing them first
  INSERT INTO "payment_intents"
    ("id", "provider", "campaign_id", "donor_id", "amount_cents", "client_secret", "expires_at")
  SELECT "intent_id", "intent_provider", c."id", "donor", "amount", "secret", "expires"
  FROM "campaigns" c
  WHERE c."id" = "campaign" AND c."archived_at" IS NULL AND NOT c."paused"
    AND c."last_date" >= "today"
    AND c."max_donation_cents" - c."raised_cents"
      - payment_reserved_by_others(c."id", "donor", "at") >= "amount"
    AND payment_donor_open_elsewhere("donor", c."id", "at") < "max_open_elsewhere";
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE "payment_intents" SET "status" = 'canceled', "last_error" = 'replaced', "updated_at" = now()
  WHERE "id" = ANY ("replaced");
  RETURN "replaced";
END
$$;
