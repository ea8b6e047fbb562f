CREATE TABLE `grid_fuel_hourly` (
	`respondent` text NOT NULL,
	`period` integer NOT NULL,
	`fuel` text NOT NULL,
	`value` real NOT NULL,
	`sample` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`respondent`, `period`, `fuel`)
);
--> statement-breakpoint
CREATE TABLE `grid_hourly` (
	`respondent` text NOT NULL,
	`period` integer NOT NULL,
	`demand` real,
	`forecast` real,
	`generation` real,
	`interchange` real,
	`sample` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`respondent`, `period`)
);
--> statement-breakpoint
CREATE INDEX `grid_hourly_record_idx` ON `grid_hourly` (`respondent`,`demand`);--> statement-breakpoint
CREATE TABLE `retail_prices` (
	`state` text NOT NULL,
	`sector` text NOT NULL,
	`period` text NOT NULL,
	`price` real NOT NULL,
	`sample` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`state`, `sector`, `period`)
);
--> statement-breakpoint
CREATE INDEX `retail_prices_sector_period_idx` ON `retail_prices` (`sector`,`period`,`state`);