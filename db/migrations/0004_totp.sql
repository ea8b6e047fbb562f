CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `totp_key` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_pending_key` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer;