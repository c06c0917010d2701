CREATE TABLE "pet_counts" (
	"adopted" boolean NOT NULL,
	"pet_category" "pet_category" NOT NULL,
	"pets" integer NOT NULL,
	CONSTRAINT "pet_counts_adopted_pet_category_pk" PRIMARY KEY("adopted","pet_category")
);--> statement-breakpoint
-- Counted from what is there, with writes to pets held off until the triggers below exist
LOCK TABLE "pets" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "pet_counts" ("adopted", "pet_category", "pets")
SELECT "adopted", "pet_category", count(*) FROM "pets" GROUP BY 1, 2;--> statement-breakpoint
-- Keeps pet_counts in step with pets in the writing statement's own transaction (decision 027).
-- One INSERT ... ON CONFLICT per statement, its rows in key order, so concurrent writers take the
-- counters' row locks in the same order and never deadlock on them.
CREATE FUNCTION "pet_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "pet_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "pet_counts" ("adopted", "pet_category", "pets")
    SELECT "adopted", "pet_category", count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("adopted", "pet_category") DO UPDATE SET "pets" = "pet_counts"."pets" + excluded."pets";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "pet_counts" ("adopted", "pet_category", "pets")
    SELECT "adopted", "pet_category", -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("adopted", "pet_category") DO UPDATE SET "pets" = "pet_counts"."pets" + excluded."pets";
  ELSE
    INSERT INTO "pet_counts" ("adopted", "pet_category", "pets")
    SELECT "adopted", "pet_category", sum("delta") FROM (
      SELECT o."adopted", o."pet_category", -1 AS "delta" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE (o."adopted", o."pet_category") IS DISTINCT FROM (n."adopted", n."pet_category")
      UNION ALL
      SELECT n."adopted", n."pet_category", 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE (o."adopted", o."pet_category") IS DISTINCT FROM (n."adopted", n."pet_category")
    ) AS "changes"
    GROUP BY 1, 2 HAVING sum("delta") <> 0 ORDER BY 1, 2
    ON CONFLICT ("adopted", "pet_category") DO UPDATE SET "pets" = "pet_counts"."pets" + excluded."pets";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pets_counted_insert" AFTER INSERT ON "pets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "pets_counted_update" AFTER UPDATE ON "pets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "pets_counted_delete" AFTER DELETE ON "pets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "pets_counted_truncate" AFTER TRUNCATE ON "pets"
  FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_follow"();
