CREATE INDEX "connection_logs_platform_date" ON "connection_logs" USING btree ("platform","date_login","id");--> statement-breakpoint
CREATE INDEX "connection_logs_date_sort" ON "connection_logs" USING btree ("date_login","id");--> statement-breakpoint
CREATE INDEX "connection_logs_client_idx" ON "connection_logs" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_sort" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_email_trgm" ON "audit_log" USING gin ("user_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_trgm" ON "audit_log" USING gin ("entity" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_trgm" ON "audit_log" USING gin ("entity_id" gin_trgm_ops);