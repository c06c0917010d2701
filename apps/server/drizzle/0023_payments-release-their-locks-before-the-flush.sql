-- Decision 048: starting a payment and recording a donation release their locks before the WAL
-- flush, and are on disk before anyone is told of them. Each procedure runs the function of
-- decision 044 or 045 in a transaction that commits without waiting for its WAL to reach the disk,
-- so the next donor on the campaign does not queue behind that flush (the campaign's reservations
-- lock, the campaign's row); then a transaction with an id of its own commits as every
-- transaction here does, waiting until the WAL is flushed through it, and so through the first.
-- The caller hears of the payment or the donation only after both. Until then other transactions
-- may already see it: any of them that writes waits for the same flush at its own commit, and
-- the app's two reads that answer from a recording they saw without a lock take a transaction id
-- for the same reason (`findRaisedOnceOnDisk`). Each is a CALL run on its own (no transaction
-- around it).
CREATE PROCEDURE "start_payment_then_flush"(
  "intent_id" text, "intent_provider" text, "campaign" uuid, "donor" text, "amount" integer,
  "secret" text, "expires" timestamptz, "at" timestamptz, "today" date, "max_open_elsewhere" integer,
  INOUT "replaced" text[] DEFAULT NULL
) LANGUAGE plpgsql AS $$
BEGIN
  "replaced" := start_payment("intent_id", "intent_provider", "campaign", "donor", "amount",
    "secret", "expires", "at", "today", "max_open_elsewhere");
  PERFORM set_config('synchronous_commit', 'off', true);
  COMMIT;
  -- refused, it stored and closed nothing: nothing to wait for
  IF "replaced" IS NOT NULL THEN
    PERFORM pg_current_xact_id();
  END IF;
END
$$;--> statement-breakpoint
CREATE PROCEDURE "record_donation_then_flush"(
  "intent" text, "donation" uuid, "receipt" bigint, "at" timestamptz, "today" date,
  "open_only" boolean, "mail_kind" text, "mail_to" text, "mail_subject" text, "mail_text" text,
  "mail_html" text, "mail_unsubscribe" text, "mail_at" timestamptz,
  INOUT "outcome" text DEFAULT NULL, INOUT "raised" integer DEFAULT NULL,
  INOUT "maximum" integer DEFAULT NULL
) LANGUAGE plpgsql AS $$
BEGIN
  SELECT r."outcome", r."raised", r."maximum" INTO "outcome", "raised", "maximum"
  FROM record_donation("intent", "donation", "receipt", "at", "today", "open_only", "mail_kind",
    "mail_to", "mail_subject", "mail_text", "mail_html", "mail_unsubscribe", "mail_at") AS r;
  PERFORM set_config('synchronous_commit', 'off', true);
  COMMIT;
  -- whatever the outcome: one recorded before may be another's recording not yet on disk
  PERFORM pg_current_xact_id();
END
$$;
