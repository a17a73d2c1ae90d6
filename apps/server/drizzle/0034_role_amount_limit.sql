-- Issue 10 §3, decision 0078: a role's own amount limit (USD hundredths; null = the catalogue's
-- per-permission cap alone). A supervised role's action above it goes to its supervisor.
ALTER TABLE "roles" ADD COLUMN "amount_limit" bigint;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_amount_limit_check" CHECK ("amount_limit" IS NULL OR "amount_limit" >= 0);
