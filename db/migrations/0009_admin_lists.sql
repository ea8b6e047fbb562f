CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `articles_time_idx` ON `articles` (`published_at`);--> statement-breakpoint
CREATE INDEX `articles_category_time_idx` ON `articles` (`category_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_title_idx` ON `articles` (`title`);--> statement-breakpoint
CREATE INDEX `comments_moderation_idx` ON `comments` (`approved`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_time_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_handled_idx` ON `contact_messages` (`handled`,`created_at`);