CREATE TABLE "travel_departures" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"date" date NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travel_departures_stock_ck" CHECK ("travel_departures"."capacity" between 1 and 9999 and "travel_departures"."sold" >= 0 and "travel_departures"."sold" <= "travel_departures"."capacity"),
	CONSTRAINT "travel_departures_price_ck" CHECK ("travel_departures"."price" >= 0),
	CONSTRAINT "travel_departures_state_ck" CHECK ("travel_departures"."state" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "travel_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"days" smallint NOT NULL,
	"itinerary" jsonb NOT NULL,
	"ticket_product_id" integer NOT NULL,
	"included" varchar(1000) DEFAULT '' NOT NULL,
	"excluded" varchar(1000) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travel_packages_days_ck" CHECK ("travel_packages"."days" between 1 and 15),
	CONSTRAINT "travel_packages_itinerary_ck" CHECK (jsonb_array_length("travel_packages"."itinerary") = "travel_packages"."days"),
	CONSTRAINT "travel_packages_status_ck" CHECK ("travel_packages"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "departure_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "departure_id" integer;--> statement-breakpoint
ALTER TABLE "travel_departures" ADD CONSTRAINT "travel_departures_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_departures" ADD CONSTRAINT "travel_departures_package_id_travel_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."travel_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_packages" ADD CONSTRAINT "travel_packages_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "travel_departures_package_date_uq" ON "travel_departures" USING btree ("package_id","date");--> statement-breakpoint
CREATE INDEX "travel_departures_scenic_date_idx" ON "travel_departures" USING btree ("scenic_id","date");--> statement-breakpoint
CREATE INDEX "travel_packages_scenic_idx" ON "travel_packages" USING btree ("scenic_id","created_at");--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_departure_id_travel_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."travel_departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_departure_id_travel_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."travel_departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_orders_departure_idx" ON "ticket_orders" USING btree ("departure_id") WHERE "ticket_orders"."departure_id" is not null;