CREATE TABLE `market_value_revisions` (
	`series_id` integer NOT NULL,
	`period` text NOT NULL,
	`seen_at` integer NOT NULL,
	`value` real NOT NULL,
	`run_id` integer,
	PRIMARY KEY(`series_id`, `period`, `seen_at`),
	FOREIGN KEY (`series_id`) REFERENCES `market_series`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- The figures stored so far from EIA become their first vintage. When an import first saw
-- each of them was not recorded, so they are marked as stored before vintages were kept
-- (seen at 0, no run). Seeded sample series have no vintages.
INSERT INTO `market_value_revisions` (`series_id`, `period`, `seen_at`, `value`, `run_id`)
SELECT o.`series_id`, o.`period`, 0, o.`value`, NULL
FROM `market_observations` o JOIN `market_series` s ON s.`id` = o.`series_id`
WHERE s.`source` LIKE 'eia:%';
