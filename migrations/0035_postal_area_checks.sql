-- Whether a postal code belongs to a district, as the courier aggregator's area search answered
-- (worker/src/shipping/postal-area.ts): one row per (district, postal code), so a checkout asks
-- the aggregator once per address, not per quote. Rows older than POSTAL_AREA_KEEP_MS are not
-- used and the Cron deletes them (worker/src/lib/cleanup.ts), through postal_area_checks_age.
CREATE TABLE postal_area_checks (
  district_code TEXT NOT NULL CHECK (district_code GLOB '[0-9][0-9].[0-9][0-9].[0-9][0-9]'),
  postal_code TEXT NOT NULL CHECK (postal_code GLOB '[1-9][0-9][0-9][0-9][0-9]'),
  fits INTEGER NOT NULL CHECK (fits IN (0, 1)),
  checked_at TEXT NOT NULL,
  PRIMARY KEY (district_code, postal_code)
) WITHOUT ROWID;
CREATE INDEX postal_area_checks_age ON postal_area_checks (checked_at);
