-- One image shown by two places (issue 31 item 13): removing it from race A while it is uploaded
-- to race B. The removal's orphan check (delete_orphan_image, migration 0023) could not see race
-- B's uncommitted reference and deleted the image, and race B lost it (ON DELETE SET NULL), or
-- the upload failed on the missing row. Both now take one lock per image, held to the end of the
-- transaction: the upload (saveImage) before it inserts or points at the image, the orphan check
-- before it looks. The one that comes second waits, then sees the other's committed work (each
-- statement of a VOLATILE function takes a fresh snapshot under READ COMMITTED).
CREATE FUNCTION lock_image(image_hash text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('image:' || image_hash));
$$;

CREATE OR REPLACE FUNCTION delete_orphan_image(old_hash text) RETURNS void LANGUAGE sql AS $$
  SELECT lock_image(old_hash);
  DELETE FROM images
   WHERE hash = old_hash
     AND NOT EXISTS (SELECT 1 FROM races WHERE image_hash = old_hash)
     AND NOT EXISTS (SELECT 1 FROM club_settings WHERE key LIKE 'image.%' AND value ->> 'hash' = old_hash);
$$;
