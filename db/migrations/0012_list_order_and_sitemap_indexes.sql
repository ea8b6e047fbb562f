CREATE INDEX `articles_status_title_idx` ON `articles` (`status`,`title`,`id`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_category_title_idx` ON `articles` (`category_id`,`title`,`id`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_sitemap_idx` ON `articles` (`status`,`published_at`,`id`,`slug`,`updated_at`);--> statement-breakpoint
CREATE INDEX `comments_article_time_idx` ON `comments` (`article_id`,`created_at`);