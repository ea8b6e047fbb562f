ALTER TABLE `outbox` ADD `link` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `link_ref` integer;--> statement-breakpoint
-- No stored staff mail keeps a usable link: the token in each body (32 characters after
-- `#token=`) is replaced, and a message still waiting to be sent is made again with a fresh
-- link by the mail job when it sends it (`outbox.link`).
UPDATE `outbox` SET `link` = 'password-reset'
WHERE `kind` = 'staff' AND `status` = 'pending' AND instr(`text_body`, '/admin/reset-password#token=') > 0;
--> statement-breakpoint
UPDATE `outbox` SET `link` = 'invitation', `link_ref` = CAST(substr(`dedupe_key`, 12) AS INTEGER)
WHERE `kind` = 'staff' AND `status` = 'pending' AND `dedupe_key` LIKE 'invitation:%';
--> statement-breakpoint
UPDATE `outbox` SET `text_body` = replace(`text_body`, substr(`text_body`, instr(`text_body`, '#token=') + 7, 32), 'removed')
WHERE `kind` = 'staff' AND instr(`text_body`, '#token=') > 0;
--> statement-breakpoint
UPDATE `outbox` SET `html_body` = replace(`html_body`, substr(`html_body`, instr(`html_body`, '#token=') + 7, 32), 'removed')
WHERE `kind` = 'staff' AND instr(`html_body`, '#token=') > 0;
--> statement-breakpoint
-- The trail's delete guard read the clock with unixepoch('subsec'), which SQLite before 3.42
-- does not know (it answers NULL there, so the guard let every delete through): the clock is
-- read with julianday('now'), known to every SQLite, and a guard that cannot tell refuses.
DROP TRIGGER IF EXISTS `audit_log_keep_a_year`;
--> statement-breakpoint
CREATE TRIGGER `audit_log_keep_a_year` BEFORE DELETE ON `audit_log`
WHEN coalesce(old.`at` > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 400 * 86400000, 1) BEGIN
  SELECT RAISE(ABORT, 'audit_log rows are kept at least 400 days');
END;
