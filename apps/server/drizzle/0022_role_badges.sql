CREATE TABLE "role_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"assignment_id" uuid,
	"role_id" text NOT NULL,
	"badge_type" text NOT NULL,
	"resource_address" text NOT NULL,
	"local_id" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"account_address" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_badges_status_check" CHECK ("role_badges"."status" in ('simulated', 'active'))
);
--> statement-breakpoint
ALTER TABLE "role_badges" ADD CONSTRAINT "role_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_badges" ADD CONSTRAINT "role_badges_assignment_id_role_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."role_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_badges" ADD CONSTRAINT "role_badges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "role_badges_resource_local_idx" ON "role_badges" USING btree ("resource_address","local_id");--> statement-breakpoint
CREATE INDEX "role_badges_user_idx" ON "role_badges" USING btree ("user_id");
