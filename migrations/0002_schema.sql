-- 0002 schema: every table the public site and the back office read and write.
--
-- Sources: shared/spec/public-site.md §3 and shared/spec/back-office.md §3 ("Entities"), plus
-- the limits, defaults and value sets stated elsewhere in both documents (§4, §5, §9).
--
-- Conventions (hold for every table below)
--   * Schema public; the table API exposes only this schema. No grants and no row-level
--     security here: access is the business of the policy files (policies/).
--   * id uuid PRIMARY KEY DEFAULT gen_random_uuid() (users: the auth.users id;
--     member_ministries: the pair (member_id, ministry_id)); created_at/updated_at timestamptz
--     NOT NULL DEFAULT now(); updated_at is kept by a BEFORE UPDATE trigger <table>_updated_at
--     calling kanisa.set_updated_at() (0001).
--   * Every constraint is named explicitly and predictably, because clients and tests match on
--     the name PostgreSQL reports:
--       <table>_pkey, <table>_<column>_check, <table>_<column>_key (unique),
--       <table>_<column>_fkey; composite keys join the column names
--       (budgets_year_category_key).
--   * Money is numeric(12,2) in Kenyan shillings; lists typed by the specs are text[]; free-form
--     objects and lists of objects are jsonb with a jsonb_typeof check.
--   * Instants are timestamptz. Calendar days (sermon, giving, expense, attendance dates) are
--     date; "today" for the church means Africa/Nairobi, so date defaults use that zone.
--   * "created_by"/"updated_by"-style references to staff profiles are ON DELETE SET NULL:
--     removing a staff account must never remove the content or records they entered.
--
-- Value sets where the two documents disagree: the schema takes the union (spec README).
--   giving_records.giving_type
--       back office: tithe, offering, special_project, building_fund, missions
--       public form: tithe, offering, special
--       stored:      tithe, offering, special_project, building_fund, missions
--                    (the public form's "special" is stored as special_project)
--   giving_records.payment_method
--       back office: mpesa, cash, bank_transfer, check;  public giving writes equity_bank
--       stored:      mpesa, cash, bank_transfer, check, equity_bank
--   payment_logs.payment_provider
--       public: equity_bank; the M-Pesa (Daraja) provider is the second supported one
--       stored: equity_bank, mpesa
--   payment_logs.status
--       public dialog states: initiating, pending, completed, cancelled, timeout, failed, error
--       stored: pending, completed, cancelled, timeout, failed, error, expired
--       "initiating" is a browser state before any row exists (the row is inserted as
--       pending before the provider is called); "expired" is set by the reconciliation job for
--       rows the provider never settled.
--   messages.status
--       public: pending (created), read, sent, failed;  back office: pending, read, sent and
--       the completed state implied by Mark Complete
--       stored: pending, read, sent, completed, failed
--   messages.priority
--       public rule yields urgent, high, normal; stored: low, normal, high, urgent (the one
--       priority scale the product uses everywhere, so announcements and messages agree)
--   prayer_requests.status
--       back office: open, in_progress, answered, closed; the dashboard also counts "pending"
--       stored: open, in_progress, answered, closed. Nothing in either document ever sets
--       "pending"; the dashboard's "pending" count is the count of status 'open' (new,
--       untriaged requests). Admitting a value nobody writes would only hide typos.
--   prayer_requests.privacy_level
--       public form: private, public, leadership (stored as leadership_only)
--       stored: private, public, leadership_only
--   events.event_type
--       back office form: worship_service, prayer_meeting, bible_study, youth_meeting,
--       fellowship, outreach, conference, special_event
--       public site (sample events, icon and colour per type): the 31 labels listed in
--       public-site.md §3 "Event types"
--       stored: the union of both lists, spelled exactly as the documents spell them.
--       The public site shows a type it has no icon for with a calendar icon in grey, so the
--       back-office values still display there.
--   message_templates.type
--       the form labels are "SMS" and "Email"; stored lower-case: sms, email.
--   users.role
--       back-office §6.1 ranks: SUPER_ADMIN 6, ADMIN 5, FINANCE_ADMIN/CONTENT_ADMIN/
--       MEMBER_ADMIN 4, MINISTRY_LEADER/DEPARTMENT_HEAD 3, ELDER 2, MEMBER 1, VISITOR 0.
--       DEACON "exists only as a display label": it has no rank and no permissions, so it is
--       not a storable role (a deacon's profile is MEMBER; the office itself is shown from
--       church_leaders.position).
--   users.permissions
--       §6.3 vocabulary plus the permission names the §2.4 menu also checks
--       (manage_communications, send_sms, send_emails, view_reports, view_member_reports):
--       one vocabulary, spec README item 10.
--
-- Other decisions worth knowing
--   * announcements.priority_rank (generated, urgent 4 .. low 1): ordering the text column
--     "priority DESC" would put normal above high; readers order by the rank.
--   * members.full_name and attendance_aggregates.divine_total are generated columns.
--   * giving_records.member_id is ON DELETE RESTRICT: deleting a member with giving history
--     fails instead of silently turning their records anonymous; deactivate such members.
--     expenses.budget_id is RESTRICT for the same reason.
--   * budgets: one row per (year, category) (budgets_year_category_key).
--   * departments: the specification's 22 entries hold Communication, Education and Prayer
--     twice, once as administrative and once as ministry departments; (name, category) is
--     unique. departments.head_id and ministries.leader_id link church_leaders, replacing the
--     original's fuzzy matching of names against positions.
--   * sermons.series stays text (the series title); no series_id foreign key, so there is one
--     source of truth for a sermon's series.
--   * member_ministries records real ministry participation (analytics count it).
--   * message_stats is a view over messages (security_invoker), not stored figures.
--   * system_settings: every known key is registered at the end of this file with its tab,
--     visibility (is_public) and secrecy (is_secret).


