CREATE TABLE "quote_mids" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"instrument_id" uuid NOT NULL,
	"mid" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quoting_programmes" (
	"instrument_id" uuid PRIMARY KEY NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"half_spread_bp" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "quoting_programmes_spread_check" CHECK ("quoting_programmes"."half_spread_bp" between 1 and 500),
	CONSTRAINT "quoting_programmes_status_check" CHECK ("quoting_programmes"."status" in ('active', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "servicing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instrument_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"record_time" timestamp with time zone NOT NULL,
	"scheduled_amount" bigint NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"paid_amount" bigint,
	"holders" integer,
	"journal_entry_id" uuid,
	"reason" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "servicing_events_status_check" CHECK ("servicing_events"."status" in ('scheduled', 'paid', 'missed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_check";--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "settlement_cycle" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "settle_on" date;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_mids" ADD CONSTRAINT "quote_mids_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quoting_programmes" ADD CONSTRAINT "quoting_programmes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quoting_programmes" ADD CONSTRAINT "quoting_programmes_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quoting_programmes" ADD CONSTRAINT "quoting_programmes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_events" ADD CONSTRAINT "servicing_events_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_events" ADD CONSTRAINT "servicing_events_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_mids_instrument_idx" ON "quote_mids" USING btree ("instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "servicing_events_instrument_event_uq" ON "servicing_events" USING btree ("instrument_id","event_type","event_time");--> statement-breakpoint
CREATE INDEX "servicing_events_due_idx" ON "servicing_events" USING btree ("event_time") WHERE "servicing_events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "settlements_open_idx" ON "settlements" USING btree ("settle_on") WHERE "settlements"."status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" in ('issue', 'trade', 'deposit', 'withdraw', 'servicing'));