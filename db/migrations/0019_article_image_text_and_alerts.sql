CREATE TABLE `subscriber_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriber_id` integer NOT NULL,
	`series_slug` text NOT NULL,
	`kind` text NOT NULL,
	`value` real NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriber_alerts_series_idx` ON `subscriber_alerts` (`series_slug`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `subscriber_alerts_subscriber_idx` ON `subscriber_alerts` (`subscriber_id`);--> statement-breakpoint
ALTER TABLE `articles` ADD `image_alt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `image_caption` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `image_credit` text DEFAULT '' NOT NULL;