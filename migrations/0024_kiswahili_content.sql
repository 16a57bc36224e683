-- Kiswahili for the content visitors read most (issue 22): optional Kiswahili title and text
-- for announcements and events, filled in by staff in the back office. The public site shows
-- them on its Kiswahili pages and falls back to the English field, per item and per field,
-- when one is empty. NULL means "not translated": the back office stores a blank field as NULL,
-- and a blank string is refused so the fallback never shows an empty title.
--
-- No new grants or policies: the tables' grants and row policies cover every column.

ALTER TABLE public.announcements
  ADD COLUMN title_sw text,
  ADD COLUMN content_sw text,
  ADD CONSTRAINT announcements_title_sw_check CHECK (title_sw IS NULL OR btrim(title_sw) <> ''),
  ADD CONSTRAINT announcements_content_sw_check CHECK (content_sw IS NULL OR btrim(content_sw) <> '');

COMMENT ON COLUMN public.announcements.title_sw IS 'Kiswahili title (optional); the Kiswahili site falls back to title.';
COMMENT ON COLUMN public.announcements.content_sw IS 'Kiswahili text (optional); the Kiswahili site falls back to content.';

ALTER TABLE public.events
  ADD COLUMN title_sw text,
  ADD COLUMN description_sw text,
  ADD CONSTRAINT events_title_sw_check CHECK (title_sw IS NULL OR btrim(title_sw) <> ''),
  ADD CONSTRAINT events_description_sw_check CHECK (description_sw IS NULL OR btrim(description_sw) <> '');

COMMENT ON COLUMN public.events.title_sw IS 'Kiswahili title (optional); the Kiswahili site falls back to title.';
COMMENT ON COLUMN public.events.description_sw IS 'Kiswahili description (optional); the Kiswahili site falls back to description.';
