CREATE TABLE "reservation_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_sessions_capacity_check" CHECK ("reservation_sessions"."capacity" between 1 and 100000),
	CONSTRAINT "reservation_sessions_booked_check" CHECK ("reservation_sessions"."booked" >= 0 and "reservation_sessions"."booked" <= "reservation_sessions"."capacity"),
	CONSTRAINT "reservation_sessions_time_check" CHECK ("reservation_sessions"."end_time" > "reservation_sessions"."start_time"),
	CONSTRAINT "reservation_sessions_status_check" CHECK ("reservation_sessions"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "reservation_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"location" varchar(100) DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"days_ahead" integer DEFAULT 7 NOT NULL,
	"close_minutes" integer DEFAULT 0 NOT NULL,
	"rules" varchar(2000) DEFAULT '' NOT NULL,
	"real_name" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_sites_capacity_check" CHECK ("reservation_sites"."capacity" between 1 and 100000),
	CONSTRAINT "reservation_sites_days_ahead_check" CHECK ("reservation_sites"."days_ahead" between 0 and 365),
	CONSTRAINT "reservation_sites_close_minutes_check" CHECK ("reservation_sites"."close_minutes" between 0 and 1440),
	CONSTRAINT "reservation_sites_status_check" CHECK ("reservation_sites"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"visitor_name" varchar(50) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"id_number" varchar(18) DEFAULT '' NOT NULL,
	"visitor_key" varchar(24) NOT NULL,
	"client_id" varchar(64) DEFAULT '' NOT NULL,
	"channel" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrived_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in (0, 1, 2, 3)),
	CONSTRAINT "reservations_arrived_check" CHECK (("reservations"."status" = 1) = ("reservations"."arrived_at" is not null)),
	CONSTRAINT "reservations_visitor_key_check" CHECK ("reservations"."visitor_key" <> '')
);
--> statement-breakpoint
ALTER TABLE "reservation_sessions" ADD CONSTRAINT "reservation_sessions_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_sessions" ADD CONSTRAINT "reservation_sessions_site_id_reservation_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."reservation_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_sites" ADD CONSTRAINT "reservation_sites_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_site_id_reservation_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."reservation_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_session_id_reservation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."reservation_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_sessions_slot_uq" ON "reservation_sessions" USING btree ("site_id","date","start_time");--> statement-breakpoint
CREATE INDEX "reservation_sessions_scenic_date_idx" ON "reservation_sessions" USING btree ("scenic_id","date","start_time");--> statement-breakpoint
CREATE INDEX "reservation_sites_scenic_idx" ON "reservation_sites" USING btree ("scenic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_code_uq" ON "reservations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_visitor_active_uq" ON "reservations" USING btree ("session_id","visitor_key") WHERE "reservations"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "reservations_scenic_booked_idx" ON "reservations" USING btree ("scenic_id","booked_at","id");--> statement-breakpoint
CREATE INDEX "reservations_session_status_idx" ON "reservations" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "reservations_scenic_phone_idx" ON "reservations" USING btree ("scenic_id","phone");