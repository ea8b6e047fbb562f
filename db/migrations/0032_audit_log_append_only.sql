-- The audit trail is never edited: no row changes, and none goes before it is 400 days old
-- (the prune job keeps at least a year).
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_keep_a_year` BEFORE DELETE ON `audit_log`
WHEN old.`at` > (unixepoch('subsec') * 1000) - 400 * 86400000 BEGIN
  SELECT RAISE(ABORT, 'audit_log rows are kept at least 400 days');
END;