-- ---------------------------------------------------------------------------------------------
-- users: the staff/member profile for a sign-in identity (auth.users holds the password).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.users (
  id              uuid        NOT NULL,
  email           text        NOT NULL,
  full_name       text        NOT NULL,
  role            text        NOT NULL DEFAULT 'MEMBER',
  permissions     text[],
  is_active       boolean     NOT NULL DEFAULT true,
  last_sign_in_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_pkey PRIMARY KEY (id),
  CONSTRAINT users_id_fkey FOREIGN KEY (id) REFERENCES auth.users (id) ON DELETE CASCADE,
  CONSTRAINT users_email_key UNIQUE (email),
  CONSTRAINT users_email_check CHECK (email = lower(email) AND email ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT users_full_name_check CHECK (btrim(full_name) <> ''),
  CONSTRAINT users_role_check CHECK (role IN (
    'SUPER_ADMIN', 'ADMIN', 'FINANCE_ADMIN', 'CONTENT_ADMIN', 'MEMBER_ADMIN',
    'MINISTRY_LEADER', 'DEPARTMENT_HEAD', 'ELDER', 'MEMBER', 'VISITOR')),
  CONSTRAINT users_permissions_check CHECK (permissions IS NULL OR (
    array_position(permissions, NULL) IS NULL AND permissions <@ ARRAY[
      -- System
      'manage_users', 'manage_admins', 'view_audit_logs', 'system_settings',
      -- Content
      'manage_content', 'manage_sermons', 'manage_events', 'manage_announcements',
      -- Members
      'manage_members', 'view_member_details', 'manage_attendance',
      -- Financial
      'manage_finances', 'view_financial_reports', 'manage_donations', 'manage_budget',
      -- Ministry
      'manage_prayer_requests',
      -- Communication
      'send_communications', 'manage_communications', 'send_sms', 'send_emails',
      -- Reports (menu)
      'view_reports', 'view_member_reports'
    ]::text[]))
);
COMMENT ON TABLE public.users IS
  'Profile of a sign-in identity (auth.users): display name, role and permissions. One row per auth user; deleted with it.';
COMMENT ON COLUMN public.users.role IS
  'Rank (back-office 6.1): SUPER_ADMIN 6; ADMIN 5; FINANCE_ADMIN, CONTENT_ADMIN, MEMBER_ADMIN 4; MINISTRY_LEADER, DEPARTMENT_HEAD 3; ELDER 2; MEMBER 1; VISITOR 0. DEACON is a display label only and is not stored.';
COMMENT ON COLUMN public.users.permissions IS
  'NULL = the role''s default permissions (back-office 6.3, plus ELDER: manage_prayer_requests, send_communications, view_member_details). A non-null list replaces the defaults.';
CREATE INDEX users_role_created_at_idx ON public.users (role, created_at DESC);
CREATE TRIGGER users_updated_at BEFORE UPDATE ON public.users
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- church_leaders: pastors, elders, officers, ministry leaders and department heads.
-- Read by About (pastoral, elder, officer), Ministries (pastoral, ministry, department, max 8)
-- and the recipient lookup of the request forms (by name, then by position).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.church_leaders (
  id               uuid        NOT NULL DEFAULT gen_random_uuid(),
  name             text        NOT NULL,
  position         text        NOT NULL,
  category         text        NOT NULL DEFAULT 'ministry',
  email            text,
  phone            text,
  bio              text,
  years_of_service integer,
  specialties      text[]      NOT NULL DEFAULT '{}',
  display_order    integer     NOT NULL DEFAULT 0,
  is_active        boolean     NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT church_leaders_pkey PRIMARY KEY (id),
  CONSTRAINT church_leaders_name_check CHECK (btrim(name) <> ''),
  CONSTRAINT church_leaders_position_check CHECK (btrim(position) <> ''),
  CONSTRAINT church_leaders_category_check CHECK (category IN (
    'pastoral', 'elder', 'officer', 'ministry', 'department', 'others')),
  CONSTRAINT church_leaders_email_check CHECK (email IS NULL OR email ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT church_leaders_years_of_service_check CHECK (years_of_service >= 0),
  CONSTRAINT church_leaders_specialties_check CHECK (array_position(specialties, NULL) IS NULL),
  CONSTRAINT church_leaders_display_order_check CHECK (display_order >= 0)
);
COMMENT ON TABLE public.church_leaders IS
  'Church leadership shown on the public site and managed under /admin/leaders. Removal is soft (is_active false).';
COMMENT ON COLUMN public.church_leaders.category IS
  'pastoral (Pastoral Team), elder (Church Elders), officer (Church Officers), ministry (Ministry Leaders, default), department (Department Heads); others is used by the public leaders service.';
CREATE INDEX church_leaders_category_display_order_idx
  ON public.church_leaders (category, display_order) WHERE is_active;
CREATE INDEX church_leaders_display_order_idx ON public.church_leaders (display_order, name);
CREATE TRIGGER church_leaders_updated_at BEFORE UPDATE ON public.church_leaders
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- departments: the church departments page (/departments), 22 entries in the specification.
-- The public data holds Communication, Education and Prayer twice: once as an administrative
-- department and once as a ministry, so (name, category) is the natural key.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.departments (
  id               uuid        NOT NULL DEFAULT gen_random_uuid(),
  name             text        NOT NULL,
  category         text        NOT NULL,
  description      text,
  head             text,
  head_id          uuid,
  contact          text,
  phone            text,
  responsibilities text[]      NOT NULL DEFAULT '{}',
  icon             text,
  color            text,
  display_order    integer     NOT NULL DEFAULT 0,
  is_active        boolean     NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT departments_pkey PRIMARY KEY (id),
  CONSTRAINT departments_name_category_key UNIQUE (name, category),
  CONSTRAINT departments_name_check CHECK (btrim(name) <> ''),
  CONSTRAINT departments_category_check CHECK (category IN ('administrative', 'ministry')),
  CONSTRAINT departments_head_id_fkey FOREIGN KEY (head_id)
    REFERENCES public.church_leaders (id) ON DELETE SET NULL,
  CONSTRAINT departments_contact_check CHECK (contact IS NULL OR contact ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT departments_responsibilities_check
    CHECK (array_position(responsibilities, NULL) IS NULL),
  CONSTRAINT departments_display_order_check CHECK (display_order >= 0)
);
COMMENT ON TABLE public.departments IS
  'Church departments (public /departments; filter All, Administrative, Ministry). head/contact/phone are the displayed values; head_id links the leader record when there is one.';
CREATE INDEX departments_category_display_order_idx
  ON public.departments (category, display_order) WHERE is_active;
CREATE INDEX departments_head_id_idx ON public.departments (head_id);
CREATE TRIGGER departments_updated_at BEFORE UPDATE ON public.departments
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- ministries: the ministries page (/ministries) and the analytics "ministry participation".
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.ministries (
  id                      uuid        NOT NULL DEFAULT gen_random_uuid(),
  name                    text        NOT NULL,
  category                text        NOT NULL,
  description             text,
  leader                  text,
  leader_id               uuid,
  contact                 text,
  phone                   text,
  meeting_time            text        NOT NULL DEFAULT 'Contact for details',
  location                text,
  activities              text[]      NOT NULL DEFAULT '{}',
  icon                    text,
  color                   text,
  image                   text,
  detailed_description    text,
  mission                 text,
  volunteer_opportunities jsonb       NOT NULL DEFAULT '[]',
  resources               jsonb       NOT NULL DEFAULT '[]',
  photo_gallery           jsonb       NOT NULL DEFAULT '[]',
  schedule                jsonb       NOT NULL DEFAULT '[]',
  display_order           integer     NOT NULL DEFAULT 0,
  is_active               boolean     NOT NULL DEFAULT true,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ministries_pkey PRIMARY KEY (id),
  CONSTRAINT ministries_name_key UNIQUE (name),
  CONSTRAINT ministries_name_check CHECK (btrim(name) <> ''),
  CONSTRAINT ministries_category_check CHECK (category IN (
    'age-groups', 'worship', 'health', 'support')),
  CONSTRAINT ministries_leader_id_fkey FOREIGN KEY (leader_id)
    REFERENCES public.church_leaders (id) ON DELETE SET NULL,
  CONSTRAINT ministries_contact_check CHECK (contact IS NULL OR contact ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT ministries_activities_check CHECK (array_position(activities, NULL) IS NULL),
  CONSTRAINT ministries_volunteer_opportunities_check
    CHECK (jsonb_typeof(volunteer_opportunities) = 'array'),
  CONSTRAINT ministries_resources_check CHECK (jsonb_typeof(resources) = 'array'),
  CONSTRAINT ministries_photo_gallery_check CHECK (jsonb_typeof(photo_gallery) = 'array'),
  CONSTRAINT ministries_schedule_check CHECK (jsonb_typeof(schedule) = 'array'),
  CONSTRAINT ministries_display_order_check CHECK (display_order >= 0)
);
COMMENT ON TABLE public.ministries IS
  'Church ministries (public /ministries). leader_id replaces the original fuzzy name/position matching with a real link to church_leaders.';
COMMENT ON COLUMN public.ministries.volunteer_opportunities IS
  'Array of {title, description, requirements: [text], timeCommitment}.';
COMMENT ON COLUMN public.ministries.resources IS 'Array of {name, type, size}.';
COMMENT ON COLUMN public.ministries.photo_gallery IS 'Array of {url, caption}.';
COMMENT ON COLUMN public.ministries.schedule IS 'Array of {day, time, activity, location}.';
CREATE INDEX ministries_category_display_order_idx
  ON public.ministries (category, display_order) WHERE is_active;
CREATE INDEX ministries_leader_id_idx ON public.ministries (leader_id);
CREATE TRIGGER ministries_updated_at BEFORE UPDATE ON public.ministries
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- sermon_series: the "Current Series" block of /sermons (3 sample series in the spec).
-- sermons.series stays the text column both documents name; it carries the series title.
-- A series_id foreign key was deliberately not added: two sources of truth for one fact would
-- drift, and every reader in the documents filters and displays by the text.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.sermon_series (
  id              uuid        NOT NULL DEFAULT gen_random_uuid(),
  title           text        NOT NULL,
  subtitle        text,
  description     text,
  message_count   integer     NOT NULL DEFAULT 0,
  current_message integer     NOT NULL DEFAULT 0,
  start_date      date,
  topics          text[]      NOT NULL DEFAULT '{}',
  is_active       boolean     NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sermon_series_pkey PRIMARY KEY (id),
  CONSTRAINT sermon_series_title_key UNIQUE (title),
  CONSTRAINT sermon_series_title_check CHECK (btrim(title) <> ''),
  CONSTRAINT sermon_series_message_count_check CHECK (message_count >= 0),
  CONSTRAINT sermon_series_current_message_check
    CHECK (current_message >= 0 AND current_message <= message_count),
  CONSTRAINT sermon_series_topics_check CHECK (array_position(topics, NULL) IS NULL)
);
COMMENT ON TABLE public.sermon_series IS
  'Sermon series; progress is current_message over message_count. sermons.series holds the series title.';
CREATE INDEX sermon_series_start_date_idx ON public.sermon_series (start_date DESC) WHERE is_active;
CREATE TRIGGER sermon_series_updated_at BEFORE UPDATE ON public.sermon_series
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- sermons
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.sermons (
  id           uuid        NOT NULL DEFAULT gen_random_uuid(),
  title        text        NOT NULL,
  description  text,
  speaker      text        NOT NULL,
  sermon_date  date        NOT NULL,
  audio_url    text,
  video_url    text,
  notes_url    text,
  series       text,
  tags         text[]      NOT NULL DEFAULT '{}',
  is_published boolean     NOT NULL DEFAULT false,
  created_by   uuid,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sermons_pkey PRIMARY KEY (id),
  CONSTRAINT sermons_title_check CHECK (btrim(title) <> ''),
  CONSTRAINT sermons_speaker_check CHECK (btrim(speaker) <> ''),
  CONSTRAINT sermons_audio_url_check CHECK (audio_url ~* '^https?://\S+$'),
  CONSTRAINT sermons_video_url_check CHECK (video_url ~* '^https?://\S+$'),
  CONSTRAINT sermons_notes_url_check CHECK (notes_url ~* '^https?://\S+$'),
  CONSTRAINT sermons_tags_check CHECK (array_position(tags, NULL) IS NULL),
  CONSTRAINT sermons_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.sermons IS
  'Sermons. New sermons are drafts (is_published false); only published ones are public.';
COMMENT ON COLUMN public.sermons.series IS 'Title of the series (matches sermon_series.title); NULL = a stand-alone sermon.';
COMMENT ON COLUMN public.sermons.tags IS 'Entered comma-separated in the admin form.';
-- Public: published, newest first.  Admin: all, newest first.
CREATE INDEX sermons_published_sermon_date_idx ON public.sermons (sermon_date DESC) WHERE is_published;
CREATE INDEX sermons_sermon_date_idx ON public.sermons (sermon_date DESC);
CREATE INDEX sermons_series_idx ON public.sermons (series) WHERE series IS NOT NULL;
CREATE INDEX sermons_tags_idx ON public.sermons USING gin (tags);
CREATE INDEX sermons_created_by_idx ON public.sermons (created_by);
CREATE TRIGGER sermons_updated_at BEFORE UPDATE ON public.sermons
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- events
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.events (
  id                    uuid          NOT NULL DEFAULT gen_random_uuid(),
  title                 text          NOT NULL,
  description           text,
  start_date            timestamptz   NOT NULL,
  end_date              timestamptz,
  location              text,
  event_type            text,
  category              text,
  department            text,
  attendees             text,
  max_attendees         integer,
  cost                  numeric(12,2) NOT NULL DEFAULT 0,
  requires_registration boolean       NOT NULL DEFAULT false,
  is_published          boolean       NOT NULL DEFAULT false,
  created_by            uuid,
  created_at            timestamptz   NOT NULL DEFAULT now(),
  updated_at            timestamptz   NOT NULL DEFAULT now(),
  CONSTRAINT events_pkey PRIMARY KEY (id),
  CONSTRAINT events_title_check CHECK (btrim(title) <> ''),
  CONSTRAINT events_end_date_check CHECK (end_date >= start_date),
  CONSTRAINT events_event_type_check CHECK (event_type IN (
    -- back-office form values
    'worship_service', 'prayer_meeting', 'bible_study', 'youth_meeting', 'fellowship',
    'outreach', 'conference', 'special_event',
    -- public-site event types (sample events; each has an icon and colour on the site)
    'Prayer Event', 'Health Ministry', 'Development', 'Training', 'Interfaith',
    'Stewardship', 'Recognition', 'Induction', 'Communication', 'Women''s Ministry',
    'Education', 'Communion', 'Family Life', 'Music Ministry', 'VBS', 'Youth Program',
    'Personal Ministry', 'Chaplaincy', 'Adventurer Program', 'Welfare', 'Men''s Ministry',
    'Sabbath School', 'Publishing', 'Children''s Program', 'Camp Meeting', 'Leadership',
    'Pathfinder Program', 'Singles Ministry', 'Prayer Week', 'Master Guide', 'Creation')),
  CONSTRAINT events_max_attendees_check CHECK (max_attendees >= 1),
  CONSTRAINT events_cost_check CHECK (cost >= 0),
  CONSTRAINT events_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.events IS
  'Church events. NULL end_date shows as All Day on the public site. New events are drafts.';
COMMENT ON COLUMN public.events.event_type IS
  'Union of the back-office values (worship_service ... special_event) and the public-site event type labels (Prayer Event ... Creation); NULL displays as "Event".';
COMMENT ON COLUMN public.events.category IS 'Display category of the public sample events; NULL displays as ministry.';
COMMENT ON COLUMN public.events.department IS 'Organising department (display only).';
COMMENT ON COLUMN public.events.attendees IS 'Attendee line; NULL displays as "All members welcome".';
COMMENT ON COLUMN public.events.cost IS 'KES; an empty form value is stored as 0.';
-- Public: published from now on, ascending (home) and all published descending (/events);
-- admin: all by start_date descending. A btree serves both directions.
CREATE INDEX events_published_start_date_idx ON public.events (start_date) WHERE is_published;
CREATE INDEX events_start_date_idx ON public.events (start_date);
CREATE INDEX events_created_by_idx ON public.events (created_by);
CREATE TRIGGER events_updated_at BEFORE UPDATE ON public.events
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- announcements
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.announcements (
  id              uuid        NOT NULL DEFAULT gen_random_uuid(),
  title           text        NOT NULL,
  content         text        NOT NULL,
  priority        text        NOT NULL DEFAULT 'normal',
  -- "ORDER BY priority DESC" on the text would sort urgent > normal > low > high; readers
  -- order by this rank instead (home: priority_rank DESC, created_at DESC).
  priority_rank   smallint    GENERATED ALWAYS AS (
                    CASE priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 3
                                  WHEN 'normal' THEN 2 WHEN 'low' THEN 1 END) STORED,
  start_date      date        NOT NULL,
  start_time      time        NOT NULL DEFAULT '08:30',
  end_date        date,
  end_time        time        NOT NULL DEFAULT '17:00',
  target_audience text        NOT NULL DEFAULT 'all',
  is_published    boolean     NOT NULL DEFAULT false,
  created_by      uuid,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT announcements_pkey PRIMARY KEY (id),
  CONSTRAINT announcements_title_check CHECK (btrim(title) <> ''),
  CONSTRAINT announcements_content_check CHECK (btrim(content) <> ''),
  CONSTRAINT announcements_priority_check CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  CONSTRAINT announcements_end_date_check CHECK (end_date >= start_date),
  CONSTRAINT announcements_target_audience_check CHECK (target_audience IN (
    'all', 'members', 'visitors', 'ministry_leaders', 'elders')),
  CONSTRAINT announcements_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.announcements IS
  'Announcements. Public readers see published ones whose end_date is today or later, highest priority first, then newest.';
COMMENT ON COLUMN public.announcements.priority_rank IS
  'urgent 4, high 3, normal 2, low 1 (generated). Order by this, not by priority.';
COMMENT ON COLUMN public.announcements.target_audience IS
  'all (All Welcome), members (Members Only), visitors (Visitors Welcome), ministry_leaders (Ministry Leaders), elders (Church Elders).';
CREATE INDEX announcements_published_priority_idx
  ON public.announcements (priority_rank DESC, created_at DESC) WHERE is_published;
CREATE INDEX announcements_end_date_idx ON public.announcements (end_date) WHERE is_published;
CREATE INDEX announcements_created_at_idx ON public.announcements (created_at DESC);
CREATE INDEX announcements_created_by_idx ON public.announcements (created_by);
CREATE TRIGGER announcements_updated_at BEFORE UPDATE ON public.announcements
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- daily_verses: "Today's Verse" on the home page, 33 verses chosen by day of year
-- (day_index = day of year mod 33).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.daily_verses (
  id          uuid        NOT NULL DEFAULT gen_random_uuid(),
  day_index   smallint    NOT NULL,
  text        text        NOT NULL,
  reference   text        NOT NULL,
  translation text        NOT NULL DEFAULT 'KJV',
  reflection  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT daily_verses_pkey PRIMARY KEY (id),
  CONSTRAINT daily_verses_day_index_key UNIQUE (day_index),
  CONSTRAINT daily_verses_day_index_check CHECK (day_index BETWEEN 0 AND 32),
  CONSTRAINT daily_verses_text_check CHECK (btrim(text) <> ''),
  CONSTRAINT daily_verses_reference_check CHECK (btrim(reference) <> '')
);
COMMENT ON TABLE public.daily_verses IS
  'The 33 verses of "Today''s Verse"; the verse of a day is the one whose day_index is (day of year in Africa/Nairobi) mod 33.';
CREATE TRIGGER daily_verses_updated_at BEFORE UPDATE ON public.daily_verses
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- members: the church membership register.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.members (
  id                uuid        NOT NULL DEFAULT gen_random_uuid(),
  membership_number text,
  first_name        text        NOT NULL,
  last_name         text        NOT NULL,
  full_name         text        GENERATED ALWAYS AS (first_name || ' ' || last_name) STORED,
  date_of_birth     date,
  address           text,
  phone             text,
  email             text,
  marital_status    text,
  baptism_date      date,
  membership_date   date,
  emergency_contact jsonb,
  user_id           uuid,
  is_active         boolean     NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT members_pkey PRIMARY KEY (id),
  CONSTRAINT members_membership_number_key UNIQUE (membership_number),
  CONSTRAINT members_membership_number_check CHECK (btrim(membership_number) <> ''),
  CONSTRAINT members_first_name_check CHECK (btrim(first_name) <> ''),
  CONSTRAINT members_last_name_check CHECK (btrim(last_name) <> ''),
  CONSTRAINT members_email_check CHECK (email ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT members_marital_status_check CHECK (marital_status IN (
    'single', 'married', 'divorced', 'widowed')),
  CONSTRAINT members_emergency_contact_check CHECK (jsonb_typeof(emergency_contact) = 'object'),
  CONSTRAINT members_user_id_key UNIQUE (user_id),
  CONSTRAINT members_user_id_fkey FOREIGN KEY (user_id)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.members IS
  'Church members. full_name is generated from first and last name (the dashboard reads it).';
COMMENT ON COLUMN public.members.emergency_contact IS 'Object {name, phone, relationship}; NULL when no part was given.';
COMMENT ON COLUMN public.members.user_id IS
  'The member''s own sign-in profile, when they have one (for "read and write own" access).';
CREATE INDEX members_last_name_idx ON public.members (last_name, first_name);
CREATE INDEX members_created_at_idx ON public.members (created_at DESC);
CREATE INDEX members_active_last_name_idx ON public.members (last_name, first_name) WHERE is_active;
CREATE TRIGGER members_updated_at BEFORE UPDATE ON public.members
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- member_ministries: who takes part in which ministry (the analytics "ministry participation"
-- counts members here instead of the original's random numbers).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.member_ministries (
  member_id   uuid        NOT NULL,
  ministry_id uuid        NOT NULL,
  role        text,
  joined_at   date,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT member_ministries_pkey PRIMARY KEY (member_id, ministry_id),
  CONSTRAINT member_ministries_member_id_fkey FOREIGN KEY (member_id)
    REFERENCES public.members (id) ON DELETE CASCADE,
  CONSTRAINT member_ministries_ministry_id_fkey FOREIGN KEY (ministry_id)
    REFERENCES public.ministries (id) ON DELETE CASCADE,
  CONSTRAINT member_ministries_role_check CHECK (btrim(role) <> '')
);
COMMENT ON TABLE public.member_ministries IS
  'Ministry participation: one row per member per ministry, with the member''s role in it (e.g. member, leader, secretary).';
CREATE INDEX member_ministries_ministry_id_idx ON public.member_ministries (ministry_id);
CREATE TRIGGER member_ministries_updated_at BEFORE UPDATE ON public.member_ministries
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- attendance_aggregates: one row of head counts per Sabbath.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.attendance_aggregates (
  id                    uuid        NOT NULL DEFAULT gen_random_uuid(),
  attendance_date       date        NOT NULL,
  sabbath_school_count  integer     NOT NULL DEFAULT 0,
  divine_children_count integer     NOT NULL DEFAULT 0,
  divine_youth_count    integer     NOT NULL DEFAULT 0,
  divine_adults_count   integer     NOT NULL DEFAULT 0,
  divine_total          integer     GENERATED ALWAYS AS (
                          divine_children_count + divine_youth_count + divine_adults_count) STORED,
  notes                 text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT attendance_aggregates_pkey PRIMARY KEY (id),
  CONSTRAINT attendance_aggregates_attendance_date_key UNIQUE (attendance_date),
  CONSTRAINT attendance_aggregates_sabbath_school_count_check CHECK (sabbath_school_count >= 0),
  CONSTRAINT attendance_aggregates_divine_children_count_check CHECK (divine_children_count >= 0),
  CONSTRAINT attendance_aggregates_divine_youth_count_check CHECK (divine_youth_count >= 0),
  CONSTRAINT attendance_aggregates_divine_adults_count_check CHECK (divine_adults_count >= 0)
);
COMMENT ON TABLE public.attendance_aggregates IS
  'Sabbath attendance counts, keyed by date (saving an existing date updates it: upsert on attendance_date). Divine total = children + youth + adults.';
-- attendance_aggregates_attendance_date_key's index serves the range, latest-date and paged
-- (date descending) reads.
CREATE TRIGGER attendance_aggregates_updated_at BEFORE UPDATE ON public.attendance_aggregates
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- prayer_requests: from the public request form (requester_id NULL) and from signed-in members.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.prayer_requests (
  id              uuid        NOT NULL DEFAULT gen_random_uuid(),
  requester_id    uuid,
  title           text        NOT NULL,
  description     text        NOT NULL,
  urgency         text        NOT NULL DEFAULT 'normal',
  status          text        NOT NULL DEFAULT 'open',
  privacy_level   text        NOT NULL DEFAULT 'private',
  submitter_name  text,
  submitter_email text,
  submitter_phone text,
  assigned_to     uuid,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT prayer_requests_pkey PRIMARY KEY (id),
  CONSTRAINT prayer_requests_requester_id_fkey FOREIGN KEY (requester_id)
    REFERENCES public.users (id) ON DELETE SET NULL,
  CONSTRAINT prayer_requests_title_check CHECK (btrim(title) <> ''),
  CONSTRAINT prayer_requests_description_check CHECK (btrim(description) <> ''),
  CONSTRAINT prayer_requests_urgency_check CHECK (urgency IN ('urgent', 'high', 'normal', 'low')),
  CONSTRAINT prayer_requests_status_check CHECK (status IN (
    'open', 'in_progress', 'answered', 'closed')),
  CONSTRAINT prayer_requests_privacy_level_check CHECK (privacy_level IN (
    'private', 'public', 'leadership_only')),
  CONSTRAINT prayer_requests_submitter_email_check
    CHECK (submitter_email ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT prayer_requests_assigned_to_fkey FOREIGN KEY (assigned_to)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.prayer_requests IS
  'Prayer requests. Submitter fields are NULL for anonymous requests. Any status can be set directly; Assign to Me sets assigned_to and in_progress.';
COMMENT ON COLUMN public.prayer_requests.status IS
  'open, in_progress, answered, closed. The dashboard''s "pending" count is status open.';
COMMENT ON COLUMN public.prayer_requests.privacy_level IS
  'private (pastor and prayer team only), public (may be shared with the congregation), leadership_only (the form''s "leadership").';
CREATE INDEX prayer_requests_created_at_idx ON public.prayer_requests (created_at DESC);
CREATE INDEX prayer_requests_status_created_at_idx ON public.prayer_requests (status, created_at DESC);
CREATE INDEX prayer_requests_requester_id_idx ON public.prayer_requests (requester_id);
CREATE INDEX prayer_requests_assigned_to_idx ON public.prayer_requests (assigned_to);
CREATE TRIGGER prayer_requests_updated_at BEFORE UPDATE ON public.prayer_requests
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- giving_records: donations, recorded by staff or written by the server after a completed
-- online payment (once per payment: transaction_id is unique).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.giving_records (
  id             uuid          NOT NULL DEFAULT gen_random_uuid(),
  member_id      uuid,
  amount         numeric(12,2) NOT NULL,
  giving_type    text          NOT NULL DEFAULT 'tithe',
  payment_method text          NOT NULL DEFAULT 'mpesa',
  transaction_id text,
  giving_date    date          NOT NULL DEFAULT (now() AT TIME ZONE 'Africa/Nairobi')::date,
  notes          text,
  is_verified    boolean       NOT NULL DEFAULT false,
  created_by     uuid,
  created_at     timestamptz   NOT NULL DEFAULT now(),
  updated_at     timestamptz   NOT NULL DEFAULT now(),
  CONSTRAINT giving_records_pkey PRIMARY KEY (id),
  -- Financial history must not silently turn anonymous: a member with giving records is
  -- deactivated, not deleted (the delete fails on this key).
  CONSTRAINT giving_records_member_id_fkey FOREIGN KEY (member_id)
    REFERENCES public.members (id) ON DELETE RESTRICT,
  CONSTRAINT giving_records_amount_check CHECK (amount >= 0),
  CONSTRAINT giving_records_giving_type_check CHECK (giving_type IN (
    'tithe', 'offering', 'special_project', 'building_fund', 'missions')),
  CONSTRAINT giving_records_payment_method_check CHECK (payment_method IN (
    'mpesa', 'cash', 'bank_transfer', 'check', 'equity_bank')),
  CONSTRAINT giving_records_transaction_id_key UNIQUE (transaction_id),
  CONSTRAINT giving_records_transaction_id_check CHECK (btrim(transaction_id) <> ''),
  CONSTRAINT giving_records_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.giving_records IS
  'Donations in KES. member_id NULL = anonymous. Only verified records count in financial figures.';
COMMENT ON COLUMN public.giving_records.giving_type IS
  'tithe, offering, special_project (the public form''s "special"), building_fund, missions.';
COMMENT ON COLUMN public.giving_records.payment_method IS
  'mpesa, cash, bank_transfer, check (back office) and equity_bank (online giving through the bank''s mobile-money prompt).';
CREATE INDEX giving_records_giving_date_idx ON public.giving_records (giving_date DESC);
CREATE INDEX giving_records_verified_giving_date_idx
  ON public.giving_records (giving_date) INCLUDE (amount, giving_type) WHERE is_verified;
CREATE INDEX giving_records_giving_type_giving_date_idx
  ON public.giving_records (giving_type, giving_date DESC);
CREATE INDEX giving_records_created_at_idx ON public.giving_records (created_at DESC);
CREATE INDEX giving_records_member_id_idx ON public.giving_records (member_id);
CREATE INDEX giving_records_created_by_idx ON public.giving_records (created_by);
CREATE TRIGGER giving_records_updated_at BEFORE UPDATE ON public.giving_records
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- payment_logs: one row per online payment attempt (mobile-money prompt). Inserted as pending
-- by the server before the provider is called; the provider's ids are stored from its answer;
-- the final state comes from the callback or a status query, whichever first.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.payment_logs (
  id                  uuid          NOT NULL DEFAULT gen_random_uuid(),
  account_reference   text,
  checkout_request_id text,
  merchant_request_id text,
  transaction_id      text,
  amount              numeric(12,2) NOT NULL,
  phone_number        text          NOT NULL,
  giving_type         text          NOT NULL DEFAULT 'tithe',
  status              text          NOT NULL DEFAULT 'pending',
  result_code         text,
  result_desc         text,
  result_parameters   jsonb         NOT NULL DEFAULT '[]',
  payment_provider    text          NOT NULL DEFAULT 'equity_bank',
  provider_payload    jsonb,
  is_simulated        boolean       NOT NULL DEFAULT false,
  completed_at        timestamptz,
  created_at          timestamptz   NOT NULL DEFAULT now(),
  updated_at          timestamptz   NOT NULL DEFAULT now(),
  CONSTRAINT payment_logs_pkey PRIMARY KEY (id),
  CONSTRAINT payment_logs_account_reference_key UNIQUE (account_reference),
  CONSTRAINT payment_logs_checkout_request_id_key UNIQUE (checkout_request_id),
  CONSTRAINT payment_logs_amount_check CHECK (amount >= 1),
  CONSTRAINT payment_logs_phone_number_check CHECK (phone_number ~ '^254[17][0-9]{8}$'),
  CONSTRAINT payment_logs_giving_type_check CHECK (giving_type IN (
    'tithe', 'offering', 'special_project', 'building_fund', 'missions')),
  CONSTRAINT payment_logs_status_check CHECK (status IN (
    'pending', 'completed', 'cancelled', 'timeout', 'failed', 'error', 'expired')),
  CONSTRAINT payment_logs_result_parameters_check CHECK (jsonb_typeof(result_parameters) = 'array'),
  CONSTRAINT payment_logs_payment_provider_check CHECK (payment_provider IN ('equity_bank', 'mpesa')),
  CONSTRAINT payment_logs_completed_at_check CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
COMMENT ON TABLE public.payment_logs IS
  'Online payment attempts. Written only by the server; a completed row and its giving_records row are written in one transaction.';
COMMENT ON COLUMN public.payment_logs.account_reference IS
  'Our reference sent to the provider: {accountReference}_{first 3 letters of type, upper case}_{timestamp}_{6 random characters}.';
COMMENT ON COLUMN public.payment_logs.phone_number IS 'Normalised for the provider: 254 followed by 9 digits starting with 1 or 7.';
COMMENT ON COLUMN public.payment_logs.amount IS 'KES, at least 1 (sent to the provider as a whole number).';
COMMENT ON COLUMN public.payment_logs.result_code IS 'Provider result code as text: 0 success, 1037 pending, 1032 cancelled, ...';
COMMENT ON COLUMN public.payment_logs.provider_payload IS 'Raw provider answers and callbacks, kept for audit.';
COMMENT ON COLUMN public.payment_logs.is_simulated IS 'True when demo mode (no provider credentials) simulated the payment.';
CREATE INDEX payment_logs_transaction_id_idx ON public.payment_logs (transaction_id);
CREATE INDEX payment_logs_created_at_idx ON public.payment_logs (created_at DESC);
CREATE INDEX payment_logs_pending_created_at_idx ON public.payment_logs (created_at) WHERE status = 'pending';
CREATE TRIGGER payment_logs_updated_at BEFORE UPDATE ON public.payment_logs
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- budgets: yearly allocation per budget category (one row per category and year).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.budgets (
  id               uuid          NOT NULL DEFAULT gen_random_uuid(),
  category         text          NOT NULL,
  allocated_amount numeric(12,2) NOT NULL,
  year             integer       NOT NULL,
  description      text,
  created_by       uuid,
  created_at       timestamptz   NOT NULL DEFAULT now(),
  updated_at       timestamptz   NOT NULL DEFAULT now(),
  CONSTRAINT budgets_pkey PRIMARY KEY (id),
  CONSTRAINT budgets_category_check CHECK (category IN (
    'pastoral_care', 'worship_music', 'youth_ministry', 'children_ministry',
    'outreach_evangelism', 'building_maintenance', 'utilities', 'office_supplies', 'missions',
    'special_events', 'other')),
  CONSTRAINT budgets_allocated_amount_check CHECK (allocated_amount >= 0),
  CONSTRAINT budgets_year_check CHECK (year BETWEEN 2020 AND 2030),
  CONSTRAINT budgets_year_category_key UNIQUE (year, category),
  CONSTRAINT budgets_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.budgets IS
  'Budget allocation (KES) per category and year (2020-2030). One row per (year, category), so utilisation per category is unambiguous.';
-- budgets_year_category_key serves "select by year ordered by category".
CREATE INDEX budgets_created_by_idx ON public.budgets (created_by);
CREATE TRIGGER budgets_updated_at BEFORE UPDATE ON public.budgets
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- expenses: spending against a budget line.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.expenses (
  id           uuid          NOT NULL DEFAULT gen_random_uuid(),
  budget_id    uuid,
  category     text          NOT NULL DEFAULT 'other',
  amount       numeric(12,2) NOT NULL,
  description  text          NOT NULL,
  expense_date date          NOT NULL DEFAULT (now() AT TIME ZONE 'Africa/Nairobi')::date,
  receipt_url  text,
  approved_by  uuid,
  is_approved  boolean       NOT NULL DEFAULT false,
  created_by   uuid,
  created_at   timestamptz   NOT NULL DEFAULT now(),
  updated_at   timestamptz   NOT NULL DEFAULT now(),
  CONSTRAINT expenses_pkey PRIMARY KEY (id),
  -- A budget line with expenses cannot be deleted out from under them.
  CONSTRAINT expenses_budget_id_fkey FOREIGN KEY (budget_id)
    REFERENCES public.budgets (id) ON DELETE RESTRICT,
  CONSTRAINT expenses_category_check CHECK (category IN (
    'pastoral_care', 'worship_music', 'youth_ministry', 'children_ministry',
    'outreach_evangelism', 'building_maintenance', 'utilities', 'office_supplies', 'missions',
    'special_events', 'other')),
  CONSTRAINT expenses_amount_check CHECK (amount >= 0),
  CONSTRAINT expenses_description_check CHECK (btrim(description) <> ''),
  CONSTRAINT expenses_receipt_url_check CHECK (receipt_url ~* '^https?://\S+$'),
  CONSTRAINT expenses_approved_by_fkey FOREIGN KEY (approved_by)
    REFERENCES public.users (id) ON DELETE SET NULL,
  CONSTRAINT expenses_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.expenses IS
  'Expenses (KES). category is copied from the chosen budget (other when none). Saved unapproved; approved expenses count in the dashboard and net income.';
CREATE INDEX expenses_expense_date_idx ON public.expenses (expense_date DESC);
CREATE INDEX expenses_approved_expense_date_idx
  ON public.expenses (expense_date) INCLUDE (amount) WHERE is_approved;
CREATE INDEX expenses_budget_id_idx ON public.expenses (budget_id);
CREATE INDEX expenses_approved_by_idx ON public.expenses (approved_by);
CREATE INDEX expenses_created_by_idx ON public.expenses (created_by);
CREATE TRIGGER expenses_updated_at BEFORE UPDATE ON public.expenses
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- messages: contact-a-leader messages, contact page messages and request submissions
-- (visitation, counselling, reports, events, maintenance, general) shown in the
-- Communication Hub.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.messages (
  id              uuid        NOT NULL DEFAULT gen_random_uuid(),
  subject         text        NOT NULL,
  message         text        NOT NULL,
  sender_name     text        NOT NULL,
  sender_email    text,
  sender_phone    text,
  recipient_name  text,
  recipient_role  text,
  recipient_email text,
  department      text,
  submission_type text,
  attachments     jsonb       NOT NULL DEFAULT '[]',
  status          text        NOT NULL DEFAULT 'pending',
  source          text        NOT NULL DEFAULT 'website',
  priority        text        NOT NULL DEFAULT 'normal',
  read_at         timestamptz,
  email_sent_at   timestamptz,
  email_error     text,
  email_simulated boolean     NOT NULL DEFAULT false,
  completed_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT messages_pkey PRIMARY KEY (id),
  CONSTRAINT messages_subject_check CHECK (btrim(subject) <> ''),
  CONSTRAINT messages_message_check CHECK (btrim(message) <> ''),
  CONSTRAINT messages_sender_name_check CHECK (btrim(sender_name) <> ''),
  CONSTRAINT messages_sender_email_check CHECK (sender_email ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT messages_recipient_email_check CHECK (recipient_email ~ '^[^@\s]+@[^@\s]+$'),
  CONSTRAINT messages_attachments_check CHECK (jsonb_typeof(attachments) = 'array'),
  CONSTRAINT messages_status_check CHECK (status IN (
    'pending', 'read', 'sent', 'completed', 'failed')),
  CONSTRAINT messages_source_check CHECK (source IN ('website', 'admin')),
  CONSTRAINT messages_priority_check CHECK (priority IN ('low', 'normal', 'high', 'urgent'))
);
COMMENT ON TABLE public.messages IS
  'Messages sent to church leadership from the public site (source website) or entered by staff (source admin).';
COMMENT ON COLUMN public.messages.status IS
  'pending (new), read (read_at set), sent (answered by e-mail: email_sent_at set, email_error cleared), completed (Mark Complete), failed (the answer could not be delivered).';
COMMENT ON COLUMN public.messages.attachments IS
  'Array of {name, originalName, url, path, size (bytes), type, uploadedAt}. Files are private; staff read them through signed links.';
COMMENT ON COLUMN public.messages.sender_email IS
  'NULL for anonymous request submissions (sender_name is then "Anonymous").';
COMMENT ON COLUMN public.messages.submission_type IS
  'Request category title for request-form submissions (default "General Request"); NULL for contact messages.';
COMMENT ON COLUMN public.messages.email_simulated IS 'True when the answer was "sent" in demo mode (no SMTP configured).';
CREATE INDEX messages_created_at_idx ON public.messages (created_at DESC);
CREATE INDEX messages_status_created_at_idx ON public.messages (status, created_at DESC);
CREATE INDEX messages_department_created_at_idx ON public.messages (department, created_at DESC);
CREATE INDEX messages_recipient_name_created_at_idx ON public.messages (recipient_name, created_at DESC);
CREATE TRIGGER messages_updated_at BEFORE UPDATE ON public.messages
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();

-- message_stats: the Communication Hub summary, computed from messages (never hard-coded).
-- security_invoker: a reader sees the figures of the messages its own policies let it see.
CREATE VIEW public.message_stats WITH (security_invoker = true) AS
SELECT
  count(m.id)::integer                                           AS total_messages,
  count(m.id) FILTER (WHERE m.status = 'pending')::integer       AS pending_messages,
  count(m.id) FILTER (WHERE m.status = 'sent')::integer          AS sent_messages,
  count(m.id) FILTER (WHERE m.status = 'failed')::integer        AS failed_messages,
  count(m.id) FILTER (WHERE m.created_at >= b.month_start)::integer AS messages_this_month,
  count(m.id) FILTER (WHERE m.created_at >= b.week_start)::integer  AS messages_this_week,
  count(m.id) FILTER (WHERE m.created_at >= b.day_start)::integer   AS messages_today,
  round((avg(extract(epoch FROM m.email_sent_at - m.created_at) / 60)
          FILTER (WHERE m.email_sent_at IS NOT NULL))::numeric, 1) AS avg_response_time_minutes
FROM (
  -- Calendar boundaries of the church's own day, week (Monday) and month in Africa/Nairobi.
  SELECT date_trunc('month', now() AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi' AS month_start,
         date_trunc('week',  now() AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi' AS week_start,
         date_trunc('day',   now() AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi' AS day_start
) AS b
LEFT JOIN public.messages AS m ON true;
COMMENT ON VIEW public.message_stats IS
  'One row: total, pending, sent, failed, this month/week/today (Africa/Nairobi calendar) and the average minutes from receipt to e-mail answer.';


-- ---------------------------------------------------------------------------------------------
-- message_templates: reusable SMS and e-mail texts with {name}, {date}, {event_name}
-- placeholders (saved, listed, edited and used: spec README item 6).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.message_templates (
  id         uuid        NOT NULL DEFAULT gen_random_uuid(),
  name       text        NOT NULL,
  type       text        NOT NULL,
  content    text        NOT NULL,
  category   text        NOT NULL DEFAULT 'general',
  is_active  boolean     NOT NULL DEFAULT true,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT message_templates_pkey PRIMARY KEY (id),
  CONSTRAINT message_templates_name_key UNIQUE (name),
  CONSTRAINT message_templates_name_check CHECK (btrim(name) <> ''),
  CONSTRAINT message_templates_type_check CHECK (type IN ('sms', 'email')),
  CONSTRAINT message_templates_content_check CHECK (btrim(content) <> ''),
  CONSTRAINT message_templates_category_check CHECK (category ~ '^[a-z][a-z0-9_]*$'),
  CONSTRAINT message_templates_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.message_templates IS
  'Communication templates. type sms or email (shown as SMS / Email); category defaults to general.';
CREATE INDEX message_templates_type_name_idx ON public.message_templates (type, name);
CREATE INDEX message_templates_created_by_idx ON public.message_templates (created_by);
CREATE TRIGGER message_templates_updated_at BEFORE UPDATE ON public.message_templates
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- admin_activity_logs: the audit trail read under /admin/activity-logs.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.admin_activity_logs (
  id         uuid        NOT NULL DEFAULT gen_random_uuid(),
  admin_id   uuid,
  action     text        NOT NULL,
  details    jsonb,
  ip_address inet,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT admin_activity_logs_pkey PRIMARY KEY (id),
  CONSTRAINT admin_activity_logs_admin_id_fkey FOREIGN KEY (admin_id)
    REFERENCES public.users (id) ON DELETE SET NULL,
  -- Actions are snake_case verbs (admin_login, sermon_created, expense_recorded, ...); the set
  -- grows with the product, so only the shape is checked.
  CONSTRAINT admin_activity_logs_action_check CHECK (action ~ '^[a-z][a-z0-9_]*$'),
  CONSTRAINT admin_activity_logs_details_check CHECK (jsonb_typeof(details) = 'object')
);
COMMENT ON TABLE public.admin_activity_logs IS
  'Staff activity log with the real client IP and user agent. admin_id NULL = system action or a deleted account.';
CREATE INDEX admin_activity_logs_created_at_idx ON public.admin_activity_logs (created_at DESC);
CREATE INDEX admin_activity_logs_action_created_at_idx
  ON public.admin_activity_logs (action, created_at DESC);
CREATE INDEX admin_activity_logs_admin_id_created_at_idx
  ON public.admin_activity_logs (admin_id, created_at DESC);
CREATE TRIGGER admin_activity_logs_updated_at BEFORE UPDATE ON public.admin_activity_logs
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();


-- ---------------------------------------------------------------------------------------------
-- system_settings: key/value configuration edited under /admin/settings (six tabs).
--   is_public  anon may read it: church identity, contacts, service times, office hours, the
--              paybill and bank details shown on the giving page.
--   is_secret  a credential (SMTP password, SMS key, payment keys): read only by the server,
--              never returned to any browser; never public.
--   value      JSON; JSON null means "not configured" (demo mode for credentials).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE public.system_settings (
  id          uuid        NOT NULL DEFAULT gen_random_uuid(),
  key         text        NOT NULL,
  value       jsonb       NOT NULL,
  category    text        NOT NULL DEFAULT 'general',
  is_public   boolean     NOT NULL DEFAULT false,
  is_secret   boolean     NOT NULL DEFAULT false,
  description text,
  updated_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT system_settings_pkey PRIMARY KEY (id),
  CONSTRAINT system_settings_key_key UNIQUE (key),
  CONSTRAINT system_settings_key_check CHECK (key ~ '^[a-z][a-z0-9_]*$'),
  CONSTRAINT system_settings_category_check CHECK (category IN (
    'general', 'services', 'communication', 'financial', 'security', 'notifications')),
  CONSTRAINT system_settings_is_secret_check CHECK (NOT (is_secret AND is_public)),
  CONSTRAINT system_settings_updated_by_fkey FOREIGN KEY (updated_by)
    REFERENCES public.users (id) ON DELETE SET NULL
);
COMMENT ON TABLE public.system_settings IS
  'Church configuration by key (upsert on key). Category = settings tab. is_public rows are readable by anyone; is_secret rows only by the server.';
CREATE INDEX system_settings_category_idx ON public.system_settings (category, key);
CREATE INDEX system_settings_public_idx ON public.system_settings (key) WHERE is_public;
CREATE TRIGGER system_settings_updated_at BEFORE UPDATE ON public.system_settings
  FOR EACH ROW EXECUTE FUNCTION kanisa.set_updated_at();

-- The settings registry: every key the product knows, with its tab (category), visibility and
-- secrecy fixed here. The back office saves settings by upserting {key, value, updated_by}, so
-- a key must already exist for its is_public/is_secret flags to be right; registering them all
-- here also makes this the one list of settings.
--   * Values the specifications state are the defaults (service times, office hours, request
--     routing, security limits, providers, currency, ...).
--   * The congregation's own identity, contacts and paybill/bank details start as JSON null
--     (not set): the first Super Admin enters them; seed --demo fills in a sample congregation.
--   * Credentials start as JSON null = not configured, which puts the server in demo mode for
--     that provider (spec README item 19).
-- Existing rows are never overwritten.
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description) VALUES
  -- general: church identity and contacts (public)
  ('church_name',                'null',  'general', true,  false, 'Church name (required)'),
  ('branch_name',                'null',  'general', true,  false, 'Branch name, shown with the church name'),
  ('church_address',             'null',  'general', true,  false, 'Street address'),
  ('postal_address',             'null',  'general', true,  false, 'Postal address'),
  ('church_phone',               'null',  'general', true,  false, 'Church office phone'),
  ('church_email',               'null',  'general', true,  false, 'Main church e-mail'),
  ('church_email_secondary',     'null',  'general', true,  false, 'Second church e-mail'),
  ('website',                    'null',  'general', true,  false, 'Website address'),
  ('pastor_name',                'null',  'general', true,  false, 'Senior pastor'),
  ('established_year',           'null',  'general', true,  false, 'Year the church was founded'),
  ('denomination',               '"Seventh-day Adventist"', 'general', true, false, 'Denomination'),
  ('office_hours',
   '[{"days": "Monday to Friday", "hours": "9:00 AM to 5:00 PM"}, {"days": "Saturday", "hours": "8:00 AM to 2:00 PM"}]',
                                          'general', true,  false, 'Church office hours'),
  ('maps_url',                   'null',  'general', true,  false, 'Link to the church on a maps service'),
  ('social_links',               'null',  'general', true,  false, 'Social media links: {youtube, facebook, x, instagram}'),
  ('about_statistics',           'null',  'general', true,  false, 'Church Statistics on the About page: {members, years, ministries, daughter_churches, founded_year, founding_members}'),
  -- services (public)
  ('sabbath_school_time', '{"name": "Sabbath School", "day": "Saturday", "time": "9:00 AM"}',  'services', true, false, 'Sabbath School'),
  ('divine_service_time', '{"name": "Divine Service", "day": "Saturday", "time": "11:00 AM"}', 'services', true, false, 'Sabbath Divine Service'),
  ('prayer_meeting_time', '{"name": "Prayer Meeting", "day": "Wednesday", "time": "6:00 PM"}', 'services', true, false, 'Prayer meeting'),
  ('youth_meeting_time',  '{"name": "Youth Meeting", "day": "Friday", "time": "6:00 PM"}',     'services', true, false, 'Youth meeting'),
  ('bible_study_time',           'null',  'services', true,  false, 'Bible study: {name, day, time}'),
  ('service_duration_minutes',   '90',    'services', true,  false, 'Average service duration in minutes'),
  ('weekly_activities',          'null',  'services', true,  false, 'Weekly Activities on the Events page: [{day, activities: [{time, activity, location}]}]'),
  -- communication
  ('request_routing',
   '[{"category": "prayer", "recipient": "Prayer Ministry Team", "role": "Prayer Coordinator"}, {"category": "visitation", "recipient": "Pastoral Care Team", "role": "Pastoral Care"}, {"category": "reports", "recipient": "Church Secretary", "role": "Church Secretary"}, {"category": "counseling", "recipient": "Pastor", "role": "Senior Pastor"}, {"category": "events", "recipient": "Events Committee", "role": "Events"}, {"category": "maintenance", "recipient": "Facilities Team", "role": "Facilities"}, {"category": "general", "recipient": "Church Leadership", "role": "Administrative Team"}]',
                                          'communication', true,  false, 'Who receives each kind of request'),
  ('request_mailboxes',          'null',  'communication', false, false, 'Church mailbox per role: {pastor, secretary, admin, pastoral_care, visitation, events, facilities, maintenance, default (the clerk)}'),
  ('smtp_host',                  'null',  'communication', false, false, 'SMTP server host'),
  ('smtp_port',                  '587',   'communication', false, false, 'SMTP server port'),
  ('smtp_username',              'null',  'communication', false, false, 'SMTP user name'),
  ('smtp_password',              'null',  'communication', false, true,  'SMTP password'),
  ('smtp_from_email',            'null',  'communication', false, false, 'From address of outgoing e-mail'),
  ('smtp_from_name',             'null',  'communication', false, false, 'From name of outgoing e-mail'),
  ('sms_provider',               '"africas_talking"', 'communication', false, false, 'SMS provider: africas_talking, twilio or other'),
  ('sms_username',               'null',  'communication', false, false, 'SMS provider user name (Africa''s Talking username, Twilio account SID)'),
  ('sms_api_key',                'null',  'communication', false, true,  'SMS provider API key (Twilio auth token)'),
  ('sms_sender_id',              'null',  'communication', false, false, 'SMS sender id'),
  -- financial
  ('currency',                   '"KES"', 'financial', true,  false, 'Currency: KES, USD, EUR or GBP'),
  ('enable_online_giving',       'true',  'financial', true,  false, 'Whether the giving page offers the mobile-money prompt'),
  ('mobile_money_shortcode',     'null',  'financial', true,  false, 'Merchant code / shortcode, also shown as the paybill business number'),
  ('paybill_account_number',     'null',  'financial', true,  false, 'Paybill account number shown on the giving page'),
  ('bank_details',               'null',  'financial', true,  false, 'Bank transfer details shown on the giving page: {bank, branch, account_name, account_number}'),
  ('payment_provider',           '"equity_bank"', 'financial', false, false, 'Online giving provider: equity_bank or mpesa'),
  ('mobile_money_key',           'null',  'financial', false, true,  'Mobile-money API consumer key'),
  ('mobile_money_secret',        'null',  'financial', false, true,  'Mobile-money API consumer secret'),
  ('mobile_money_passkey',       'null',  'financial', false, true,  'Mobile-money passkey'),
  ('financial_year_start_month', '1',     'financial', false, false, 'First month of the financial year (1-12)'),
  -- security (enforced by the server: spec README item 17)
  ('session_timeout_minutes',    '60',    'security', false, false, 'Idle session timeout in minutes'),
  ('min_password_length',        '6',     'security', false, false, 'Minimum password length'),
  ('require_2fa',                'false', 'security', false, false, 'Require two-factor authentication for staff'),
  ('max_login_attempts',         '5',     'security', false, false, 'Failed sign-ins before the account is locked'),
  ('lockout_duration_minutes',   '15',    'security', false, false, 'Lockout duration in minutes'),
  ('audit_logging',              'true',  'security', false, false, 'Record staff activity in the activity log'),
  ('backup_frequency',           '"daily"', 'security', false, false, 'Backup frequency: daily, weekly or monthly'),
  -- notifications
  ('email_notifications',        'true',  'notifications', false, false, 'Send e-mail notifications'),
  ('sms_notifications',          'true',  'notifications', false, false, 'Send SMS notifications'),
  ('birthday_notifications',     'true',  'notifications', false, false, 'Birthday wishes'),
  ('event_notifications',        'true',  'notifications', false, false, 'Event announcements'),
  ('payment_notifications',      'true',  'notifications', false, false, 'Payment confirmations'),
  ('attendance_follow_up',       'true',  'notifications', false, false, 'Attendance follow-up messages'),
  ('event_reminder_hours',       '24',    'notifications', false, false, 'Hours before an event to send the reminder')
ON CONFLICT (key) DO NOTHING;
