CREATE TABLE `release_changes` (
	`release_id` text PRIMARY KEY NOT NULL,
	`scheduled_at` integer NOT NULL,
	`starts_at` integer,
	`note` text DEFAULT '' NOT NULL,
	`sequence` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `release_changes_scheduled_idx` ON `release_changes` (`scheduled_at`);--> statement-breakpoint
CREATE INDEX `import_runs_started_idx` ON `import_runs` (`started_at`);