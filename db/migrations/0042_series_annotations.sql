CREATE TABLE `series_annotations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`series_id` integer NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text,
	`label` text NOT NULL,
	`article_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`series_id`) REFERENCES `market_series`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `series_annotations_series_idx` ON `series_annotations` (`series_id`,`starts_on`,`id`);--> statement-breakpoint
CREATE INDEX `series_annotations_article_idx` ON `series_annotations` (`article_id`);