-- The administrator's notes on dates, drawn on the dashboard's trend (docs/decisions/037).
CREATE TABLE `annotations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`text` text NOT NULL,
	`created_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `annotations_day` ON `annotations` (`day`);