CREATE TABLE `release_briefs` (
	`release_id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`series_slug` text NOT NULL,
	`period` text NOT NULL,
	`article_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `release_briefs_series_period_unique` ON `release_briefs` (`series_slug`,`period`);