CREATE TABLE `retail_sales` (
	`state` text NOT NULL,
	`sector` text NOT NULL,
	`period` text NOT NULL,
	`value` real NOT NULL,
	`sample` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`state`, `sector`, `period`)
);
