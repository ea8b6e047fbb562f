CREATE TABLE `article_view_totals` (
	`period` text NOT NULL,
	`article_id` integer NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`period`, `article_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_view_totals_rank_idx` ON `article_view_totals` (`period`,`views`,`article_id`);--> statement-breakpoint
CREATE INDEX `article_view_totals_article_idx` ON `article_view_totals` (`article_id`);--> statement-breakpoint
CREATE TABLE `article_views` (
	`day` text NOT NULL,
	`article_id` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `article_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_views_article_idx` ON `article_views` (`article_id`);--> statement-breakpoint
CREATE TABLE `source_views` (
	`day` text NOT NULL,
	`source` text NOT NULL,
	`name` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `source`, `name`)
);
