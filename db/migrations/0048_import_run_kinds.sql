DROP INDEX `import_runs_started_idx`;--> statement-breakpoint
ALTER TABLE `import_runs` ADD `kind` text DEFAULT 'eia' NOT NULL;--> statement-breakpoint
CREATE INDEX `import_runs_kind_started_idx` ON `import_runs` (`kind`,`started_at`);--> statement-breakpoint
-- Grid imports kept no run before: each set of grid vintages one import wrote (one instant, as an
-- import sees all its figures at once) becomes a finished grid run of that instant, and its
-- vintages name it. Those stored before vintages were kept (seen at 0) stay without a run.
INSERT INTO `import_runs` (`kind`, `started_at`, `finished_at`, `status`, `trigger`, `rows`, `message`)
SELECT 'grid', `seen_at`, `seen_at`, 'succeeded', 'scheduled', count(*), 'Grid import recorded before grid runs were kept: only its vintages are known.'
FROM `figure_revisions` WHERE `dataset` IN ('grid', 'grid-fuel') AND `run_id` IS NULL AND `seen_at` > 0
GROUP BY `seen_at` ORDER BY `seen_at`;--> statement-breakpoint
UPDATE `figure_revisions` SET `run_id` = (
  SELECT r.`id` FROM `import_runs` r WHERE r.`kind` = 'grid' AND r.`started_at` = `figure_revisions`.`seen_at`
)
WHERE `dataset` IN ('grid', 'grid-fuel') AND `run_id` IS NULL AND `seen_at` > 0;
