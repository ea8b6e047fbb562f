CREATE TABLE `mail_charts` (
	`key` text PRIMARY KEY NOT NULL,
	`stored_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_images_idx` ON `outbox` (`status`,`created_at`) WHERE "outbox"."inline_images" <> '[]';