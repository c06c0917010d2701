-- distance search (issue 14): earth_distance/earth_box over ll_to_earth, on PostgreSQL and PGlite alike
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TYPE "public"."pet_sex" AS ENUM('female', 'male', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."pet_size" AS ENUM('small', 'medium', 'large', 'extra-large');--> statement-breakpoint
CREATE TYPE "public"."tri_state" AS ENUM('yes', 'no', 'unknown');--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"label" varchar(300) NOT NULL,
	"country" varchar(2) NOT NULL,
	"population" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "sex" "pet_sex" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "size" "pet_size";--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "breed" varchar(100);--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "good_with_children" "tri_state" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "good_with_dogs" "tri_state" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "good_with_cats" "tri_state" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "house_trained" "tri_state" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "vaccinated" "tri_state" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "neutered" "tri_state" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "special_needs" "tri_state" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "places_name_prefix_idx" ON "places" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pets_earth_idx" ON "pets" USING gist (ll_to_earth("latitude", "longitude")) WHERE "pets"."latitude" is not null;