-- The one-field correction of each article becomes its first dated correction, dated by the
-- article's last save (when the correction was last set, or later); who wrote it is unknown.
INSERT INTO `corrections` (`article_id`, `text`, `created_at`)
SELECT `id`, trim(`correction`), `updated_at` FROM `articles` WHERE trim(`correction`) <> '';
