-- Full-text search over articles (title, excerpt, plain-text body), kept in sync by triggers.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
  `title`, `excerpt`, `content_text`,
  content='articles', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_ai` AFTER INSERT ON `articles` BEGIN
  INSERT INTO `articles_fts`(rowid, `title`, `excerpt`, `content_text`)
  VALUES (new.`id`, new.`title`, new.`excerpt`, new.`content_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_ad` AFTER DELETE ON `articles` BEGIN
  INSERT INTO `articles_fts`(`articles_fts`, rowid, `title`, `excerpt`, `content_text`)
  VALUES ('delete', old.`id`, old.`title`, old.`excerpt`, old.`content_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_au` AFTER UPDATE OF `title`, `excerpt`, `content_text` ON `articles` BEGIN
  INSERT INTO `articles_fts`(`articles_fts`, rowid, `title`, `excerpt`, `content_text`)
  VALUES ('delete', old.`id`, old.`title`, old.`excerpt`, old.`content_text`);
  INSERT INTO `articles_fts`(rowid, `title`, `excerpt`, `content_text`)
  VALUES (new.`id`, new.`title`, new.`excerpt`, new.`content_text`);
END;
