CREATE TABLE `related_articles` (
	`article_id` integer NOT NULL,
	`position` integer NOT NULL,
	`related_id` integer NOT NULL,
	PRIMARY KEY(`article_id`, `position`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `related_articles_related_idx` ON `related_articles` (`related_id`);