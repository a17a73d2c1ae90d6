CREATE TABLE "custody_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text,
	"request" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_moves_direction_check" CHECK ("custody_moves"."direction" in ('deposit', 'withdraw'))
);
--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_moves" ADD CONSTRAINT "custody_moves_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custody_moves_actor_key_uq" ON "custody_moves" USING btree ("actor_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_moves_reference_uq" ON "custody_moves" USING btree ("direction","reference");