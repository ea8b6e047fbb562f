DROP INDEX `revision_watches_pending_idx`;--> statement-breakpoint
ALTER TABLE `revision_watches` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `revision_watches` ADD `given_up_at` integer;--> statement-breakpoint
CREATE INDEX `revision_watches_pending_idx` ON `revision_watches` (`watched_at`,`given_up_at`,`attempts`,`run_id`);