CREATE TABLE "storage_stores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"endpoint" varchar(255) DEFAULT '' NOT NULL,
	"bucket" varchar(63) DEFAULT '' NOT NULL,
	"region" varchar(64) DEFAULT '' NOT NULL,
	"access_key_id" varchar(128) DEFAULT '' NOT NULL,
	"secret_key_sealed" text DEFAULT '' NOT NULL,
	"public_base_url" varchar(255) DEFAULT '' NOT NULL,
	"path_style" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(255) NOT NULL,
	"store_id" bigint NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_store_id_storage_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."storage_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_stores_one_active_uq" ON "storage_stores" USING btree ("active") WHERE "storage_stores"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key_uq" ON "stored_files" USING btree ("key");--> statement-breakpoint
-- the local disk under DATA_DIR/uploads, active until /sys/os says otherwise
INSERT INTO "storage_stores" ("kind", "active") VALUES ('local', true);
