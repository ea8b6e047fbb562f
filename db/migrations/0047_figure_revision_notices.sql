CREATE TABLE `figure_revision_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`series_slug` text NOT NULL,
	`period` text NOT NULL,
	`value_as_published` real NOT NULL,
	`previous_value` real NOT NULL,
	`value` real NOT NULL,
	`run_id` integer,
	`revised_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`correction_id` integer,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`correction_id`) REFERENCES `corrections`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `figure_revision_notices_unique` ON `figure_revision_notices` (`article_id`,`series_slug`,`period`,`revised_at`);--> statement-breakpoint
CREATE INDEX `figure_revision_notices_open_idx` ON `figure_revision_notices` (`correction_id`,`id`);--> statement-breakpoint
CREATE INDEX `figure_revision_notices_article_idx` ON `figure_revision_notices` (`article_id`,`id`);