-- Per line, wrong song picked and day, running totals of the times picked (docs/decisions/024):
-- the confusions of a date range. Keyed day first like cumulative_answers (0003); the index
-- finds a pair's latest row up to a day. WITHOUT ROWID added by hand.
--
-- A database that already has plays gets the rows from its raw record at the next start
-- (packed answers cannot be decoded in SQL): the `meta` row below asks for it, and
-- src/runtime.ts rebuilds the counters in one transaction and deletes the row.
CREATE TABLE `cumulative_confusions` (
	`lyric_id` integer NOT NULL,
	`selected_song_id` integer NOT NULL,
	`day` text NOT NULL,
	`times` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `lyric_id`, `selected_song_id`),
	FOREIGN KEY (`lyric_id`) REFERENCES `lyrics`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`selected_song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `cumulative_confusions_pair_day` ON `cumulative_confusions` (`lyric_id`,`selected_song_id`,`day`);
--> statement-breakpoint
INSERT INTO `meta` (`key`, `value`) SELECT 'cumulative_confusions_pending', '1' WHERE EXISTS (SELECT 1 FROM `plays`);
