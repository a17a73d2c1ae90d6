CREATE TABLE "cluster_members" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instrument_leases" (
	"instrument_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"epoch" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instrument_leases" ADD CONSTRAINT "instrument_leases_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cluster_members_heartbeat_idx" ON "cluster_members" USING btree ("heartbeat_at");--> statement-breakpoint
CREATE INDEX "instrument_leases_expires_idx" ON "instrument_leases" USING btree ("expires_at");--> statement-breakpoint
-- Fencing for instrument ownership (docs/decisions 0029): a batch write carries a CTE
-- `update instrument_leases set epoch = epoch where instrument_fence(instrument_id = <id>,
-- owner = <me> and epoch = <my epoch>)`. On its row the check raises MR002 unless this
-- writer still holds the lease, which rolls the whole statement back; the update also
-- locks the lease row until commit, so a takeover (which raises the epoch) waits for an
-- in-flight write and the new owner's rebuild sees it.
CREATE FUNCTION instrument_fence(this_row boolean, holder boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF this_row IS NOT TRUE THEN
    RETURN false;
  END IF;
  IF holder IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'MR002', MESSAGE = 'instrument lease lost: another instance owns this book now';
  END IF;
  RETURN true;
END
$$;
