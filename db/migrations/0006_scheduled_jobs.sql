CREATE TABLE `scheduled_jobs` (
	`name` text PRIMARY KEY NOT NULL,
	`next_run_at` integer NOT NULL,
	`lease_holder` text,
	`lease_expires_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_started_at` integer,
	`last_finished_at` integer,
	`last_status` text,
	`last_message` text DEFAULT '' NOT NULL
);
