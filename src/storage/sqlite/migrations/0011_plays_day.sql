-- The dashboard's filtered reads find the plays of a range by day (docs/decisions/039).
CREATE INDEX `plays_day` ON `plays` (`day`);
