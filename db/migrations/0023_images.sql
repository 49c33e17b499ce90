-- Uploaded images (issue 24 item 2, decision 0031): the club's logo, the home page's banner and a
-- race's picture. Kept in the database, so backups and every instance have them. The uploaded
-- bytes are never kept: only what the server decoded and re-encoded (WebP and AVIF, per width).
-- hash names the image for good (a hash of its purpose and the uploaded bytes): its addresses
-- (/images/u/<hash>-<width>.<avif|webp>) are cached forever by browsers.
CREATE TABLE images (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{32}$'),
  purpose text NOT NULL CHECK (purpose IN ('logo', 'banner', 'race')),
  -- The size of the largest variant, after rotation (the page's width/height: no layout shift).
  width integer NOT NULL CHECK (width BETWEEN 1 AND 10000),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 10000),
  -- The widths of the variants, smallest first (the page's srcset).
  widths integer[] NOT NULL CHECK (cardinality(widths) BETWEEN 1 AND 8),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE image_variants (
  hash text NOT NULL REFERENCES images (hash) ON DELETE CASCADE,
  width integer NOT NULL CHECK (width BETWEEN 1 AND 10000),
  format text NOT NULL CHECK (format IN ('avif', 'webp')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 4000000),
  PRIMARY KEY (hash, width, format)
);

-- A race's uploaded picture; null: its image_url or the bundled picture. Removing the image
-- (a replaced upload) leaves the race without one.
ALTER TABLE races ADD COLUMN image_hash text REFERENCES images (hash) ON DELETE SET NULL;
CREATE INDEX races_image_hash_idx ON races (image_hash) WHERE image_hash IS NOT NULL;

-- An image nothing shows any more (replaced, removed, its race deleted) goes in the same
-- transaction: its bytes would otherwise stay in every backup for ever. Shown by: a race's
-- image_hash, or the club's settings "image.logo" / "image.banner" ({"hash": ...}).
CREATE FUNCTION delete_orphan_image(old_hash text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM images
   WHERE hash = old_hash
     AND NOT EXISTS (SELECT 1 FROM races WHERE image_hash = old_hash)
     AND NOT EXISTS (SELECT 1 FROM club_settings WHERE key LIKE 'image.%' AND value ->> 'hash' = old_hash);
$$;

CREATE FUNCTION races_image_orphan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.image_hash IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.image_hash IS DISTINCT FROM NEW.image_hash) THEN
    PERFORM delete_orphan_image(OLD.image_hash);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER races_image_orphan AFTER DELETE OR UPDATE OF image_hash ON races
  FOR EACH ROW EXECUTE FUNCTION races_image_orphan();

CREATE FUNCTION club_settings_image_orphan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.key LIKE 'image.%' AND (TG_OP = 'DELETE' OR OLD.value ->> 'hash' IS DISTINCT FROM NEW.value ->> 'hash') THEN
    PERFORM delete_orphan_image(OLD.value ->> 'hash');
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER club_settings_image_orphan AFTER DELETE OR UPDATE ON club_settings
  FOR EACH ROW EXECUTE FUNCTION club_settings_image_orphan();
