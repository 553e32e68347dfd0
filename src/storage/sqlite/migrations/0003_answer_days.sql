-- Per answer key and day, running totals of occurrences and right answers (docs/decisions/019):
-- the lyric, song and album tables of a date range. Keyed day first, so the rows a play
-- updates (its day's) sit together at the end of the table; the index finds a key's latest
-- row up to a day. WITHOUT ROWID added by hand.
--
-- A database that already has plays gets the rows from its raw record at the next start
-- (packed answers cannot be decoded in SQL): the `meta` row below asks for it, and
-- src/runtime.ts rebuilds the counters in one transaction and deletes the row.
CREATE TABLE `cumulative_answers` (
	`key_id` integer NOT NULL,
	`day` text NOT NULL,
	`occurrences` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `key_id`),
	FOREIGN KEY (`key_id`) REFERENCES `answer_keys`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `cumulative_answers_key_day` ON `cumulative_answers` (`key_id`,`day`);
--> statement-breakpoint
INSERT INTO `meta` (`key`, `value`) SELECT 'cumulative_answers_pending', '1' WHERE EXISTS (SELECT 1 FROM `plays`);
