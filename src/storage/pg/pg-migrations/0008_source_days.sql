-- Where visits come from and the shares, counted per day (docs/decisions/040).
CREATE TABLE "source_days" (
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "source_days_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
