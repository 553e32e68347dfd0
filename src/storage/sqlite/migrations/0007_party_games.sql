CREATE TABLE `party_games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`started_at_ms` integer NOT NULL,
	`ended_at_ms` integer NOT NULL,
	`lines` integer NOT NULL,
	`seconds` integer NOT NULL,
	`difficulty` text NOT NULL,
	`auto_next` integer NOT NULL,
	`players` integer NOT NULL,
	`lines_played` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `party_lines` (
	`game_id` integer NOT NULL,
	`position` integer NOT NULL,
	`lyric_id` integer NOT NULL,
	`correct_song_id` integer NOT NULL,
	`skipped` integer NOT NULL,
	`answered` integer NOT NULL,
	`correct` integer NOT NULL,
	PRIMARY KEY(`game_id`, `position`),
	FOREIGN KEY (`game_id`) REFERENCES `party_games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `party_lines_lyric` ON `party_lines` (`lyric_id`);--> statement-breakpoint
CREATE TABLE `party_players` (
	`game_id` integer NOT NULL,
	`place` integer NOT NULL,
	`rank` integer NOT NULL,
	`nickname` text NOT NULL,
	`points` integer NOT NULL,
	`correct` integer NOT NULL,
	`answers` text NOT NULL,
	PRIMARY KEY(`game_id`, `place`),
	FOREIGN KEY (`game_id`) REFERENCES `party_games`(`id`) ON UPDATE no action ON DELETE cascade
);
