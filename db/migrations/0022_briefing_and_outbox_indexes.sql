CREATE INDEX `outbox_kind_created_idx` ON `outbox` (`kind`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_status_created_idx` ON `outbox` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_to_created_idx` ON `outbox` (`to_address`,`created_at`,`id`);