CREATE TABLE `source_visitors` (
	`day` text NOT NULL,
	`source` text NOT NULL,
	`name` text NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`day`, `source`, `name`, `visitor`)
);
--> statement-breakpoint
-- Views counted before this migration have no count of distinct visitors (0): their names
-- stay off the Readership tab, since nothing says more than one client brought them.
ALTER TABLE `source_views` ADD `visitors` integer DEFAULT 0 NOT NULL;
