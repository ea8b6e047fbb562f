-- One table of vintages for every kind of figure: the market series' vintages move into
-- `figure_revisions` as dataset 'market', figure the series' id, every column as it was (when
-- seen, by which run, whether a revision), and their own table goes.
INSERT INTO `figure_revisions` (`dataset`, `figure`, `period`, `seen_at`, `value`, `run_id`, `revised`)
SELECT 'market', CAST(`series_id` AS TEXT), `period`, `seen_at`, `value`, `run_id`, `revised` FROM `market_value_revisions`;--> statement-breakpoint
DROP TABLE `market_value_revisions`;
