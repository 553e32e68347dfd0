-- Where visits come from and the shares, counted per day (docs/decisions/040).
CREATE TABLE `source_days` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `kind`, `key`)
);
