CREATE TABLE `authors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`photo_url` text,
	`links` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authors_slug_unique` ON `authors` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `authors_name_unique` ON `authors` (`name`);--> statement-breakpoint
ALTER TABLE `articles` ADD `author_id` integer REFERENCES authors(id);--> statement-breakpoint
CREATE INDEX `articles_status_author_idx` ON `articles` (`status`,`author_id`,`published_at`);--> statement-breakpoint
ALTER TABLE `categories` ADD `description` text DEFAULT '' NOT NULL;