-- Short elevations (issue 10: "stops working after expiry (use a short duration)"): an elevation
-- request's duration may count minutes. Existing rows and the default stay in hours (SPEC).
ALTER TABLE "elevation_requests" ADD COLUMN "duration_unit" text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "elevation_requests" ADD CONSTRAINT "elevation_requests_duration_unit_check" CHECK ("elevation_requests"."duration_unit" in ('hours', 'minutes'));
