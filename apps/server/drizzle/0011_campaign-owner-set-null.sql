ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;