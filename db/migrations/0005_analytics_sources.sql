CREATE TABLE `generation` (
	`period` text NOT NULL,
	`location` text NOT NULL,
	`fuel` text NOT NULL,
	`value` real NOT NULL,
	`source` text NOT NULL,
	PRIMARY KEY(`period`, `location`, `fuel`)
);
--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`status` text NOT NULL,
	`rows` integer DEFAULT 0 NOT NULL,
	`message` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `zoho_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_sealed` text NOT NULL,
	`refresh_token_sealed` text,
	`data_centre` text DEFAULT 'US' NOT NULL,
	`energy_dashboard_url` text,
	`market_dashboard_url` text,
	`regional_dashboard_url` text,
	`forecast_dashboard_url` text,
	`energy_mix_view_id` text,
	`org_id` text,
	`access_token_sealed` text,
	`access_token_expires_at` integer,
	`last_tested_at` integer,
	`last_test_ok` integer,
	`last_test_message` text,
	`energy_mix_cache` text,
	`energy_mix_fetched_at` integer,
	`updated_at` integer NOT NULL
);
