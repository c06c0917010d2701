CREATE TABLE "campaign_goal_notices" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"maximum_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_goal_notices" ADD CONSTRAINT "campaign_goal_notices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 045: a succeeded payment becomes its donation in one statement, run on its own (no
-- transaction around it), so the campaign's row, which every donation to the campaign updates, is
-- locked from the addition to the statement's commit, never across a round trip to the app. In
-- one step: the payment locked; recorded before, refunded or (with "open_only", the test card
-- form) closed or expired answered as such; the raised amount added under the campaign's guard
-- (live, its last date not before "today", the maximum not passed), or 'refused' with nothing
-- changed; then the donation, the payment marked succeeded, the receipt mail (rendered by the app
-- beforehand, for the receipt number it took; due at "mail_at", the mailer's clock) and, when the
-- campaign is now full, the notice its organiser is told from. A second donation for the payment
-- breaks the unique index and rolls all of it back.
CREATE FUNCTION "record_donation"(
  "intent" text, "donation" uuid, "receipt" bigint, "at" timestamptz, "today" date,
  "open_only" boolean, "mail_kind" text, "mail_to" text, "mail_subject" text, "mail_text" text,
  "mail_html" text, "mail_unsubscribe" text, "mail_at" timestamptz
) RETURNS TABLE ("outcome" text, "raised" integer, "maximum" integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "payment" "payment_intents"%ROWTYPE;
BEGIN
  SELECT * INTO "payment" FROM "payment_intents" WHERE "id" = "intent" FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF "payment"."last_error" = 'refunded' THEN
    RETURN QUERY SELECT 'refunded'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  -- succeeded is set only here, with the raised amount: it means recorded
  IF "payment"."status" = 'succeeded' THEN
    RETURN QUERY SELECT 'recorded_before'::text, c."raised_cents", c."max_donation_cents"
      FROM "campaigns" c WHERE c."id" = "payment"."campaign_id";
    RETURN;
  END IF;
  IF "open_only" AND ("payment"."status" = 'canceled' OR "payment"."expires_at" <= "at") THEN
    RETURN QUERY SELECT 'not_open'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  UPDATE "campaigns" SET "raised_cents" = "raised_cents" + "payment"."amount_cents",
    "updated_at" = now()
  WHERE "id" = "payment"."campaign_id" AND "archived_at" IS NULL AND NOT "paused"
    AND "last_date" >= "today"
    AND "raised_cents" + "payment"."amount_cents" <= "max_donation_cents"
  RETURNING "raised_cents", "max_donation_cents" INTO "raised", "maximum";
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'refused'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  INSERT INTO "donations"
    ("id", "campaign_id", "donor_id", "amount_cents", "payment_intent_id", "receipt_number",
     "created_at")
  VALUES ("donation", "payment"."campaign_id", "payment"."donor_id", "payment"."amount_cents",
    "payment"."id", "receipt", "at");
  UPDATE "payment_intents" SET "status" = 'succeeded', "last_error" = NULL, "updated_at" = now()
  WHERE "id" = "payment"."id";
  -- a donor whose account was deleted since the mail was rendered gets none
  IF "mail_to" IS NOT NULL AND "payment"."donor_id" IS NOT NULL THEN
    INSERT INTO "mail_outbox"
      ("kind", "recipient", "subject", "text_body", "html_body", "unsubscribe_url",
       "next_attempt_at", "created_at")
    VALUES ("mail_kind", "mail_to", "mail_subject", "mail_text", "mail_html", "mail_unsubscribe",
      "mail_at", "mail_at");
  END IF;
  IF "raised" >= "maximum" THEN
    INSERT INTO "campaign_goal_notices" ("campaign_id", "maximum_cents")
    VALUES ("payment"."campaign_id", "maximum")
    ON CONFLICT ("campaign_id") DO UPDATE SET "maximum_cents" = excluded."maximum_cents";
  END IF;
  RETURN QUERY SELECT 'recorded'::text, "raised", "maximum";
END
$$;
