CREATE TABLE "terminal_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"event" varchar(16) NOT NULL,
	"detail" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"name" varchar(50) NOT NULL,
	"serial_no" varchar(64) NOT NULL,
	"location" varchar(100) DEFAULT '' NOT NULL,
	"app_version" varchar(32) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"online" smallint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_ip" varchar(64) DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_id" varchar(64),
	"activation_hash" varchar(64),
	"activation_expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "terminals_activation_hash_unique" UNIQUE("activation_hash")
);
--> statement-breakpoint
ALTER TABLE "terminal_events" ADD CONSTRAINT "terminal_events_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_events_terminal_idx" ON "terminal_events" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_scenic_serial_uq" ON "terminals" USING btree ("scenic_id","serial_no");--> statement-breakpoint
CREATE INDEX "terminals_scenic_idx" ON "terminals" USING btree ("scenic_id","kind");--> statement-breakpoint
CREATE INDEX "terminals_online_seen_idx" ON "terminals" USING btree ("last_seen_at") WHERE "terminals"."online" = 2;