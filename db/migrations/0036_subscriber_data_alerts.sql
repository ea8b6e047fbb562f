CREATE TABLE `subscriber_data_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriber_id` integer NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`value` real,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriber_data_alerts_subject_idx` ON `subscriber_data_alerts` (`subject`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `subscriber_data_alerts_subscriber_idx` ON `subscriber_data_alerts` (`subscriber_id`);