-- PostgreSQL CPU and WAL per order (issue 16 item 7; decision 0095). Every placed order writes an
-- audit row, and each row wrote a tuple into all five indexes of audit_events. The action index
-- (action, seq) serves GET /api/audit's exact action filter, newest first; it is worth a tuple
-- only for rows an action filter must find among many others. Order placements are the bulk of
-- the trail (one per order, and at least half of every order chain's rows), so a filter on
-- `trading.order.place` finds its rows as densely by walking the primary key backwards, and
-- those rows no longer enter this index. Every other action (cancels, the chain 'main', any
-- other chain) keeps its entry. listAuditEvents states the predicate for any other exact action
-- so that its plan can use the partial index whatever the statement's parameters.
DROP INDEX "audit_events_action_idx";--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","seq") WHERE "audit_events"."action" <> 'trading.order.place';
