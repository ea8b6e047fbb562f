-- No stored reader mail keeps a usable link: the token of a confirmation, preferences or
-- unsubscribe link (43 characters after `?token=`, one token a message, in its text, HTML and
-- List-Unsubscribe header) is replaced by `made-at-sending`, and a message still waiting to be
-- sent gets its link from the mail job when it sends it (`outbox.link`, the subscriber in
-- `link_ref`: a new confirmation token, or the subscriber's manage token). Links already in
-- readers' mailboxes keep working (their hashes stay on the subscriber). The test send's
-- links (kind `test`) are no secret and stay.
UPDATE `outbox` SET
  `text_body` = replace(`text_body`, substr(`text_body`, instr(`text_body`, '?token=') + 7, 43), 'made-at-sending'),
  `html_body` = CASE WHEN `html_body` IS NULL THEN NULL
    ELSE replace(`html_body`, substr(`text_body`, instr(`text_body`, '?token=') + 7, 43), 'made-at-sending') END,
  `headers` = replace(`headers`, substr(`text_body`, instr(`text_body`, '?token=') + 7, 43), 'made-at-sending'),
  `link` = CASE WHEN `status` <> 'pending' THEN NULL
    WHEN instr(`text_body`, '/newsletter/confirm?token=') > 0 THEN 'newsletter-confirm' ELSE 'newsletter-manage' END,
  `link_ref` = CASE WHEN `status` <> 'pending' THEN NULL
    ELSE (SELECT `id` FROM `subscribers` WHERE `subscribers`.`email` = lower(`outbox`.`to_address`)) END
WHERE `kind` NOT IN ('staff', 'test') AND `link` IS NULL
  AND (instr(`text_body`, '/newsletter/confirm?token=') > 0
    OR instr(`text_body`, '/newsletter/preferences?token=') > 0
    OR instr(`text_body`, '/newsletter/unsubscribe?token=') > 0)
  AND substr(`text_body`, instr(`text_body`, '?token=') + 7, 15) <> 'made-at-sending';
