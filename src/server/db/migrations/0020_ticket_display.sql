CREATE TABLE "ticket_displays" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"display_name" varchar(30) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"short_text" varchar(100) DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_displays_name_check" CHECK ("ticket_displays"."display_name" <> ''),
	CONSTRAINT "ticket_displays_tags_check" CHECK (cardinality("ticket_displays"."tags") <= 5),
	CONSTRAINT "ticket_displays_sort_check" CHECK ("ticket_displays"."sort" between 0 and 9999),
	CONSTRAINT "ticket_displays_status_check" CHECK ("ticket_displays"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "ticket_displays" ADD CONSTRAINT "ticket_displays_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_displays" ADD CONSTRAINT "ticket_displays_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_displays_product_uq" ON "ticket_displays" USING btree ("product_id");