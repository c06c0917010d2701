CREATE TABLE "pet_photos" (
	"pet_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_id" text NOT NULL,
	CONSTRAINT "pet_photos_pet_id_position_pk" PRIMARY KEY("pet_id","position")
);
--> statement-breakpoint
ALTER TABLE "pet_photos" ADD CONSTRAINT "pet_photos_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_photos" ADD CONSTRAINT "pet_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_photos_image_idx" ON "pet_photos" USING btree ("image_id");