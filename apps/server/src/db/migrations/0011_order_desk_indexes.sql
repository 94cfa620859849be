DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "orders_status_placed_at_idx" ON "orders" USING btree ("status","placed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_order_ref_no_trgm_idx" ON "orders" USING gin ("order_ref_no" gin_trgm_ops);