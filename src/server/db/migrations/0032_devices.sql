CREATE TABLE "face_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"direction" smallint NOT NULL,
	"matched" boolean NOT NULL,
	"score" smallint NOT NULL,
	"liveness_ok" boolean NOT NULL,
	"temperature" smallint,
	"health_code" smallint,
	"person_ref" varchar(64) DEFAULT '' NOT NULL,
	"alarm" boolean NOT NULL,
	"alarm_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_settings" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"direction" smallint DEFAULT 0 NOT NULL,
	"match_threshold" smallint DEFAULT 80 NOT NULL,
	"liveness_check" boolean DEFAULT true NOT NULL,
	"temperature_alarm" boolean DEFAULT true NOT NULL,
	"temperature_threshold" smallint DEFAULT 373 NOT NULL,
	"admitted_health_codes" jsonb DEFAULT '[0]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_admissions" (
	"gate_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "gate_admissions_gate_id_kind_ref_id_pk" PRIMARY KEY("gate_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "camera_settings" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"zone" varchar(50) NOT NULL,
	"capacity" integer,
	"threshold" integer,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interval_seconds" smallint DEFAULT 300 NOT NULL,
	"live_count" integer DEFAULT 0 NOT NULL,
	"warned" boolean DEFAULT false NOT NULL,
	"last_reading_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crowd_warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"zone" varchar(50) NOT NULL,
	"count" integer NOT NULL,
	"threshold" integer NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sms_template" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'recorded' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passenger_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"interval_start" timestamp with time zone NOT NULL,
	"count_in" integer NOT NULL,
	"count_out" integer NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_machine_carousels" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"machine_id" integer,
	"title" varchar(30) DEFAULT '' NOT NULL,
	"image" varchar(500) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_machine_carousels_status_check" CHECK ("sales_machine_carousels"."status" in (1, 2)),
	CONSTRAINT "sales_machine_carousels_window_check" CHECK ("sales_machine_carousels"."start_at" is null or "sales_machine_carousels"."end_at" is null or "sales_machine_carousels"."end_at" > "sales_machine_carousels"."start_at")
);
--> statement-breakpoint
CREATE TABLE "sales_terminal_profiles" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"window_no" varchar(20) DEFAULT '' NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"operator_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"pay_ways" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"printer_model" varchar(50) DEFAULT '' NOT NULL,
	"paper" varchar(16),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"buy_channel" smallint NOT NULL,
	"adapter" varchar(8) NOT NULL,
	"ota_channel_id" integer,
	"product_id" integer,
	"code_prefix" varchar(16) DEFAULT '' NOT NULL,
	"code_pattern" varchar(200) DEFAULT '' NOT NULL,
	"code_min_length" smallint DEFAULT 6 NOT NULL,
	"code_max_length" smallint DEFAULT 32 NOT NULL,
	"gate_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "third_party_channels_buy_channel_ck" CHECK ("third_party_channels"."buy_channel" in (11, 12, 14, 15, 16, 17, 18)),
	CONSTRAINT "third_party_channels_adapter_ck" CHECK (("third_party_channels"."adapter" = 'ota' and "third_party_channels"."ota_channel_id" is not null)
        or ("third_party_channels"."adapter" = 'codeList' and "third_party_channels"."product_id" is not null)),
	CONSTRAINT "third_party_channels_length_ck" CHECK ("third_party_channels"."code_min_length" between 1 and 64 and "third_party_channels"."code_max_length" between "third_party_channels"."code_min_length" and 64),
	CONSTRAINT "third_party_channels_status_ck" CHECK ("third_party_channels"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "third_party_vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"product_id" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"status" varchar(8) DEFAULT 'unused' NOT NULL,
	"used_at" timestamp with time zone,
	"gate_id" integer,
	"gate_event_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "third_party_vouchers_status_ck" CHECK ("third_party_vouchers"."status" in ('unused', 'used', 'void')),
	CONSTRAINT "third_party_vouchers_used_ck" CHECK (("third_party_vouchers"."status" = 'used') = ("third_party_vouchers"."used_at" is not null and "third_party_vouchers"."gate_id" is not null)),
	CONSTRAINT "third_party_vouchers_valid_ck" CHECK ("third_party_vouchers"."valid_to" > "third_party_vouchers"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "gate_events" ADD COLUMN "health_code" smallint;--> statement-breakpoint
ALTER TABLE "gates" ADD COLUMN "pass_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gates" ADD COLUMN "open_from" varchar(5);--> statement-breakpoint
ALTER TABLE "gates" ADD COLUMN "open_to" varchar(5);--> statement-breakpoint
ALTER TABLE "face_events" ADD CONSTRAINT "face_events_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_events" ADD CONSTRAINT "face_events_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_settings" ADD CONSTRAINT "face_settings_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_admissions" ADD CONSTRAINT "gate_admissions_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_settings" ADD CONSTRAINT "camera_settings_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowd_warnings" ADD CONSTRAINT "crowd_warnings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowd_warnings" ADD CONSTRAINT "crowd_warnings_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_counts" ADD CONSTRAINT "passenger_counts_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_counts" ADD CONSTRAINT "passenger_counts_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_machine_carousels" ADD CONSTRAINT "sales_machine_carousels_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_machine_carousels" ADD CONSTRAINT "sales_machine_carousels_machine_id_terminals_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_terminal_profiles" ADD CONSTRAINT "sales_terminal_profiles_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_terminal_profiles" ADD CONSTRAINT "sales_terminal_profiles_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_channels" ADD CONSTRAINT "third_party_channels_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_channels" ADD CONSTRAINT "third_party_channels_ota_channel_id_ota_channels_id_fk" FOREIGN KEY ("ota_channel_id") REFERENCES "public"."ota_channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_channels" ADD CONSTRAINT "third_party_channels_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_vouchers" ADD CONSTRAINT "third_party_vouchers_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_vouchers" ADD CONSTRAINT "third_party_vouchers_channel_id_third_party_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."third_party_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_vouchers" ADD CONSTRAINT "third_party_vouchers_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_vouchers" ADD CONSTRAINT "third_party_vouchers_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "face_events_terminal_nonce_uq" ON "face_events" USING btree ("terminal_id","nonce");--> statement-breakpoint
CREATE INDEX "face_events_terminal_at_idx" ON "face_events" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "face_events_scenic_at_idx" ON "face_events" USING btree ("scenic_id","at");--> statement-breakpoint
CREATE INDEX "crowd_warnings_scenic_idx" ON "crowd_warnings" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "crowd_warnings_terminal_idx" ON "crowd_warnings" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "passenger_counts_terminal_nonce_uq" ON "passenger_counts" USING btree ("terminal_id","nonce");--> statement-breakpoint
CREATE INDEX "passenger_counts_terminal_at_idx" ON "passenger_counts" USING btree ("terminal_id","interval_start");--> statement-breakpoint
CREATE INDEX "sales_machine_carousels_scenic_idx" ON "sales_machine_carousels" USING btree ("scenic_id","machine_id","sort");--> statement-breakpoint
CREATE INDEX "sales_terminal_profiles_scenic_idx" ON "sales_terminal_profiles" USING btree ("scenic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_channels_name_uq" ON "third_party_channels" USING btree ("scenic_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_vouchers_code_uq" ON "third_party_vouchers" USING btree ("channel_id","code");--> statement-breakpoint
CREATE INDEX "third_party_vouchers_status_idx" ON "third_party_vouchers" USING btree ("channel_id","status");--> statement-breakpoint
CREATE INDEX "gate_events_gate_time_idx" ON "gate_events" USING btree ("gate_id","scanned_at");