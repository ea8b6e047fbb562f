CREATE TABLE `article_citations` (
	`article_id` integer NOT NULL,
	`position` integer NOT NULL,
	`element` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`period` text,
	`value_as_published` real,
	PRIMARY KEY(`article_id`, `position`, `kind`, `key`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_citations_data_idx` ON `article_citations` (`kind`,`key`,`period`,`article_id`,`value_as_published`);