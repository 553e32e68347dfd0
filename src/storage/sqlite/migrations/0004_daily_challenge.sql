-- The daily challenge's counters (docs/decisions/021). WITHOUT ROWID added by hand (drizzle cannot declare it).
CREATE TABLE `daily_lines` (
	`day` text NOT NULL,
	`lyric_id` integer NOT NULL,
	`occurrences` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `lyric_id`),
	FOREIGN KEY (`lyric_id`) REFERENCES `lyrics`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `daily_players` (
	`player_id` integer NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`player_id`, `day`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `daily_scores` (
	`day` text NOT NULL,
	`score` integer NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `score`)
) WITHOUT ROWID;
