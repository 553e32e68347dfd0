-- Rate-limit windows and admin sign-in failures shared by every instance (docs/decisions/036).
-- UNLOGGED: no WAL for a row written by nearly every request; PostgreSQL empties the table after
-- a crash (never after a clean restart), which forgets the windows in the clients' favour.
CREATE UNLOGGED TABLE "rate_windows" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"reset_at" bigint NOT NULL,
	CONSTRAINT "rate_windows_pkey" PRIMARY KEY ("scope", "key")
);
