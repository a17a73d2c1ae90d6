CREATE TABLE "risk_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope_key" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_capital_base" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"cet1" bigint NOT NULL,
	"additional_tier1" bigint NOT NULL,
	"tier2" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_limits" (
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"limit_value" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "risk_limits_organisation_id_kind_pk" PRIMARY KEY("organisation_id","kind"),
	CONSTRAINT "risk_limits_kind" CHECK ("risk_limits"."kind" in ('var_95', 'concentration', 'leverage', 'liquidity')),
	CONSTRAINT "risk_limits_positive" CHECK ("risk_limits"."limit_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "risk_snapshots" (
	"scope_key" text NOT NULL,
	"snapshot_date" date NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	"var_95" numeric(20, 2) NOT NULL,
	"var_99" numeric(20, 2) NOT NULL,
	"pnl" numeric(20, 2) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_snapshots_scope_key_snapshot_date_pk" PRIMARY KEY("scope_key","snapshot_date"),
	CONSTRAINT "risk_snapshots_source" CHECK ("risk_snapshots"."source" in ('backfill', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "risk_capital_base" ADD CONSTRAINT "risk_capital_base_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_limits" ADD CONSTRAINT "risk_limits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_limits" ADD CONSTRAINT "risk_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_alerts_scope_idx" ON "risk_alerts" USING btree ("scope_key","created_at");