-- Authors as records: one per distinct free-text author of the existing articles, each
-- article then pointing at its author. Slugs come from the name (lowercase, words joined
-- by hyphens); a name that gives no clean or no unique slug gets `author-<id>`.
INSERT INTO `authors` (`slug`, `name`)
SELECT 'author-pending-' || row_number() OVER (ORDER BY `author`), `author`
FROM (SELECT DISTINCT `author` FROM `articles` WHERE trim(`author`) <> '' AND `author` NOT IN (SELECT `name` FROM `authors`));
--> statement-breakpoint
UPDATE `authors` SET `slug` = 'author-' || `id` WHERE `slug` LIKE 'author-pending-%';
--> statement-breakpoint
WITH `candidates` AS (
  SELECT `id`, trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
           lower(trim(`name`)), ' ', '-'), '.', ''), ',', ''), '''', ''), '&', 'and'), '/', '-'), '_', '-'), '---', '-'), '--', '-'), '--', '-'), '-') AS `slug`
  FROM `authors` WHERE `slug` = 'author-' || `id`
)
UPDATE `authors` SET `slug` = (SELECT `c`.`slug` FROM `candidates` `c` WHERE `c`.`id` = `authors`.`id`)
WHERE `id` IN (
  SELECT `c`.`id` FROM `candidates` `c`
  WHERE `c`.`slug` <> '' AND `c`.`slug` NOT GLOB '*[^a-z0-9-]*'
    AND (SELECT count(*) FROM `candidates` `d` WHERE `d`.`slug` = `c`.`slug`) = 1
    AND NOT EXISTS (SELECT 1 FROM `authors` `a` WHERE `a`.`slug` = `c`.`slug`)
);
--> statement-breakpoint
UPDATE `articles` SET `author_id` = (SELECT `id` FROM `authors` WHERE `authors`.`name` = `articles`.`author`) WHERE `author_id` IS NULL;
--> statement-breakpoint
-- The six known topics get a short description the editor can change in the panel.
UPDATE `categories` SET `description` = CASE `slug`
  WHEN 'oil-gas' THEN 'Crude, natural gas and refined products: drilling and output, pipelines and LNG, and the prices that move with them.'
  WHEN 'renewables' THEN 'Solar, wind, storage, geothermal and hydro: projects, costs and the grid connections they wait for.'
  WHEN 'utilities' THEN 'Power companies and grid operators: rates, demand, reliability and the investment behind the wires.'
  WHEN 'nuclear' THEN 'The reactor fleet, new builds and small modular designs, fuel supply and the rules that govern them.'
  WHEN 'coal' THEN 'Coal production, exports and plant retirements, and the communities and markets they affect.'
  WHEN 'policy-regulation' THEN 'Federal and state energy policy: legislation, FERC and EPA rules, permits and the courts.'
  ELSE `description` END
WHERE `description` = '';
