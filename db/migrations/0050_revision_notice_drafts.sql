ALTER TABLE `figure_revision_notices` ADD `draft_text` text;--> statement-breakpoint
ALTER TABLE `figure_revision_notices` ADD `drafted_at` integer;--> statement-breakpoint
ALTER TABLE `figure_revision_notices` ADD `drafted_by` integer;--> statement-breakpoint
ALTER TABLE `figure_revision_notices` ADD `drafted_by_name` text;