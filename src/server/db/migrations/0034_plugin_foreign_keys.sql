-- Issue 29: a module names no module above it (docs/architecture.md "Extension points"). These foreign
-- keys point up: from an order into the tables of modules that plug into orders, from a distributor
-- into the price tiers (which build on distribution), from a terminal into the gate it is mounted on
-- (gates build on terminals). They stay in the database, as earlier migrations made them; the Drizzle
-- schema no longer declares them, so this migration's snapshot leaves them out and drizzle-kit does not
-- drop them. The comments say so where the database is read; src/server/db/plugin-foreign-keys.test.ts
-- checks each is still there.
COMMENT ON CONSTRAINT "ticket_orders_departure_id_travel_departures_id_fk" ON "ticket_orders" IS 'kept in SQL: orders names no plug-in table (travel plugs into orders)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "ticket_orders_member_id_members_id_fk" ON "ticket_orders" IS 'kept in SQL: orders names no plug-in table (members plugs into orders)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "ticket_orders_member_coupon_id_member_coupons_id_fk" ON "ticket_orders" IS 'kept in SQL: orders names no plug-in table (coupons plugs into orders)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "ticket_orders_tier_id_price_tiers_id_fk" ON "ticket_orders" IS 'kept in SQL: orders names no plug-in table (price-tiers plugs into orders)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "order_tickets_period_id_scenic_periods_id_fk" ON "order_tickets" IS 'kept in SQL: orders names no plug-in table (inventory plugs into orders)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "order_tickets_show_id_theatre_shows_id_fk" ON "order_tickets" IS 'kept in SQL: orders names no plug-in table (theatres plugs into orders)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "order_tickets_departure_id_travel_departures_id_fk" ON "order_tickets" IS 'kept in SQL: orders names no plug-in table (travel plugs into orders)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "distributors_tier_id_price_tiers_id_fk" ON "distributors" IS 'kept in SQL: distribution names no module above it (price-tiers builds on distribution)';
--> statement-breakpoint
COMMENT ON CONSTRAINT "terminals_gate_id_gates_id_fk" ON "terminals" IS 'kept in SQL: terminals names no module above it (gates builds on terminals)';
