CREATE TABLE `page_purges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tags` text NOT NULL,
	`created_at` integer NOT NULL,
	`shared_at` integer
);
--> statement-breakpoint
CREATE INDEX `page_purges_unshared_idx` ON `page_purges` (`id`) WHERE "page_purges"."shared_at" IS NULL;--> statement-breakpoint
CREATE INDEX `page_purges_created_idx` ON `page_purges` (`created_at`);