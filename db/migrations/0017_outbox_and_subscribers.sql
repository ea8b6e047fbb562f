CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`headers` text DEFAULT '{}' NOT NULL,
	`dedupe_key` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_holder` text,
	`lease_expires_at` integer,
	`last_error` text DEFAULT '' NOT NULL,
	`message_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe_key_unique` ON `outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`daily_briefing` integer DEFAULT true NOT NULL,
	`weekly_roundup` integer DEFAULT false NOT NULL,
	`price_alerts` integer DEFAULT false NOT NULL,
	`topics` text DEFAULT '[]' NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`token_salt` text NOT NULL,
	`manage_token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_confirm_token_unique` ON `subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_manage_token_unique` ON `subscribers` (`manage_token_hash`);--> statement-breakpoint
CREATE INDEX `subscribers_status_created_idx` ON `subscribers` (`status`,`created_at`,`id`);