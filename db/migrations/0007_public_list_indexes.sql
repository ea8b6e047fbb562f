DROP INDEX `articles_category_idx`;--> statement-breakpoint
CREATE INDEX `articles_status_category_idx` ON `articles` (`status`,`category_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_status_featured_idx` ON `articles` (`status`,`featured`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_visibility_idx` ON `articles` (`id`,`status`,`published_at`,`category_id`);