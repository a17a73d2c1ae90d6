CREATE TABLE "instruments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"contract_type" text NOT NULL,
	"currency" text NOT NULL,
	"notional_amount" bigint NOT NULL,
	"face_value" bigint NOT NULL,
	"units" bigint NOT NULL,
	"issue_date" date NOT NULL,
	"maturity_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"terms" jsonb NOT NULL,
	"observations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issuer_user_id" uuid NOT NULL,
	"issuer_org_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_amounts_positive" CHECK ("instruments"."notional_amount" > 0 and "instruments"."face_value" > 0 and "instruments"."units" > 0),
	CONSTRAINT "instruments_units_times_face" CHECK ("instruments"."notional_amount" = "instruments"."units" * "instruments"."face_value")
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"account_id" uuid NOT NULL,
	"asset_type" text NOT NULL,
	"asset" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "balances_account_id_asset_type_asset_pk" PRIMARY KEY("account_id","asset_type","asset"),
	CONSTRAINT "balances_reserved_within_total" CHECK ("balances"."reserved" >= 0 and ("balances"."reserved" = 0 or "balances"."reserved" <= "balances"."total"))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" in ('issue', 'trade', 'deposit', 'withdraw'))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"asset_type" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "journal_lines_asset_type_check" CHECK ("journal_lines"."asset_type" in ('cash', 'units')),
	CONSTRAINT "journal_lines_amount_non_zero" CHECK ("journal_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "credit_spreads" (
	"rating" text PRIMARY KEY NOT NULL,
	"spread_bp" integer NOT NULL,
	"as_of" date NOT NULL,
	CONSTRAINT "credit_spreads_non_negative" CHECK ("credit_spreads"."spread_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "risk_free_curve_points" (
	"currency" text NOT NULL,
	"tenor_years" double precision NOT NULL,
	"rate" double precision NOT NULL,
	"as_of" date NOT NULL,
	CONSTRAINT "risk_free_curve_points_currency_tenor_years_pk" PRIMARY KEY("currency","tenor_years"),
	CONSTRAINT "risk_free_tenor_positive" CHECK ("risk_free_curve_points"."tenor_years" > 0)
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_issuer_user_id_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_issuer_org_id_organisations_id_fk" FOREIGN KEY ("issuer_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instruments_issuer_user_idx" ON "instruments" USING btree ("issuer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "instruments_created_idx" ON "instruments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "balances_asset_idx" ON "balances" USING btree ("asset_type","asset");--> statement-breakpoint
CREATE INDEX "journal_entries_reference_idx" ON "journal_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account_id","asset_type","asset");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");