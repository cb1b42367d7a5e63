-- One vocabulary of audit names (src/shared/dict/audit.ts): the refunds service wrote module
-- "order" and target "order" where everything else says "orders" and "ticketOrder".
UPDATE "audit_logs" SET "module" = 'orders' WHERE "module" = 'order';--> statement-breakpoint
UPDATE "audit_logs" SET "target_type" = 'ticketOrder' WHERE "target_type" = 'order';
