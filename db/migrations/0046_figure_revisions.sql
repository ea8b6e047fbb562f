CREATE TABLE `figure_revisions` (
	`dataset` text NOT NULL,
	`figure` text NOT NULL,
	`period` text NOT NULL,
	`seen_at` integer NOT NULL,
	`value` real NOT NULL,
	`run_id` integer,
	`revised` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`dataset`, `figure`, `period`, `seen_at`),
	FOREIGN KEY (`run_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `figure_revisions_run_idx` ON `figure_revisions` (`run_id`,`dataset`,`figure`,`period`);--> statement-breakpoint
CREATE INDEX `figure_revisions_revised_idx` ON `figure_revisions` (`dataset`,`figure`,`period`,`seen_at`) WHERE "figure_revisions"."revised" = 1;--> statement-breakpoint
-- The state and grid figures stored so far from EIA become their first vintage, as 0037 did for
-- the market series: when an import first saw each was not recorded (seen at 0, no run). The
-- seeded samples have none.
INSERT INTO `figure_revisions` (`dataset`, `figure`, `period`, `seen_at`, `value`, `run_id`)
SELECT 'generation', `location` || '|' || `fuel`, `period`, 0, `value`, NULL FROM `generation` WHERE `source` = 'eia';--> statement-breakpoint
INSERT INTO `figure_revisions` (`dataset`, `figure`, `period`, `seen_at`, `value`, `run_id`)
SELECT 'retail', `state` || '|' || `sector`, `period`, 0, `price`, NULL FROM `retail_prices` WHERE `sample` = 0;--> statement-breakpoint
INSERT INTO `figure_revisions` (`dataset`, `figure`, `period`, `seen_at`, `value`, `run_id`)
SELECT 'grid', h.`respondent` || '|' || f.`name`, strftime('%Y-%m-%dT%H', h.`period` / 1000, 'unixepoch'), 0,
  CASE f.`name` WHEN 'demand' THEN h.`demand` WHEN 'forecast' THEN h.`forecast` WHEN 'generation' THEN h.`generation` ELSE h.`interchange` END, NULL
FROM `grid_hourly` h JOIN (SELECT 'demand' AS `name` UNION ALL SELECT 'forecast' UNION ALL SELECT 'generation' UNION ALL SELECT 'interchange') f
WHERE h.`sample` = 0
  AND CASE f.`name` WHEN 'demand' THEN h.`demand` WHEN 'forecast' THEN h.`forecast` WHEN 'generation' THEN h.`generation` ELSE h.`interchange` END IS NOT NULL;--> statement-breakpoint
INSERT INTO `figure_revisions` (`dataset`, `figure`, `period`, `seen_at`, `value`, `run_id`)
SELECT 'grid-fuel', `respondent` || '|' || `fuel`, strftime('%Y-%m-%dT%H', `period` / 1000, 'unixepoch'), 0, `value`, NULL FROM `grid_fuel_hourly` WHERE `sample` = 0;
