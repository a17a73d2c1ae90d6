CREATE TABLE "surveillance_case_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"case_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveillance_cases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'investigating' NOT NULL,
	"organisation_id" uuid,
	"subject_user_id" uuid,
	"instrument_id" uuid NOT NULL,
	"summary" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"assigned_to" uuid,
	"detected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "surveillance_cases_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "surveillance_cases_status_check" CHECK ("surveillance_cases"."status" in ('investigating', 'under_review', 'resolved')),
	CONSTRAINT "surveillance_cases_severity_check" CHECK ("surveillance_cases"."severity" in ('High', 'Medium', 'Low'))
);
--> statement-breakpoint
CREATE TABLE "surveillance_cursors" (
	"rule" text PRIMARY KEY NOT NULL,
	"last_sequence" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveillance_case_notes" ADD CONSTRAINT "surveillance_case_notes_case_id_surveillance_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."surveillance_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveillance_case_notes" ADD CONSTRAINT "surveillance_case_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveillance_cases" ADD CONSTRAINT "surveillance_cases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveillance_cases" ADD CONSTRAINT "surveillance_cases_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveillance_cases" ADD CONSTRAINT "surveillance_cases_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveillance_cases" ADD CONSTRAINT "surveillance_cases_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surveillance_case_notes_case_idx" ON "surveillance_case_notes" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "surveillance_cases_detected_idx" ON "surveillance_cases" USING btree ("detected_at");--> statement-breakpoint
CREATE INDEX "surveillance_cases_org_status_idx" ON "surveillance_cases" USING btree ("organisation_id","status");