-- Kiswahili for every text a visitor reads (issue 32, point 4), in the shape of 0024: an optional
-- Kiswahili column beside each English one, filled in by staff in the back office. The public
-- site's Kiswahili pages show it and fall back to the English field, per item and per field, when
-- it is empty. NULL means "not translated": a blank text is refused, and so is a Kiswahili list
-- that is empty or holds a blank entry, so the fallback never shows an empty name or chip.
--
--   church_leaders  position_sw, bio_sw, specialties_sw          (About, Ministries)
--   departments     name_sw, description_sw, responsibilities_sw (Departments)
--   ministries      name_sw, description_sw, meeting_time_sw, location_sw, activities_sw
--   sermon_series   title_sw, subtitle_sw, description_sw, topics_sw
--   sermons         title_sw, description_sw
--   events          location_sw, attendees_sw (title_sw and description_sw are 0024's)
--   daily_verses    text_sw, reference_sw, translation_sw, reflection_sw: the verse in a Kiswahili
--                   Bible (the Kiswahili Union Version, 'SUV', when translation_sw is empty)
--
-- Service times, office hours and weekly activities are System Settings (JSON): their weekday and
-- time words come from the public site's catalogue; the names a church gives its services and
-- activities get an optional "name_sw" / "activity_sw" / "location_sw" beside the English. The
-- registry's default service times (0002) get their Kiswahili names here while they still hold
-- the defaults.
--
-- Grants: the policy files name the new columns (policies/*.sql); no new row policy.

CREATE FUNCTION kanisa.sw_list_ok(list text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  -- NULL (not translated), or at least one entry and none blank or NULL.
  SELECT list IS NULL
      OR (cardinality(list) > 0
          AND NOT EXISTS (SELECT 1 FROM unnest(list) AS entry WHERE entry IS NULL OR btrim(entry) = ''))
$$;

COMMENT ON FUNCTION kanisa.sw_list_ok(text[]) IS
  'A Kiswahili list column holds NULL (not translated) or a non-empty list without blank entries.';

ALTER TABLE public.church_leaders
  ADD COLUMN position_sw text,
  ADD COLUMN bio_sw text,
  ADD COLUMN specialties_sw text[],
  ADD CONSTRAINT church_leaders_position_sw_check CHECK (position_sw IS NULL OR btrim(position_sw) <> ''),
  ADD CONSTRAINT church_leaders_bio_sw_check CHECK (bio_sw IS NULL OR btrim(bio_sw) <> ''),
  ADD CONSTRAINT church_leaders_specialties_sw_check CHECK (kanisa.sw_list_ok(specialties_sw));

COMMENT ON COLUMN public.church_leaders.position_sw IS 'Kiswahili position (optional); the Kiswahili site falls back to position.';
COMMENT ON COLUMN public.church_leaders.bio_sw IS 'Kiswahili biography (optional); the Kiswahili site falls back to bio.';
COMMENT ON COLUMN public.church_leaders.specialties_sw IS 'Kiswahili specialties (optional); the Kiswahili site falls back to specialties.';

ALTER TABLE public.departments
  ADD COLUMN name_sw text,
  ADD COLUMN description_sw text,
  ADD COLUMN responsibilities_sw text[],
  ADD CONSTRAINT departments_name_sw_check CHECK (name_sw IS NULL OR btrim(name_sw) <> ''),
  ADD CONSTRAINT departments_description_sw_check CHECK (description_sw IS NULL OR btrim(description_sw) <> ''),
  ADD CONSTRAINT departments_responsibilities_sw_check CHECK (kanisa.sw_list_ok(responsibilities_sw));

COMMENT ON COLUMN public.departments.name_sw IS 'Kiswahili name (optional); the Kiswahili site falls back to name.';
COMMENT ON COLUMN public.departments.description_sw IS 'Kiswahili description (optional); the Kiswahili site falls back to description.';
COMMENT ON COLUMN public.departments.responsibilities_sw IS 'Kiswahili responsibilities (optional); the Kiswahili site falls back to responsibilities.';

ALTER TABLE public.ministries
  ADD COLUMN name_sw text,
  ADD COLUMN description_sw text,
  ADD COLUMN meeting_time_sw text,
  ADD COLUMN location_sw text,
  ADD COLUMN activities_sw text[],
  ADD CONSTRAINT ministries_name_sw_check CHECK (name_sw IS NULL OR btrim(name_sw) <> ''),
  ADD CONSTRAINT ministries_description_sw_check CHECK (description_sw IS NULL OR btrim(description_sw) <> ''),
  ADD CONSTRAINT ministries_meeting_time_sw_check CHECK (meeting_time_sw IS NULL OR btrim(meeting_time_sw) <> ''),
  ADD CONSTRAINT ministries_location_sw_check CHECK (location_sw IS NULL OR btrim(location_sw) <> ''),
  ADD CONSTRAINT ministries_activities_sw_check CHECK (kanisa.sw_list_ok(activities_sw));

COMMENT ON COLUMN public.ministries.name_sw IS 'Kiswahili name (optional); the Kiswahili site falls back to name.';
COMMENT ON COLUMN public.ministries.description_sw IS 'Kiswahili description (optional); the Kiswahili site falls back to description.';
COMMENT ON COLUMN public.ministries.meeting_time_sw IS 'Kiswahili meeting time (optional); the Kiswahili site falls back to meeting_time.';
COMMENT ON COLUMN public.ministries.location_sw IS 'Kiswahili meeting place (optional); the Kiswahili site falls back to location.';
COMMENT ON COLUMN public.ministries.activities_sw IS 'Kiswahili activities (optional); the Kiswahili site falls back to activities.';

ALTER TABLE public.sermon_series
  ADD COLUMN title_sw text,
  ADD COLUMN subtitle_sw text,
  ADD COLUMN description_sw text,
  ADD COLUMN topics_sw text[],
  ADD CONSTRAINT sermon_series_title_sw_check CHECK (title_sw IS NULL OR btrim(title_sw) <> ''),
  ADD CONSTRAINT sermon_series_subtitle_sw_check CHECK (subtitle_sw IS NULL OR btrim(subtitle_sw) <> ''),
  ADD CONSTRAINT sermon_series_description_sw_check CHECK (description_sw IS NULL OR btrim(description_sw) <> ''),
  ADD CONSTRAINT sermon_series_topics_sw_check CHECK (kanisa.sw_list_ok(topics_sw));

COMMENT ON COLUMN public.sermon_series.title_sw IS 'Kiswahili title (optional); the Kiswahili site falls back to title.';
COMMENT ON COLUMN public.sermon_series.subtitle_sw IS 'Kiswahili subtitle (optional); the Kiswahili site falls back to subtitle.';
COMMENT ON COLUMN public.sermon_series.description_sw IS 'Kiswahili description (optional); the Kiswahili site falls back to description.';
COMMENT ON COLUMN public.sermon_series.topics_sw IS 'Kiswahili topics (optional); the Kiswahili site falls back to topics.';

ALTER TABLE public.sermons
  ADD COLUMN title_sw text,
  ADD COLUMN description_sw text,
  ADD CONSTRAINT sermons_title_sw_check CHECK (title_sw IS NULL OR btrim(title_sw) <> ''),
  ADD CONSTRAINT sermons_description_sw_check CHECK (description_sw IS NULL OR btrim(description_sw) <> '');

COMMENT ON COLUMN public.sermons.title_sw IS 'Kiswahili title (optional); the Kiswahili site falls back to title.';
COMMENT ON COLUMN public.sermons.description_sw IS 'Kiswahili description (optional); the Kiswahili site falls back to description.';

ALTER TABLE public.events
  ADD COLUMN location_sw text,
  ADD COLUMN attendees_sw text,
  ADD CONSTRAINT events_location_sw_check CHECK (location_sw IS NULL OR btrim(location_sw) <> ''),
  ADD CONSTRAINT events_attendees_sw_check CHECK (attendees_sw IS NULL OR btrim(attendees_sw) <> '');

COMMENT ON COLUMN public.events.location_sw IS 'Kiswahili place (optional); the Kiswahili site falls back to location.';
COMMENT ON COLUMN public.events.attendees_sw IS 'Kiswahili "who may come" (optional); the Kiswahili site falls back to attendees.';

ALTER TABLE public.daily_verses
  ADD COLUMN text_sw text,
  ADD COLUMN reference_sw text,
  ADD COLUMN translation_sw text,
  ADD COLUMN reflection_sw text,
  ADD CONSTRAINT daily_verses_text_sw_check CHECK (text_sw IS NULL OR btrim(text_sw) <> ''),
  ADD CONSTRAINT daily_verses_reference_sw_check CHECK (reference_sw IS NULL OR btrim(reference_sw) <> ''),
  ADD CONSTRAINT daily_verses_translation_sw_check CHECK (translation_sw IS NULL OR btrim(translation_sw) <> ''),
  ADD CONSTRAINT daily_verses_reflection_sw_check CHECK (reflection_sw IS NULL OR btrim(reflection_sw) <> '');

COMMENT ON COLUMN public.daily_verses.text_sw IS 'The verse in a Kiswahili Bible (optional); the Kiswahili site falls back to text.';
COMMENT ON COLUMN public.daily_verses.reference_sw IS 'The reference with Kiswahili book names (optional); falls back to reference.';
COMMENT ON COLUMN public.daily_verses.translation_sw IS 'The Kiswahili Bible of text_sw; SUV (the Kiswahili Union Version) when empty.';
COMMENT ON COLUMN public.daily_verses.reflection_sw IS 'Kiswahili reflection (optional); the Kiswahili site falls back to reflection.';

-- The registry's default service times in Kiswahili, while a setting still holds 0002's default.
UPDATE public.system_settings AS s
   SET value = s.value || jsonb_build_object('name_sw', d.name_sw)
  FROM (VALUES ('sabbath_school_time', 'Sabbath School', 'Shule ya Sabato'),
               ('divine_service_time', 'Divine Service', 'Ibada Kuu'),
               ('prayer_meeting_time', 'Prayer Meeting', 'Mkutano wa Maombi'),
               ('youth_meeting_time', 'Youth Meeting', 'Mkutano wa Vijana')) AS d(key, name, name_sw)
 WHERE s.key = d.key
   AND jsonb_typeof(s.value) = 'object'
   AND s.value ->> 'name' = d.name
   AND NOT s.value ? 'name_sw';

UPDATE public.system_settings
   SET description = 'Bible study: {name, name_sw, day, time}'
 WHERE key = 'bible_study_time';
UPDATE public.system_settings
   SET description = 'Weekly Activities on the Events page: [{day, activities: [{time, activity, activity_sw, location, location_sw}]}]'
 WHERE key = 'weekly_activities';
