ALTER TABLE "organisations" ADD COLUMN "lei" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "isin" text DEFAULT platform_isin(nextval('instrument_isin_seq'));--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_lei_unique" UNIQUE("lei");--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_isin_unique" UNIQUE("isin");