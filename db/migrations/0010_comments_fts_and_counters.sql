-- Full-text search over comments for moderation (text, author name and e-mail), kept in sync by triggers.
CREATE VIRTUAL TABLE `comments_fts` USING fts5(
  `content`, `author_name`, `author_email`,
  content='comments', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `comments_fts`(`comments_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `comments_fts_ai` AFTER INSERT ON `comments` BEGIN
  INSERT INTO `comments_fts`(rowid, `content`, `author_name`, `author_email`) VALUES (new.`id`, new.`content`, new.`author_name`, new.`author_email`);
END;
--> statement-breakpoint
CREATE TRIGGER `comments_fts_ad` AFTER DELETE ON `comments` BEGIN
  INSERT INTO `comments_fts`(`comments_fts`, rowid, `content`, `author_name`, `author_email`) VALUES ('delete', old.`id`, old.`content`, old.`author_name`, old.`author_email`);
END;
--> statement-breakpoint
CREATE TRIGGER `comments_fts_au` AFTER UPDATE OF `content`, `author_name`, `author_email` ON `comments` BEGIN
  INSERT INTO `comments_fts`(`comments_fts`, rowid, `content`, `author_name`, `author_email`) VALUES ('delete', old.`id`, old.`content`, old.`author_name`, old.`author_email`);
  INSERT INTO `comments_fts`(rowid, `content`, `author_name`, `author_email`) VALUES (new.`id`, new.`content`, new.`author_name`, new.`author_email`);
END;
--> statement-breakpoint
-- Running totals for the admin: counted once here, then kept by triggers.
INSERT INTO `counters` (`name`, `value`) VALUES
  ('comments_pending', (SELECT count(*) FROM `comments` WHERE `approved` = 0)),
  ('comments_approved', (SELECT count(*) FROM `comments` WHERE `approved` = 1)),
  ('messages_unhandled', (SELECT count(*) FROM `contact_messages` WHERE `handled` = 0)),
  ('messages_handled', (SELECT count(*) FROM `contact_messages` WHERE `handled` = 1));
--> statement-breakpoint
CREATE TRIGGER `comments_count_ai` AFTER INSERT ON `comments` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = CASE WHEN new.`approved` THEN 'comments_approved' ELSE 'comments_pending' END;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_ad` AFTER DELETE ON `comments` BEGIN
  UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = CASE WHEN old.`approved` THEN 'comments_approved' ELSE 'comments_pending' END;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_au` AFTER UPDATE OF `approved` ON `comments` WHEN old.`approved` <> new.`approved` BEGIN
  UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = CASE WHEN old.`approved` THEN 'comments_approved' ELSE 'comments_pending' END;
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = CASE WHEN new.`approved` THEN 'comments_approved' ELSE 'comments_pending' END;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_count_ai` AFTER INSERT ON `contact_messages` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = CASE WHEN new.`handled` THEN 'messages_handled' ELSE 'messages_unhandled' END;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_count_ad` AFTER DELETE ON `contact_messages` BEGIN
  UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = CASE WHEN old.`handled` THEN 'messages_handled' ELSE 'messages_unhandled' END;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_count_au` AFTER UPDATE OF `handled` ON `contact_messages` WHEN old.`handled` <> new.`handled` BEGIN
  UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = CASE WHEN old.`handled` THEN 'messages_handled' ELSE 'messages_unhandled' END;
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = CASE WHEN new.`handled` THEN 'messages_handled' ELSE 'messages_unhandled' END;
END;
