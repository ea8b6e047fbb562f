CREATE TABLE `revision_watches` (
	`run_id` integer PRIMARY KEY NOT NULL,
	`requested_at` integer NOT NULL,
	`watched_at` integer,
	`notices` integer,
	FOREIGN KEY (`run_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revision_watches_pending_idx` ON `revision_watches` (`watched_at`,`run_id`);