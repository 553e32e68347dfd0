-- docs/decisions/025: the id of the last play whose per-line, per-song and per-album counters,
-- confusions and per-key day totals are written. Every play before this migration was counted in
-- its own transaction.
INSERT OR IGNORE INTO `meta` (`key`, `value`) SELECT 'counters_counted_through', CAST(coalesce(max(`id`), 0) AS TEXT) FROM `plays`;
