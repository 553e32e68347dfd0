CREATE TABLE `album_stats` (
	`album_id` integer PRIMARY KEY NOT NULL,
	`occurrences` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `hour_players` (
	`hour` integer NOT NULL,
	`player_id` integer NOT NULL,
	PRIMARY KEY(`hour`, `player_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `hour_stats` (
	`hour` integer PRIMARY KEY NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`unique_players` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lyric_stats` (
	`lyric_id` integer PRIMARY KEY NOT NULL,
	`occurrences` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`lyric_id`) REFERENCES `lyrics`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `play_answers` (
	`play_id` integer NOT NULL,
	`position` integer NOT NULL,
	`lyric_id` integer NOT NULL,
	`song_id` integer NOT NULL,
	`album_id` integer NOT NULL,
	`selected_song_id` integer NOT NULL,
	`is_correct` integer NOT NULL,
	PRIMARY KEY(`play_id`, `position`),
	FOREIGN KEY (`play_id`) REFERENCES `plays`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lyric_id`) REFERENCES `lyrics`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`selected_song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`hash` text NOT NULL,
	`first_seen` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_hash_unique` ON `players` (`hash`);--> statement-breakpoint
CREATE TABLE `plays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nonce` text NOT NULL,
	`player_id` integer NOT NULL,
	`score` integer NOT NULL,
	`total_questions` integer NOT NULL,
	`created_at` integer NOT NULL,
	`hour` integer NOT NULL,
	`device_info` text NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plays_nonce_unique` ON `plays` (`nonce`);--> statement-breakpoint
CREATE INDEX `plays_player` ON `plays` (`player_id`);--> statement-breakpoint
CREATE TABLE `score_stats` (
	`score` integer PRIMARY KEY NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `song_stats` (
	`song_id` integer PRIMARY KEY NOT NULL,
	`occurrences` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `totals` (
	`id` integer PRIMARY KEY NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	`players` integer DEFAULT 0 NOT NULL,
	`answers` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	`score_sum` integer DEFAULT 0 NOT NULL
);
