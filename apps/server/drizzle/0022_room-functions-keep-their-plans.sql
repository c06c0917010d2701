-- The room a new payment is checked against (decision 044) stays defined once, here, but in
-- PL/pgSQL: a SQL-language function that cannot be inlined is planned again at every call, twice
-- in each payment's start, under the campaign's reservations lock. A PL/pgSQL function keeps its
-- plan for the session (decision 048). Same arguments, same answers.
CREATE OR REPLACE FUNCTION "payment_reserved_by_others"("campaign" uuid, "donor" text, "at" timestamptz)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(sum("amount_cents"), 0)::int FROM "payment_intents"
    WHERE "campaign_id" = "campaign" AND "status" IN ('requires_payment_method', 'processing')
      AND "expires_at" > "at" AND "donor_id" IS DISTINCT FROM "donor"
  );
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_donor_open_elsewhere"("donor" text, "campaign" uuid, "at" timestamptz)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT count(*)::int FROM "payment_intents"
    WHERE "donor_id" = "donor" AND "campaign_id" <> "campaign"
      AND "status" IN ('requires_payment_method', 'processing') AND "expires_at" > "at"
  );
END
$$;
