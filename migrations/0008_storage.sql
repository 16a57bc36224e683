-- 0008 storage: file metadata for the storage API (/storage/v1, crates/kanisa-storage), in the
-- shape of Supabase Storage's schema, and the church-files bucket.
--
-- The bytes live in object_store (a folder or an S3 bucket) under `{bucket_id}/{version}`:
-- every upload writes a fresh version key and its row points at it, so bytes are never
-- overwritten in place. A row is committed only after its bytes are complete, and bytes are
-- removed only after their row is gone; `kanisa storage check` finds what a crash left behind
-- (see ARCHITECTURE.md, "Files").
--
-- Who may do what is decided by policies/storage.objects.sql, policies/storage.buckets.sql and
-- policies/storage.folders.sql; the storage API runs each metadata statement as the caller.

CREATE SCHEMA storage;

-- A bucket: limits for every object in it. file_size_limit in bytes (NULL: the server's upload
-- ceiling); allowed_mime_types NULL: any type.
CREATE TABLE storage.buckets (
  id                 text        NOT NULL,
  name               text        NOT NULL,
  owner              uuid,
  public             boolean     NOT NULL DEFAULT false,
  file_size_limit    bigint,
  allowed_mime_types text[],
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT buckets_pkey PRIMARY KEY (id),
  CONSTRAINT buckets_name_key UNIQUE (name),
  CONSTRAINT buckets_id_shape CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  CONSTRAINT buckets_file_size_limit_check CHECK (file_size_limit IS NULL OR file_size_limit > 0)
);
CREATE TRIGGER buckets_updated_at BEFORE UPDATE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();

-- Rules for a folder of a bucket (the longest matching prefix applies), narrowing the bucket's:
--   generated_names  uploads get a server-made name (milliseconds-random.ext, as the original
--                    site named request attachments); the client's file name is kept in the
--                    object's metadata as originalName. Such names never collide, so an upload
--                    there never overwrites anything.
--   file_size_limit, allowed_mime_types  NULL: the bucket's.
CREATE TABLE storage.folders (
  bucket_id          text    NOT NULL,
  prefix             text    NOT NULL,
  generated_names    boolean NOT NULL DEFAULT false,
  file_size_limit    bigint,
  allowed_mime_types text[],
  CONSTRAINT folders_pkey PRIMARY KEY (bucket_id, prefix),
  CONSTRAINT folders_bucket_id_fkey FOREIGN KEY (bucket_id)
    REFERENCES storage.buckets (id) ON DELETE CASCADE,
  CONSTRAINT folders_prefix_shape CHECK (prefix ~ '^[^/]+(/[^/]+)*/$'),
  CONSTRAINT folders_file_size_limit_check CHECK (file_size_limit IS NULL OR file_size_limit > 0)
);

-- An object: a name in a bucket and the version of its bytes. metadata is the uploader's own
-- (x-metadata / the metadata form field) plus originalName for generated names; size,
-- mime_type (sniffed from the bytes and checked against the name's extension), cache_control
-- and etag (hex SHA-256 prefix of the bytes) describe the bytes.
CREATE TABLE storage.objects (
  id               uuid        NOT NULL DEFAULT gen_random_uuid(),
  bucket_id        text        NOT NULL,
  name             text        NOT NULL,
  owner            uuid                 DEFAULT auth.uid(),
  version          uuid        NOT NULL,
  size             bigint      NOT NULL,
  mime_type        text        NOT NULL,
  cache_control    text        NOT NULL DEFAULT 'max-age=3600',
  etag             text        NOT NULL,
  metadata         jsonb       NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  last_accessed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT objects_pkey PRIMARY KEY (id),
  CONSTRAINT objects_bucket_id_fkey FOREIGN KEY (bucket_id) REFERENCES storage.buckets (id),
  CONSTRAINT objects_bucket_id_name_key UNIQUE (bucket_id, name),
  CONSTRAINT objects_version_key UNIQUE (version),
  CONSTRAINT objects_size_check CHECK (size >= 0),
  CONSTRAINT objects_metadata_object CHECK (jsonb_typeof(metadata) = 'object'),
  -- The same rules as the storage crate's name check: relative, at most 1024 bytes, no empty,
  -- '.' or '..' segment, no backslash, no control character.
  CONSTRAINT objects_name_shape CHECK (
    octet_length(name) BETWEEN 1 AND 1024
    AND name !~ '(^|/)\.{1,2}(/|$)'
    AND name !~ '(^/|//|/$)'
    AND strpos(name, E'\\') = 0
    AND name !~ '[[:cntrl:]]')
);
-- objects_bucket_id_name_key also serves the policies' and listings' name prefixes (the
-- managed cluster is initialised with the C locale; elsewhere a text_pattern_ops index would).
CREATE INDEX objects_owner_idx ON storage.objects (owner);
CREATE TRIGGER objects_updated_at BEFORE UPDATE ON storage.objects
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();

-- A new object's id is the version its bytes were first stored under. The storage API thus
-- knows the id of what it inserts without reading the row back (INSERT … RETURNING needs a
-- SELECT policy, and anon may not read the request folders it uploads into), and id is never
-- granted to the API roles.
CREATE FUNCTION kanisa.storage_object_id() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.id := NEW.version;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION kanisa.storage_object_id() FROM PUBLIC;
CREATE TRIGGER objects_id_from_version BEFORE INSERT ON storage.objects
  FOR EACH ROW EXECUTE FUNCTION kanisa.storage_object_id();

-- The church's one bucket (public-site §5, §7; spec README points 12, 13): 10 MB per file; the
-- report documents (pdf, doc, docx, xls, xlsx, ppt, pptx, txt) and images (jpg, png, gif, webp).
-- Not `public` as a whole: which folders anyone may read is the policies' decision.
INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types) VALUES
  ('church-files', 'church-files', false, 10485760, ARRAY[
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'text/plain',
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp']);

-- The request forms' folders get server-made names; maintenance photos are images of at most
-- 5 MB (public-site §5: "maintenance photos accept images (JPG, PNG, GIF), up to 5 MB each").
INSERT INTO storage.folders (bucket_id, prefix, generated_names, file_size_limit, allowed_mime_types)
VALUES
  ('church-files', 'submissions/', true, NULL, NULL),
  ('church-files', 'reports/', true, NULL, NULL),
  ('church-files', 'maintenance/', true, 5242880,
   ARRAY['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

-- service_role (the server's own work, the developers' console) has every right; the API
-- roles get theirs from the policy files.
GRANT USAGE ON SCHEMA storage TO service_role;
GRANT ALL ON ALL TABLES IN SCHEMA storage TO service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA storage GRANT ALL ON TABLES TO service_role;
