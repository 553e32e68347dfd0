-- The compact raw record, per-day counters, confusions and devices (docs/decisions/014).
-- Written by hand: drizzle-kit cannot express the renames below, nor WITHOUT ROWID.
--
-- The old raw record (one row per play, one row per answer) is renamed, not dropped:
-- at start, `kviz` converts every old play into the new `plays` table, rebuilds every
-- counter from it and drops the renamed tables, all in one transaction
-- (src/stats/sqlite/legacy-record.ts). Interrupted, it leaves them as they are and
-- runs again at the next start.
ALTER TABLE `plays` RENAME TO `legacy_plays`;
--> statement-breakpoint
ALTER TABLE `play_answers` RENAME TO `legacy_play_answers`;
--> statement-breakpoint
DROP INDEX `plays_nonce_unique`;
--> statement-breakpoint
DROP INDEX `plays_player`;
--> statement-breakpoint
-- Counters whose key changes: rebuilt from the raw record by the conversion.
DROP TABLE `score_stats`;
--> statement-breakpoint
DROP TABLE `hour_players`;
--> statement-breakpoint
CREATE TABLE `score_stats` (
	`difficulty` text NOT NULL,
	`score` integer NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`difficulty`, `score`)
);
--> statement-breakpoint
CREATE TABLE `hour_players` (
	`hour` integer NOT NULL,
	`player_id` integer NOT NULL,
	PRIMARY KEY(`hour`, `player_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `answer_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lyric_id` integer NOT NULL,
	`song_id` integer NOT NULL,
	`album_id` integer NOT NULL,
	FOREIGN KEY (`lyric_id`) REFERENCES `lyrics`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answer_keys_lyric_song_album` ON `answer_keys` (`lyric_id`,`song_id`,`album_id`);
--> statement-breakpoint
CREATE TABLE `plays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nonce` blob NOT NULL,
	`player_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`day` text NOT NULL,
	`hour` integer NOT NULL,
	`difficulty` integer NOT NULL,
	`device_class` integer NOT NULL,
	`browser` integer NOT NULL,
	`score` integer NOT NULL,
	`total_questions` integer NOT NULL,
	`answers` blob NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plays_nonce_unique` ON `plays` (`nonce`);
--> statement-breakpoint
CREATE TABLE `cumulative_days` (
	`day` text PRIMARY KEY NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	`players` integer DEFAULT 0 NOT NULL,
	`new_players` integer DEFAULT 0 NOT NULL,
	`answers` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	`score_sum` integer DEFAULT 0 NOT NULL,
	`h00` integer DEFAULT 0 NOT NULL,
	`h01` integer DEFAULT 0 NOT NULL,
	`h02` integer DEFAULT 0 NOT NULL,
	`h03` integer DEFAULT 0 NOT NULL,
	`h04` integer DEFAULT 0 NOT NULL,
	`h05` integer DEFAULT 0 NOT NULL,
	`h06` integer DEFAULT 0 NOT NULL,
	`h07` integer DEFAULT 0 NOT NULL,
	`h08` integer DEFAULT 0 NOT NULL,
	`h09` integer DEFAULT 0 NOT NULL,
	`h10` integer DEFAULT 0 NOT NULL,
	`h11` integer DEFAULT 0 NOT NULL,
	`h12` integer DEFAULT 0 NOT NULL,
	`h13` integer DEFAULT 0 NOT NULL,
	`h14` integer DEFAULT 0 NOT NULL,
	`h15` integer DEFAULT 0 NOT NULL,
	`h16` integer DEFAULT 0 NOT NULL,
	`h17` integer DEFAULT 0 NOT NULL,
	`h18` integer DEFAULT 0 NOT NULL,
	`h19` integer DEFAULT 0 NOT NULL,
	`h20` integer DEFAULT 0 NOT NULL,
	`h21` integer DEFAULT 0 NOT NULL,
	`h22` integer DEFAULT 0 NOT NULL,
	`h23` integer DEFAULT 0 NOT NULL,
	`device_phone` integer DEFAULT 0 NOT NULL,
	`device_tablet` integer DEFAULT 0 NOT NULL,
	`device_desktop` integer DEFAULT 0 NOT NULL,
	`device_other` integer DEFAULT 0 NOT NULL,
	`browser_chrome` integer DEFAULT 0 NOT NULL,
	`browser_safari` integer DEFAULT 0 NOT NULL,
	`browser_firefox` integer DEFAULT 0 NOT NULL,
	`browser_edge` integer DEFAULT 0 NOT NULL,
	`browser_samsung` integer DEFAULT 0 NOT NULL,
	`browser_opera` integer DEFAULT 0 NOT NULL,
	`browser_other` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cumulative_scores` (
	`difficulty` text NOT NULL,
	`day` text NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	`score_sum` integer DEFAULT 0 NOT NULL,
	`s00` integer DEFAULT 0 NOT NULL,
	`s01` integer DEFAULT 0 NOT NULL,
	`s02` integer DEFAULT 0 NOT NULL,
	`s03` integer DEFAULT 0 NOT NULL,
	`s04` integer DEFAULT 0 NOT NULL,
	`s05` integer DEFAULT 0 NOT NULL,
	`s06` integer DEFAULT 0 NOT NULL,
	`s07` integer DEFAULT 0 NOT NULL,
	`s08` integer DEFAULT 0 NOT NULL,
	`s09` integer DEFAULT 0 NOT NULL,
	`s10` integer DEFAULT 0 NOT NULL,
	`s11` integer DEFAULT 0 NOT NULL,
	`s12` integer DEFAULT 0 NOT NULL,
	`s13` integer DEFAULT 0 NOT NULL,
	`s14` integer DEFAULT 0 NOT NULL,
	`s15` integer DEFAULT 0 NOT NULL,
	`s16` integer DEFAULT 0 NOT NULL,
	`s17` integer DEFAULT 0 NOT NULL,
	`s18` integer DEFAULT 0 NOT NULL,
	`s19` integer DEFAULT 0 NOT NULL,
	`s20` integer DEFAULT 0 NOT NULL,
	`s21` integer DEFAULT 0 NOT NULL,
	`s22` integer DEFAULT 0 NOT NULL,
	`s23` integer DEFAULT 0 NOT NULL,
	`s24` integer DEFAULT 0 NOT NULL,
	`s25` integer DEFAULT 0 NOT NULL,
	`s26` integer DEFAULT 0 NOT NULL,
	`s27` integer DEFAULT 0 NOT NULL,
	`s28` integer DEFAULT 0 NOT NULL,
	`s29` integer DEFAULT 0 NOT NULL,
	`s30` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`difficulty`, `day`)
);
--> statement-breakpoint
CREATE TABLE `day_players` (
	`day` text NOT NULL,
	`player_id` integer NOT NULL,
	PRIMARY KEY(`day`, `player_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `cumulative_quizzes` (
	`day` text PRIMARY KEY NOT NULL,
	`issued` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lyric_confusions` (
	`lyric_id` integer NOT NULL,
	`selected_song_id` integer NOT NULL,
	`times` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`lyric_id`, `selected_song_id`),
	FOREIGN KEY (`lyric_id`) REFERENCES `lyrics`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`selected_song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `song_confusions` (
	`song_id` integer NOT NULL,
	`selected_song_id` integer NOT NULL,
	`times` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`song_id`, `selected_song_id`),
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`selected_song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
