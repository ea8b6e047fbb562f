ALTER TABLE `market_value_revisions` ADD `revised` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- A vintage stored so far is a revision when an earlier one of its period exists.
UPDATE `market_value_revisions` SET `revised` = 1 WHERE EXISTS (
	SELECT 1 FROM `market_value_revisions` p
	WHERE p.`series_id` = `market_value_revisions`.`series_id` AND p.`period` = `market_value_revisions`.`period` AND p.`seen_at` < `market_value_revisions`.`seen_at`
);--> statement-breakpoint
CREATE INDEX `market_value_revisions_run_idx` ON `market_value_revisions` (`run_id`,`series_id`,`period`);--> statement-breakpoint
CREATE INDEX `market_value_revisions_revised_idx` ON `market_value_revisions` (`series_id`,`period`,`seen_at`) WHERE "market_value_revisions"."revised" = 1;
