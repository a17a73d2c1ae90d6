CREATE TABLE "fx_reference_rates" (
	"rate_date" date PRIMARY KEY NOT NULL,
	"usd" numeric(18, 8),
	"gbp" numeric(18, 8),
	"jpy" numeric(18, 8),
	"chf" numeric(18, 8),
	"cad" numeric(18, 8),
	"aud" numeric(18, 8),
	"cny" numeric(18, 8),
	"hkd" numeric(18, 8),
	"sgd" numeric(18, 8),
	CONSTRAINT "fx_reference_rates_positive" CHECK (least("fx_reference_rates"."usd", "fx_reference_rates"."gbp", "fx_reference_rates"."jpy", "fx_reference_rates"."chf", "fx_reference_rates"."cad", "fx_reference_rates"."aud", "fx_reference_rates"."cny", "fx_reference_rates"."hkd", "fx_reference_rates"."sgd") > 0)
);
--> statement-breakpoint
CREATE TABLE "treasury_par_yields" (
	"curve_date" date PRIMARY KEY NOT NULL,
	"m1" numeric(8, 4),
	"m1_5" numeric(8, 4),
	"m2" numeric(8, 4),
	"m3" numeric(8, 4),
	"m4" numeric(8, 4),
	"m6" numeric(8, 4),
	"y1" numeric(8, 4),
	"y2" numeric(8, 4),
	"y3" numeric(8, 4),
	"y5" numeric(8, 4),
	"y7" numeric(8, 4),
	"y10" numeric(8, 4),
	"y20" numeric(8, 4),
	"y30" numeric(8, 4)
);
