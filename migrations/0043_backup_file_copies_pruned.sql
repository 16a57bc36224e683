-- 0043 Copies of deleted files pruned at the backup destination.
--
-- Copies of deleted files at the backup destination are pruned with the base backups (issue 34,
-- left from its first landing): a stored file version whose row is gone is remembered as gone
-- from the first time a prune sees it, and its copy is deleted once the oldest base backup kept
-- at that destination started after that time, when no restore to any moment still reachable
-- can name it. Until then a restore to before the delete finds it.

ALTER TABLE kanisa.backup_file_copies ADD COLUMN gone_at timestamptz;
COMMENT ON COLUMN kanisa.backup_file_copies.gone_at IS
  'When a prune first found this version no longer in storage.objects (the file was deleted or replaced at or before it); the copy is deleted once the oldest kept base backup started after it.';
CREATE INDEX backup_file_copies_gone ON kanisa.backup_file_copies (destination, gone_at)
  WHERE gone_at IS NOT NULL;
