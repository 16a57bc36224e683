-- seed --demo: a sample congregation, so that every public page and every back-office screen
-- has something to show.
--
-- Loads the specifications' built-in data (12 sermons, 3 series, the 52 sample events, 22
-- departments, 12 ministries, church leaders, a featured announcement, the 33 daily verses,
-- service times, office hours and church identity) plus members, ministry participation,
-- attendance, giving, online payments, budgets, expenses, messages, message templates, prayer
-- requests and activity-log entries: about a year of the congregation's life up to the day the
-- seed runs, and the months ahead.
--
-- Everything here is fictional: names, phone numbers (+254 700 ...), e-mail addresses
-- (example.org), paybill and bank details. Replace them through System Settings and the
-- back office before going live.
--
-- Rules of this file
--   * Runs after all migrations, inside the caller's single transaction; it has no transaction
--     control of its own.
--   * Idempotent: every row has a fixed id (00000000-0000-4000-8000-TTTNNNNNNNNN, TTT = table)
--     and every INSERT ends with ON CONFLICT DO NOTHING, so a second run changes nothing (even
--     on a later day, when the dates below would come out differently) and rows edited since the
--     first run are left alone. The one exception is system_settings, whose keys migration 0002
--     registers: there the seed fills in values that are still unset (JSON null) and touches
--     nothing else.
--   * Dates are laid relative to the day the seed runs ("today": the church's day in
--     Africa/Nairobi, or the date in the setting kanisa.demo_today when it is set, e.g. by a test:
--     SELECT set_config('kanisa.demo_today', '2028-03-15', true) in the same transaction before
--     the seed), so the demo keeps its shape whenever it is loaded. They are written as they
--     stood on the reference day, Friday 27 November 2026 (R), Nairobi time (+03), and passed
--     through the helpers below, created in pg_temp at the top of this file and dropped at its
--     end. Rows are inserted with their final dates (triggers see them: monthly giving totals,
--     receipt numbers per giving year, the activity log; only messages.replied_at is set after,
--     copied from the inserted email_sent_at); never now() for a stored date.
--       - pg_temp.rolling(timestamptz), pg_temp.rolling_day(date): the congregation's recent life
--         and near future — sermons and their series, attendance, gifts, online payments,
--         expenses, messages, prayer requests, the activity log, announcements, the newest
--         members (their joining and registration dates), and the 9 back-office events ahead
--         (ids 006000000101-109). All move by one whole number of weeks, the one that puts R on
--         the Friday from yesterday to five days ahead: weekdays stay (Sabbaths are Saturdays),
--         the last Sabbath before R (the latest sermon and attendance) is 1 to 7 days ago, nothing
--         written before R reaches today (the newest entry is that Sabbath evening), and the
--         events of the coming months start on R's evening with the Friday vespers (this week's;
--         last night's when today is a Sabbath) and run over the next four months.
--       - pg_temp.yearly(timestamptz [, start]), pg_temp.yearly_day(date [, start]): the annual
--         calendar, the 52 sample events (written on the 2025 calendar). Each moves by the whole
--         number of weeks nearest to a whole number of years that puts it between 9 months
--         before today and 3 months after: same weekday, within 3 days of the same calendar
--         day, so seasonal events stay in their season (the Christmas Carol Service in December).
--         An end moves with its start.
--       - Budgets: this year's (ids 0140002026NN) and last year's (0140002025NN), by today's year
--         (at most 2030, the budgets' limit); pg_temp.budget_line(expense day, NN) gives an expense
--         the line of its own year, or last year's when it is older.
--       - Texts of dated content name no fixed date or year. Where one names a day or month it
--         is computed from the moved date (pg_temp.en_day, pg_temp.en_days for a range,
--         pg_temp.sw_day with the Kiswahili month names); references and file names that carry
--         a time (payment references' epoch milliseconds, bank and Jenga references, attachment
--         paths) are computed from the moved timestamps, the same way wherever two rows must
--         match. Texts tied to a season belong to the annual calendar only.
--       - Fixed: dates of birth, baptism, long-standing membership and ministry participation
--         (ages and years of membership change slowly), and everything without a date.
--   * No users: the binary creates the first administrator, so created_by, updated_by,
--     assigned_to and admin_id stay NULL.
--
-- Table codes in the ids: 001 departments, 002 ministries, 003 church_leaders, 004 sermon_series,
-- 005 sermons, 006 events, 007 announcements, 008 daily_verses, 009 system_settings, 010 members,
-- 011 attendance_aggregates, 012 giving_records, 013 payment_logs, 014 budgets, 015 expenses,
-- 016 messages, 017 message_templates, 018 prayer_requests, 019 admin_activity_logs.

-- Today: the church's day, or kanisa.demo_today when set.
CREATE OR REPLACE FUNCTION pg_temp.demo_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('kanisa.demo_today', true), '')::date,
                  (now() AT TIME ZONE 'Africa/Nairobi')::date)
$$;

-- The rolling shift in days: whole weeks that take R (Friday 27 November 2026) to the Friday from
-- yesterday to five days ahead of today.
CREATE OR REPLACE FUNCTION pg_temp.rolling_shift() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT 7 * ceil((pg_temp.demo_today() - DATE '2026-11-27' - 1) / 7.0)::integer
$$;

CREATE OR REPLACE FUNCTION pg_temp.rolling_day(d date) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT d + pg_temp.rolling_shift()
$$;

-- Nairobi wall-clock time is kept whatever the session's time zone.
CREATE OR REPLACE FUNCTION pg_temp.rolling(t timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT ((t AT TIME ZONE 'Africa/Nairobi') + make_interval(days => pg_temp.rolling_shift()))
         AT TIME ZONE 'Africa/Nairobi'
$$;

-- The yearly shift of a calendar day in days: whole weeks nearest to a whole number of years,
-- the first such that lands on or after today minus 9 months (so before today plus 3 months and
-- 3 days).
CREATE OR REPLACE FUNCTION pg_temp.yearly_shift(d date) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  low   date    := (pg_temp.demo_today() - interval '9 months')::date;
  n     integer := extract(year FROM low)::integer - extract(year FROM d)::integer - 2;
  shift integer;
BEGIN
  LOOP
    -- n years on, to the nearest whole week
    shift := 7 * round(((d + make_interval(years => n))::date - d) / 7.0)::integer;
    EXIT WHEN d + shift >= low;
    n := n + 1;
  END LOOP;
  RETURN shift;
END
$$;

CREATE OR REPLACE FUNCTION pg_temp.yearly_day(d date, start date DEFAULT NULL) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT d + pg_temp.yearly_shift(coalesce(start, d))
$$;

CREATE OR REPLACE FUNCTION pg_temp.yearly(t timestamptz, start timestamptz DEFAULT NULL)
RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT ((t AT TIME ZONE 'Africa/Nairobi')
          + make_interval(days => pg_temp.yearly_shift(
              (coalesce(start, t) AT TIME ZONE 'Africa/Nairobi')::date)))
         AT TIME ZONE 'Africa/Nairobi'
$$;

-- This year's budgets (the budgets' years end at 2030).
CREATE OR REPLACE FUNCTION pg_temp.budget_year() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT least(extract(year FROM pg_temp.demo_today())::integer, 2030)
$$;

-- The budget line NN (01-11) of an expense written on day d: this year's when the moved day is in
-- this year, otherwise last year's.
CREATE OR REPLACE FUNCTION pg_temp.budget_line(d date, line text) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT ('00000000-0000-4000-8000-014000'
          || CASE WHEN extract(year FROM pg_temp.rolling_day(d)) >= pg_temp.budget_year()
                  THEN '2026' ELSE '2025' END
          || line)::uuid
$$;

-- Days in texts: '12 December'; '6 to 16 January' (or '30 December to 9 January').
CREATE OR REPLACE FUNCTION pg_temp.en_day(d date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(d::timestamp, 'FMDD FMMonth')
$$;

CREATE OR REPLACE FUNCTION pg_temp.en_days(a date, b date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN date_trunc('month', a::timestamp) = date_trunc('month', b::timestamp)
              THEN extract(day FROM a)::integer::text ELSE pg_temp.en_day(a) END
         || ' to ' || pg_temp.en_day(b)
$$;

-- The same in Kiswahili: '12 Desemba'.
CREATE OR REPLACE FUNCTION pg_temp.sw_day(d date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(day FROM d)::integer || ' '
         || (ARRAY['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti',
                   'Septemba', 'Oktoba', 'Novemba', 'Desemba'])[extract(month FROM d)::integer]
$$;

CREATE OR REPLACE FUNCTION pg_temp.sw_days(a date, b date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN date_trunc('month', a::timestamp) = date_trunc('month', b::timestamp)
              THEN extract(day FROM a)::integer::text ELSE pg_temp.sw_day(a) END
         || ' hadi ' || pg_temp.sw_day(b)
$$;

-- Milliseconds since 1970 (payment references and upload paths carry them).
CREATE OR REPLACE FUNCTION pg_temp.epoch_ms(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(epoch FROM t) * 1000)::bigint::text
$$;

-- One uploaded file as the request forms store it in messages.attachments.
CREATE OR REPLACE FUNCTION pg_temp.attachment(folder text, tag text, file text, bytes integer,
                                              kind text, uploaded timestamptz) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
           'name', file, 'originalName', file,
           'url', 'https://files.example.org/church-files/' || p.path, 'path', p.path,
           'size', bytes, 'type', kind,
           'uploadedAt', to_char(uploaded AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM (SELECT folder || '/' || pg_temp.epoch_ms(uploaded) || '_' || tag || '_' || file AS path) p
$$;

-- Church leaders (30): pastoral team, elders, officers, ministry leaders, department heads.
-- display_order is one list, as in the admin table.
INSERT INTO public.church_leaders (id, name, title, position, category, email, phone, bio, years_of_service, specialties, display_order, is_active) VALUES
  ('00000000-0000-4000-8000-003000000001', 'Samuel Langat', 'pastor', 'Senior Pastor', 'pastoral', 'samuel.langat@example.org', '+254700100101', 'Pastor Samuel Langat has served in pastoral ministry for more than twenty years and has led this congregation since 2014. He loves expository preaching, discipleship and strengthening Christian homes.', 12, ARRAY['Preaching', 'Pastoral Counseling', 'Church Leadership', 'Marriage Enrichment'], 1, true),
  ('00000000-0000-4000-8000-003000000002', 'Grace Mwangi', 'pastor', 'Associate Pastor', 'pastoral', 'grace.mwangi@example.org', '+254700100102', 'Pastor Grace Mwangi joined the pastoral team in 2022 after serving as a district youth pastor. She leads the baptismal classes and the church''s counselling ministry.', 4, ARRAY['Youth Discipleship', 'Counseling', 'Bible Studies'], 2, true),
  ('00000000-0000-4000-8000-003000000003', 'Joseph Otieno', 'elder', 'First Elder', 'elder', 'joseph.otieno@example.org', '+254700100103', 'Elder Otieno coordinates the board of elders and the worship programme, and mentors newly elected church officers.', 15, ARRAY['Church Leadership', 'Worship Planning', 'Mentorship'], 3, true),
  ('00000000-0000-4000-8000-003000000004', 'Peter Kamau', 'elder', 'Elder', 'elder', 'peter.kamau@example.org', '+254700100104', 'Elder Kamau leads the visitation teams and oversees the Wednesday prayer meeting.', 10, ARRAY['Prayer Ministry', 'Visitation'], 4, true),
  ('00000000-0000-4000-8000-003000000005', 'Esther Nyaboke', 'elder', 'Elder', 'elder', 'esther.nyaboke@example.org', '+254700100105', 'Elder Nyaboke teaches the adult Bible class and supports the women''s ministries programme.', 7, ARRAY['Women''s Ministry', 'Bible Instruction'], 5, true),
  ('00000000-0000-4000-8000-003000000006', 'Daniel Rotich', 'elder', 'Elder', 'elder', 'daniel.rotich@example.org', '+254700100106', 'Elder Rotich is the elder responsible for stewardship and family life, and chairs the finance committee.', 9, ARRAY['Stewardship', 'Family Life'], 6, true),
  ('00000000-0000-4000-8000-003000000007', 'Ruth Odhiambo', 'elder', 'Elder', 'elder', 'ruth.odhiambo@example.org', '+254700100107', 'Elder Odhiambo, a nurse by profession, leads hospital and home visitation for the sick and the elderly.', 5, ARRAY['Health Ministry', 'Visitation'], 7, true),
  ('00000000-0000-4000-8000-003000000008', 'Paul Musyoka', 'elder', 'Elder', 'elder', 'paul.musyoka@example.org', '+254700100108', 'Elder Musyoka is the elder attached to the youth and coordinates the church''s evangelistic campaigns.', 6, ARRAY['Youth Mentorship', 'Evangelism'], 8, true),
  ('00000000-0000-4000-8000-003000000009', 'Mary Githinji', NULL, 'Church Clerk', 'officer', 'mary.githinji@example.org', '+254700100109', 'Mary keeps the membership register, the minutes of board and business meetings, and handles membership transfers.', 8, ARRAY['Church Records', 'Membership', 'Administration'], 9, true),
  ('00000000-0000-4000-8000-003000000010', 'Francis Okoth', NULL, 'Church Treasurer', 'officer', 'francis.okoth@example.org', '+254700100110', 'Francis receives and records tithes and offerings, remits them to the conference and reports monthly to the church board.', 6, ARRAY['Finance', 'Stewardship'], 10, true),
  ('00000000-0000-4000-8000-003000000011', 'Simon Cheruiyot', NULL, 'Head Deacon', 'officer', 'simon.cheruiyot@example.org', '+254700100111', 'Simon leads the deacons in caring for the church property and preparing for the ordinances.', 11, ARRAY['Church Facilities', 'Communion Service', 'Hospitality'], 11, true),
  ('00000000-0000-4000-8000-003000000012', 'Lucy Karanja', NULL, 'Head Deaconess', 'officer', 'lucy.karanja@example.org', '+254700100112', 'Lucy leads the deaconesses in preparing the communion and baptism services and caring for the sick and needy.', 10, ARRAY['Communion Service', 'Baptism Preparation', 'Hospitality'], 12, true),
  ('00000000-0000-4000-8000-003000000013', 'Brian Ochieng', NULL, 'Youth Ministry Leader', 'ministry', 'brian.ochieng@example.org', '+254700100113', 'Brian leads Adventist Youth Ministries: Friday vespers, Sabbath afternoon AY programmes, camps and community service.', 3, ARRAY['Youth Ministry', 'Music', 'Mentorship'], 13, true),
  ('00000000-0000-4000-8000-003000000014', 'Jane Kosgei', NULL, 'Women''s Ministries Leader', 'ministry', 'jane.kosgei@example.org', '+254700100114', 'Jane coordinates women''s fellowship, prayer retreats and the church''s empowerment projects for women.', 5, ARRAY['Women''s Ministry', 'Mentoring', 'Empowerment Projects'], 14, true),
  ('00000000-0000-4000-8000-003000000015', 'Michael Simiyu', NULL, 'Men''s Ministries Leader', 'ministry', 'michael.simiyu@example.org', '+254700100115', 'Michael brings the men of the church together for prayer breakfasts, mentorship and service projects.', 4, ARRAY['Men''s Ministry', 'Mentorship', 'Community Service'], 15, true),
  ('00000000-0000-4000-8000-003000000016', 'Faith Wafula', NULL, 'Children''s Ministries Leader', 'ministry', 'faith.wafula@example.org', '+254700100116', 'Faith leads the children''s Sabbath School divisions and directs Vacation Bible School every August.', 6, ARRAY['Children''s Ministry', 'Teaching', 'Vacation Bible School'], 16, true),
  ('00000000-0000-4000-8000-003000000017', 'David Kilonzo', NULL, 'Music Director', 'ministry', 'david.kilonzo@example.org', '+254700100117', 'David directs the church choir and the praise team and trains young instrumentalists.', 8, ARRAY['Choir Direction', 'Worship Music', 'Music Training'], 17, true),
  ('00000000-0000-4000-8000-003000000018', 'Rose Onyango', NULL, 'Community Services Leader', 'ministry', 'rose.onyango@example.org', '+254700100118', 'Rose leads the Dorcas and Community Services team in caring for the needy of the church and the town.', 7, ARRAY['Community Service', 'Welfare', 'Disaster Relief'], 18, true),
  ('00000000-0000-4000-8000-003000000019', 'Catherine Ndung''u', 'dr', 'Health Ministries Leader', 'ministry', 'catherine.ndungu@example.org', '+254700100119', 'Dr. Ndung''u, a family physician, organises the health expos, free medical camps and cooking classes.', 5, ARRAY['Health Education', 'Medical Camps', 'Nutrition'], 19, true),
  ('00000000-0000-4000-8000-003000000020', 'Kevin Korir', NULL, 'Pathfinder Club Director', 'ministry', 'kevin.korir@example.org', '+254700100120', 'Kevin directs the Pathfinder Club for young people aged 10 to 15.', 4, ARRAY['Pathfinders', 'Drill and Marching', 'Camping'], 20, true),
  ('00000000-0000-4000-8000-003000000021', 'Sarah Jerop', NULL, 'Adventurer Club Director', 'ministry', 'sarah.jerop@example.org', '+254700100121', 'Sarah directs the Adventurer Club for children aged 4 to 9 and their parents.', 3, ARRAY['Adventurers', 'Children''s Ministry'], 21, true),
  ('00000000-0000-4000-8000-003000000022', 'Stephen Nyamweya', NULL, 'Sabbath School Superintendent', 'department', 'stephen.nyamweya@example.org', '+254700100122', 'Stephen organises the Sabbath School classes and teachers and leads the mission emphasis.', 6, ARRAY['Sabbath School', 'Bible Teaching', 'Teacher Training'], 22, true),
  ('00000000-0000-4000-8000-003000000023', 'Anne Ombati', NULL, 'Personal Ministries Director', 'department', 'anne.ombati@example.org', '+254700100123', 'Anne trains members to give Bible studies and coordinates the church''s evangelistic campaigns.', 5, ARRAY['Evangelism', 'Bible Studies', 'Literature Ministry'], 23, true),
  ('00000000-0000-4000-8000-003000000024', 'Eric Gachanja', NULL, 'Communication Secretary', 'department', 'eric.gachanja@example.org', '+254700100124', 'Eric leads communication: the weekly bulletin, the website, social media and the live-stream team.', 4, ARRAY['Communication', 'Media', 'Live Streaming'], 24, true),
  ('00000000-0000-4000-8000-003000000025', 'Teresa Mutiso', NULL, 'Education Secretary', 'department', 'teresa.mutiso@example.org', '+254700100125', 'Teresa, a secondary school teacher, promotes Adventist education and runs the scholarship fund.', 6, ARRAY['Education', 'Scholarships', 'Baptismal Classes'], 25, true),
  ('00000000-0000-4000-8000-003000000026', 'George Bett', NULL, 'Stewardship Director', 'department', 'george.bett@example.org', '+254700100126', 'George leads stewardship seminars and the annual faithful-giving emphasis.', 5, ARRAY['Stewardship', 'Financial Literacy'], 26, true),
  ('00000000-0000-4000-8000-003000000027', 'Hellen Kariuki', NULL, 'Prayer Coordinator', 'department', 'hellen.kariuki@example.org', '+254700100127', 'Hellen coordinates the Prayer Ministry Team, the prayer bands and the follow-up of prayer requests.', 7, ARRAY['Intercessory Prayer', 'Prayer Ministry'], 27, true),
  ('00000000-0000-4000-8000-003000000028', 'Moses Mugo', NULL, 'Family Life Director', 'department', 'moses.mugo@example.org', '+254700100128', 'Moses and his wife Alice lead the family life ministry: marriage enrichment, premarital classes and parenting seminars.', 4, ARRAY['Family Life', 'Marriage Enrichment', 'Parenting'], 28, true),
  ('00000000-0000-4000-8000-003000000029', 'James Wainaina', NULL, 'Development Committee Chair', 'department', 'james.wainaina@example.org', '+254700100129', 'James, a civil engineer, chairs the development committee overseeing the church hall project.', 3, ARRAY['Building Projects', 'Project Management'], 29, true),
  ('00000000-0000-4000-8000-003000000030', 'Dennis Kipkemboi', NULL, 'Head Usher', 'others', 'dennis.kipkemboi@example.org', '+254700100130', 'Dennis leads the ushers who welcome members and visitors every Sabbath.', 5, ARRAY['Hospitality', 'Ushering'], 30, true)
ON CONFLICT DO NOTHING;

-- Departments (22): 9 administrative, 13 ministry. Communication, Education and Prayer Ministries
-- appear once in each category, as in the specification's 22 entries.
INSERT INTO public.departments (id, name, category, description, head, head_id, contact, phone, responsibilities, icon, color, display_order) VALUES
  ('00000000-0000-4000-8000-001000000001', 'Church Secretariat', 'administrative', 'Keeps the church''s membership records, the minutes of board and business meetings, and its official correspondence.', 'Mary Githinji', '00000000-0000-4000-8000-003000000009', 'mary.githinji@example.org', '+254700100109', ARRAY['Maintain membership records and transfers', 'Record minutes of church board and business meetings', 'Prepare baptism and membership certificates', 'Handle official church correspondence'], 'file-text', '#2d5a27', 1),
  ('00000000-0000-4000-8000-001000000002', 'Treasury', 'administrative', 'Receives, records and remits tithes and offerings, and reports on the church''s finances.', 'Francis Okoth', '00000000-0000-4000-8000-003000000010', 'francis.okoth@example.org', '+254700100110', ARRAY['Receipt and record tithes and offerings', 'Remit tithe and conference offerings every month', 'Prepare monthly financial statements', 'Support the finance committee and the budget process'], 'wallet', '#b7791f', 2),
  ('00000000-0000-4000-8000-001000000003', 'Communication', 'administrative', 'Speaks for the church: announcements, the website, public relations and relations with the media.', 'Eric Gachanja', '00000000-0000-4000-8000-003000000024', 'eric.gachanja@example.org', '+254700100124', ARRAY['Publish the weekly announcements and bulletin', 'Maintain the church website and social media', 'Handle press and community relations', 'Document church events in photos and video'], 'megaphone', '#2563eb', 3),
  ('00000000-0000-4000-8000-001000000004', 'Education', 'administrative', 'Oversees the church school and its board, and promotes Adventist education among church families.', 'Teresa Mutiso', '00000000-0000-4000-8000-003000000025', 'teresa.mutiso@example.org', '+254700100125', ARRAY['Work with the church school board', 'Promote enrolment in Adventist schools', 'Administer the education scholarship fund', 'Organise Education Sabbath'], 'graduation-cap', '#7c3aed', 4),
  ('00000000-0000-4000-8000-001000000005', 'Prayer Ministries', 'administrative', 'Coordinates the church''s prayer life: the prayer team, prayer chains and the handling of prayer requests.', 'Hellen Kariuki', '00000000-0000-4000-8000-003000000027', 'hellen.kariuki@example.org', '+254700100127', ARRAY['Organise the intercessory prayer team', 'Follow up prayer requests with care and confidentiality', 'Plan the Ten Days of Prayer and the weeks of prayer', 'Keep the church prayer calendar'], 'heart', '#db2777', 5),
  ('00000000-0000-4000-8000-001000000006', 'Stewardship', 'administrative', 'Teaches faithful stewardship of time, talents, body and means.', 'George Bett', '00000000-0000-4000-8000-003000000026', 'george.bett@example.org', '+254700100126', ARRAY['Run stewardship seminars and emphasis Sabbaths', 'Encourage faithful tithing and systematic giving', 'Promote financial literacy for families', 'Support the annual budget drive'], 'hand-coins', '#ca8a04', 6),
  ('00000000-0000-4000-8000-001000000007', 'Deacons', 'administrative', 'Care for the church building and property, prepare for communion and baptism, and keep order during services.', 'Simon Cheruiyot', '00000000-0000-4000-8000-003000000011', 'simon.cheruiyot@example.org', '+254700100111', ARRAY['Prepare the sanctuary for services', 'Assist with the ordinances of communion and baptism', 'Visit and support members in need', 'Keep order and safety during services'], 'shield', '#0f766e', 7),
  ('00000000-0000-4000-8000-001000000008', 'Deaconesses', 'administrative', 'Assist with the ordinances, care for the sick and needy, and extend hospitality to visitors.', 'Lucy Karanja', '00000000-0000-4000-8000-003000000012', 'lucy.karanja@example.org', '+254700100112', ARRAY['Prepare the communion table and baptismal robes', 'Assist candidates at baptism', 'Visit the sick and the elderly', 'Welcome and host visitors'], 'hand-heart', '#be185d', 8),
  ('00000000-0000-4000-8000-001000000009', 'Development', 'administrative', 'Plans and oversees church building projects, property maintenance and fundraising for development.', 'James Wainaina', '00000000-0000-4000-8000-003000000029', 'james.wainaina@example.org', '+254700100129', ARRAY['Plan and supervise building projects', 'Maintain church property and equipment', 'Organise development fundraising', 'Report project progress to the church board'], 'building', '#92400e', 9),
  ('00000000-0000-4000-8000-001000000010', 'Sabbath School', 'ministry', 'Leads Bible study on Sabbath morning for every age group, with mission emphasis and class fellowship.', 'Stephen Nyamweya', '00000000-0000-4000-8000-003000000022', 'stephen.nyamweya@example.org', '+254700100122', ARRAY['Organise Sabbath School classes and teachers', 'Promote daily study of the lesson', 'Lead mission reports and Thirteenth Sabbath offerings', 'Train Sabbath School teachers'], 'book-open', '#15803d', 10),
  ('00000000-0000-4000-8000-001000000011', 'Personal Ministries', 'ministry', 'Equips every member for soul winning through Bible studies, literature and public evangelism.', 'Anne Ombati', '00000000-0000-4000-8000-003000000023', 'anne.ombati@example.org', '+254700100123', ARRAY['Train members to give Bible studies', 'Coordinate evangelistic campaigns', 'Distribute literature in the community', 'Follow up interests and new believers'], 'users', '#0369a1', 11),
  ('00000000-0000-4000-8000-001000000012', 'Adventist Youth Ministries', 'ministry', 'Youth programmes that build faith, leadership and service among young people.', 'Brian Ochieng', '00000000-0000-4000-8000-003000000013', 'brian.ochieng@example.org', '+254700100113', ARRAY['Run AY programmes on Sabbath afternoons', 'Organise youth weeks of prayer, camps and retreats', 'Mentor young people in leadership', 'Engage the youth in community service'], 'flame', '#ea580c', 12),
  ('00000000-0000-4000-8000-001000000013', 'Children''s Ministries', 'ministry', 'Nurtures children in the love of Jesus through Sabbath School, Bible clubs and Vacation Bible School.', 'Faith Wafula', '00000000-0000-4000-8000-003000000016', 'faith.wafula@example.org', '+254700100116', ARRAY['Run the children''s Sabbath School divisions', 'Direct Vacation Bible School', 'Plan Children''s Sabbath', 'Train children''s teachers'], 'baby', '#f59e0b', 13),
  ('00000000-0000-4000-8000-001000000014', 'Women''s Ministries', 'ministry', 'Supports, encourages and equips women for service in the church and the community.', 'Jane Kosgei', '00000000-0000-4000-8000-003000000014', 'jane.kosgei@example.org', '+254700100114', ARRAY['Organise the Women''s Day of Prayer and retreats', 'Run mentoring and support groups', 'Lead literacy and empowerment projects', 'Care for widows and single mothers'], 'flower', '#c026d3', 14),
  ('00000000-0000-4000-8000-001000000015', 'Adventist Men''s Ministries', 'ministry', 'Brings men together for prayer, mentorship and service as spiritual leaders at home and in church.', 'Michael Simiyu', '00000000-0000-4000-8000-003000000015', 'michael.simiyu@example.org', '+254700100115', ARRAY['Hold prayer breakfasts and retreats', 'Mentor young men', 'Lead community service projects', 'Support men as spiritual leaders of their homes'], 'user-check', '#1d4ed8', 15),
  ('00000000-0000-4000-8000-001000000016', 'Family Life', 'ministry', 'Strengthens marriages and homes through seminars, counselling and family events.', 'Moses Mugo', '00000000-0000-4000-8000-003000000028', 'moses.mugo@example.org', '+254700100128', ARRAY['Plan Christian Home and Marriage Week', 'Offer premarital counselling', 'Run parenting seminars', 'Organise family fun days'], 'home', '#16a34a', 16),
  ('00000000-0000-4000-8000-001000000017', 'Health Ministries', 'ministry', 'Promotes healthful living through health talks, screenings and community health camps.', 'Dr. Catherine Ndung''u', '00000000-0000-4000-8000-003000000019', 'catherine.ndungu@example.org', '+254700100119', ARRAY['Hold health expos and free medical camps', 'Teach cooking and nutrition classes', 'Run temperance and recovery programmes', 'Give health talks on Sabbath'], 'heart-pulse', '#dc2626', 17),
  ('00000000-0000-4000-8000-001000000018', 'Music', 'ministry', 'Leads congregational worship through the choir, special music and instrumentalists.', 'David Kilonzo', '00000000-0000-4000-8000-003000000017', 'david.kilonzo@example.org', '+254700100117', ARRAY['Direct the church choir', 'Schedule special music for services', 'Train musicians and song leaders', 'Organise music Sabbaths and concerts'], 'music', '#9333ea', 18),
  ('00000000-0000-4000-8000-001000000019', 'Communication', 'ministry', 'The media ministry team: live-streaming of services, sound, projection and sermon recordings.', 'Eric Gachanja', '00000000-0000-4000-8000-003000000024', 'eric.gachanja@example.org', '+254700100124', ARRAY['Live-stream the Sabbath services', 'Operate sound and projection', 'Record and publish sermons', 'Train media volunteers'], 'video', '#0ea5e9', 19),
  ('00000000-0000-4000-8000-001000000020', 'Education', 'ministry', 'Christian education in the local church: baptismal classes, Bible school and member training.', 'Teresa Mutiso', '00000000-0000-4000-8000-003000000025', 'teresa.mutiso@example.org', '+254700100125', ARRAY['Run baptismal classes', 'Offer Bible correspondence courses', 'Organise member training seminars', 'Mentor and support students'], 'book', '#6d28d9', 20),
  ('00000000-0000-4000-8000-001000000021', 'Prayer Ministries', 'ministry', 'The congregation''s praying ministry: the Wednesday prayer meeting, prayer bands and prayer partners.', 'Hellen Kariuki', '00000000-0000-4000-8000-003000000027', 'hellen.kariuki@example.org', '+254700100127', ARRAY['Lead the Wednesday prayer meeting', 'Organise prayer bands and prayer partners', 'Hold prayer vigils', 'Pray with the sick and the bereaved'], 'sparkles', '#e11d48', 21),
  ('00000000-0000-4000-8000-001000000022', 'Community Services', 'ministry', 'The church''s hands in the community: Dorcas welfare, disaster relief and care for the needy.', 'Rose Onyango', '00000000-0000-4000-8000-003000000018', 'rose.onyango@example.org', '+254700100118', ARRAY['Collect and distribute food and clothing', 'Visit orphans, widows and the elderly', 'Respond to emergencies and disasters', 'Run community health and literacy projects'], 'hand-helping', '#65a30d', 22)
ON CONFLICT DO NOTHING;

-- Ministries (12, the About page's figure). Categories: age-groups, worship, health, support. The
-- footer's six are Youth, Women's, Men's, Children's, Music and Community Outreach.
INSERT INTO public.ministries (id, name, category, description, leader, leader_id, contact, phone, meeting_time, location, activities, icon, color, image, detailed_description, mission, volunteer_opportunities, resources, photo_gallery, schedule, display_order) VALUES
  ('00000000-0000-4000-8000-002000000001', 'Youth Ministry', 'age-groups', 'Adventist Youth Ministries for young people aged 16 to 35: worship, Bible study, leadership and service.', 'Brian Ochieng', '00000000-0000-4000-8000-003000000013', 'brian.ochieng@example.org', '+254700100113', 'Friday 6:00 PM', 'Youth Hall', ARRAY['AY Programmes', 'Youth Camps', 'Bible Study Groups', 'Community Service', 'Music and Drama'], 'users', '#ea580c', NULL, 'Our youth meet every Friday evening for vespers and on Sabbath afternoon for the AY programme. Through camps, retreats, mentorship and service projects we help young people own their faith and lead.', 'To lead young people to Jesus, build them up in the faith and train them for service.', '[{"title": "Youth Mentor", "description": "Walk with a small group of young people through the year.", "requirements": ["Baptised member", "Commitment to confidentiality"], "timeCommitment": "2 hours per week"}, {"title": "Camp Counsellor", "description": "Lead a cabin at the annual youth camp.", "requirements": ["At least 21 years old", "First-aid training (provided)"], "timeCommitment": "One week in December"}]'::jsonb, '[{"name": "AY Programme Planner", "type": "PDF", "size": "1.2 MB"}, {"name": "Youth Camp Registration Form", "type": "PDF", "size": "240 KB"}]'::jsonb, '[]'::jsonb, '[{"day": "Friday", "time": "6:00 PM", "activity": "Youth Vespers", "location": "Youth Hall"}, {"day": "Saturday", "time": "3:00 PM", "activity": "AY Programme", "location": "Main Sanctuary"}]'::jsonb, 1),
  ('00000000-0000-4000-8000-002000000002', 'Children''s Ministry', 'age-groups', 'Sabbath School divisions, Bible stories and songs that help children grow in the love of Jesus.', 'Faith Wafula', '00000000-0000-4000-8000-003000000016', 'faith.wafula@example.org', '+254700100116', 'Saturday 9:00 AM', 'Children''s Hall', ARRAY['Children''s Sabbath School', 'Bible Stories', 'Vacation Bible School', 'Children''s Choir'], 'baby', '#f59e0b', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 2),
  ('00000000-0000-4000-8000-002000000003', 'Pathfinder Club', 'age-groups', 'A club for young people aged 10 to 15 that builds character through honours, drill, camping and service.', 'Kevin Korir', '00000000-0000-4000-8000-003000000020', 'kevin.korir@example.org', '+254700100120', 'Sunday 2:00 PM', 'Church Grounds', ARRAY['Drill and Marching', 'Honours', 'Camping', 'Community Service'], 'compass', '#1e3a8a', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 3),
  ('00000000-0000-4000-8000-002000000004', 'Adventurer Club', 'age-groups', 'A club for children aged 4 to 9 and their parents, learning about God, nature and family.', 'Sarah Jerop', '00000000-0000-4000-8000-003000000021', 'sarah.jerop@example.org', '+254700100121', 'Sunday 10:00 AM', 'Children''s Hall', ARRAY['Class Awards', 'Nature Walks', 'Family Activities'], 'star', '#f97316', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 4),
  ('00000000-0000-4000-8000-002000000005', 'Music Ministry', 'worship', 'The church choir, praise team and instrumentalists who lead the congregation in worship.', 'David Kilonzo', '00000000-0000-4000-8000-003000000017', 'david.kilonzo@example.org', '+254700100117', 'Thursday 5:30 PM', 'Main Sanctuary', ARRAY['Church Choir', 'Praise Team', 'Special Music', 'Instrument Training'], 'music', '#9333ea', NULL, 'The choir rehearses on Thursday evenings and Sabbath afternoons and sings at the Divine Service twice a month. The praise team leads song service every Sabbath.', 'To lead God''s people into His presence through music that honours Him.', '[{"title": "Choir Member", "description": "Sing with the church choir.", "requirements": ["Able to attend rehearsals", "Baptised member"], "timeCommitment": "3 hours per week"}, {"title": "Sound Technician", "description": "Run the sound desk for services and concerts.", "requirements": ["Basic audio knowledge (training provided)"], "timeCommitment": "Two Sabbaths a month"}]'::jsonb, '[{"name": "Choir Rehearsal Schedule", "type": "PDF", "size": "180 KB"}]'::jsonb, '[]'::jsonb, '[{"day": "Thursday", "time": "5:30 PM", "activity": "Choir Rehearsal", "location": "Main Sanctuary"}, {"day": "Saturday", "time": "2:30 PM", "activity": "Praise Team Practice", "location": "Main Sanctuary"}]'::jsonb, 5),
  ('00000000-0000-4000-8000-002000000006', 'Prayer Ministry', 'worship', 'Intercessory prayer for the church, the community and every request received.', 'Hellen Kariuki', '00000000-0000-4000-8000-003000000027', 'hellen.kariuki@example.org', '+254700100127', 'Wednesday 6:00 PM', 'Main Sanctuary', ARRAY['Prayer Meeting', 'Prayer Bands', 'Intercessory Prayer', 'Prayer Vigils'], 'heart', '#e11d48', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 6),
  ('00000000-0000-4000-8000-002000000007', 'Sabbath School', 'worship', 'Bible study in classes for every age, with mission reports and fellowship.', 'Stephen Nyamweya', '00000000-0000-4000-8000-003000000022', 'stephen.nyamweya@example.org', '+254700100122', 'Saturday 9:00 AM', 'Main Sanctuary', ARRAY['Adult Bible Classes', 'Mission Reports', 'Teacher Training'], 'book-open', '#15803d', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 7),
  ('00000000-0000-4000-8000-002000000008', 'Health Ministry', 'health', 'Health education and free medical camps for the church and the community.', 'Dr. Catherine Ndung''u', '00000000-0000-4000-8000-003000000019', 'catherine.ndungu@example.org', '+254700100119', 'First Sunday of the month, 2:00 PM', 'Fellowship Hall', ARRAY['Health Talks', 'Free Medical Camps', 'Cooking Classes', 'Fitness Walks'], 'heart-pulse', '#dc2626', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 8),
  ('00000000-0000-4000-8000-002000000009', 'Women''s Ministry', 'support', 'Fellowship, prayer and empowerment for the women of the church and the community.', 'Jane Kosgei', '00000000-0000-4000-8000-003000000014', 'jane.kosgei@example.org', '+254700100114', 'Second Sunday of the month, 2:00 PM', 'Fellowship Hall', ARRAY['Prayer Retreats', 'Mentoring Groups', 'Empowerment Projects', 'Hospital Visits'], 'flower', '#c026d3', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 9),
  ('00000000-0000-4000-8000-002000000010', 'Men''s Ministry', 'support', 'Men growing together as spiritual leaders in their homes, the church and the community.', 'Michael Simiyu', '00000000-0000-4000-8000-003000000015', 'michael.simiyu@example.org', '+254700100115', 'Last Sunday of the month, 7:00 AM', 'Fellowship Hall', ARRAY['Prayer Breakfasts', 'Mentorship', 'Service Projects'], 'user-check', '#1d4ed8', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 10),
  ('00000000-0000-4000-8000-002000000011', 'Community Outreach', 'support', 'Dorcas and Community Services: food and clothing distribution, visits and disaster relief in the town.', 'Rose Onyango', '00000000-0000-4000-8000-003000000018', 'rose.onyango@example.org', '+254700100118', 'Contact for details', 'Community Services Centre', ARRAY['Food Distribution', 'Hospital Visits', 'Prison Ministry', 'Disaster Relief', 'Literacy Classes'], 'hand-helping', '#65a30d', NULL, 'Every month the Community Services team distributes food and clothing to families in need, visits the county referral hospital and the prison, and responds when disaster strikes.', 'To show the love of Jesus by meeting the practical needs of our neighbours.', '[{"title": "Food Drive Volunteer", "description": "Sort and distribute food packs on distribution Sundays.", "requirements": ["None"], "timeCommitment": "4 hours a month"}]'::jsonb, '[{"name": "Community Services Annual Report", "type": "PDF", "size": "2.1 MB"}]'::jsonb, '[]'::jsonb, '[{"day": "Sunday", "time": "9:00 AM", "activity": "Food and Clothing Distribution (first Sunday)", "location": "Community Services Centre"}]'::jsonb, 11),
  ('00000000-0000-4000-8000-002000000012', 'Family Life Ministry', 'support', 'Marriage enrichment, premarital classes and parenting seminars for strong Christian homes.', 'Moses Mugo', '00000000-0000-4000-8000-003000000028', 'moses.mugo@example.org', '+254700100128', 'Contact for details', 'Fellowship Hall', ARRAY['Marriage Enrichment', 'Premarital Classes', 'Parenting Seminars', 'Family Fun Days'], 'home', '#16a34a', NULL, NULL, NULL, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 12)
ON CONFLICT DO NOTHING;

-- Sermon series (3), started with their first sermons (rolling). Progress = current_message /
-- message_count.
INSERT INTO public.sermon_series (id, title, subtitle, description, message_count, current_message, start_date, topics, is_active) VALUES
  ('00000000-0000-4000-8000-004000000001', 'Prophecy Speaks Today', 'Hope and certainty from Daniel and Revelation', 'A journey through the prophecies of Daniel and Revelation, showing that God holds history in His hands and that Jesus is coming again.', 8, 5, pg_temp.rolling_day('2026-10-24'), ARRAY['Daniel 2', 'The Sanctuary', 'The Three Angels'' Messages', 'The Sabbath', 'The Second Coming'], true),
  ('00000000-0000-4000-8000-004000000002', 'Faithful Stewards', 'Managing all that God entrusts to us', 'Four messages on stewardship of our means, our bodies, our time and our talents.', 4, 4, pg_temp.rolling_day('2026-09-26'), ARRAY['Tithe and Offerings', 'Health', 'Time', 'Spiritual Gifts'], true),
  ('00000000-0000-4000-8000-004000000003', 'Abide in Christ', 'Growing in a daily walk with Jesus', 'What it means to remain in Jesus day by day: the Word, the Spirit and prayer.', 6, 3, pg_temp.rolling_day('2026-09-05'), ARRAY['John 15', 'The Holy Spirit', 'Prayer'], true)
ON CONFLICT DO NOTHING;

-- Sermons (12), all published, on the twelve Sabbaths up to the last one before R (rolling: 5
-- September to 21 November 2026 on R); the media file names carry the date. Demo media live under
-- media.example.org; no video links (the site falls back to the audio link).
INSERT INTO public.sermons (id, title, description, speaker, sermon_date, audio_url, video_url, notes_url, series, tags, is_published) VALUES
  ('00000000-0000-4000-8000-005000000001', 'The Vine and the Branches', 'John 15:1-8. Fruitfulness is not the fruit of effort but of connection: apart from Jesus we can do nothing.', 'Pr. Samuel Langat', pg_temp.rolling_day('2026-09-05'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-05'), 'YYYY-MM-DD') || '-the-vine-and-the-branches.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-05'), 'YYYY-MM-DD') || '-the-vine-and-the-branches-notes.pdf', 'Abide in Christ', ARRAY['abiding', 'discipleship', 'John'], true),
  ('00000000-0000-4000-8000-005000000002', 'Walking in the Spirit', 'Galatians 5:16-25. The fruit of the Spirit grows in the life surrendered to Him each day.', 'Pr. Grace Mwangi', pg_temp.rolling_day('2026-09-12'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-12'), 'YYYY-MM-DD') || '-walking-in-the-spirit.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-12'), 'YYYY-MM-DD') || '-walking-in-the-spirit-notes.pdf', 'Abide in Christ', ARRAY['Holy Spirit', 'fruit of the Spirit'], true),
  ('00000000-0000-4000-8000-005000000003', 'Lord, Teach Us to Pray', 'Luke 11:1-13. Prayer as the breath of the soul, and the Father who delights to give good gifts.', 'Elder Joseph Otieno', pg_temp.rolling_day('2026-09-19'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-19'), 'YYYY-MM-DD') || '-lord-teach-us-to-pray.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-19'), 'YYYY-MM-DD') || '-lord-teach-us-to-pray-notes.pdf', 'Abide in Christ', ARRAY['prayer', 'devotion'], true),
  ('00000000-0000-4000-8000-005000000004', 'Everything Belongs to God', 'Psalm 24:1. Stewardship begins with recognising God as the owner of all we have and are.', 'Pr. Samuel Langat', pg_temp.rolling_day('2026-09-26'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-26'), 'YYYY-MM-DD') || '-everything-belongs-to-god.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-09-26'), 'YYYY-MM-DD') || '-everything-belongs-to-god-notes.pdf', 'Faithful Stewards', ARRAY['stewardship', 'ownership'], true),
  ('00000000-0000-4000-8000-005000000005', 'Return and Rejoice', 'Malachi 3:8-12. Tithes and offerings as worship, and the open windows of heaven.', 'Elder Daniel Rotich', pg_temp.rolling_day('2026-10-03'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-03'), 'YYYY-MM-DD') || '-return-and-rejoice.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-03'), 'YYYY-MM-DD') || '-return-and-rejoice-notes.pdf', 'Faithful Stewards', ARRAY['tithe', 'offerings', 'faithfulness'], true),
  ('00000000-0000-4000-8000-005000000006', 'Stewards of the Body', '1 Corinthians 6:19-20. Our bodies are temples of the Holy Spirit: health as part of worship.', 'Dr. Catherine Ndung''u', pg_temp.rolling_day('2026-10-10'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-10'), 'YYYY-MM-DD') || '-stewards-of-the-body.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-10'), 'YYYY-MM-DD') || '-stewards-of-the-body-notes.pdf', 'Faithful Stewards', ARRAY['health', 'temperance'], true),
  ('00000000-0000-4000-8000-005000000007', 'Time, Talents and Treasure', 'Matthew 25:14-30. Every gift God gives is meant to be invested for His kingdom.', 'Pr. Grace Mwangi', pg_temp.rolling_day('2026-10-17'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-17'), 'YYYY-MM-DD') || '-time-talents-and-treasure.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-17'), 'YYYY-MM-DD') || '-time-talents-and-treasure-notes.pdf', 'Faithful Stewards', ARRAY['talents', 'service'], true),
  ('00000000-0000-4000-8000-005000000008', 'The Dream of a King', 'Daniel 2. The God who reveals secrets shows the rise and fall of kingdoms and the kingdom that will never end.', 'Pr. Samuel Langat', pg_temp.rolling_day('2026-10-24'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-24'), 'YYYY-MM-DD') || '-the-dream-of-a-king.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-24'), 'YYYY-MM-DD') || '-the-dream-of-a-king-notes.pdf', 'Prophecy Speaks Today', ARRAY['prophecy', 'Daniel'], true),
  ('00000000-0000-4000-8000-005000000009', 'The Sanctuary Message', 'Daniel 8:14 and Hebrews 8:1-2. Jesus our High Priest ministers for us in the heavenly sanctuary.', 'Pr. Wilfred Kiprop', pg_temp.rolling_day('2026-10-31'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-31'), 'YYYY-MM-DD') || '-the-sanctuary-message.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-10-31'), 'YYYY-MM-DD') || '-the-sanctuary-message-notes.pdf', 'Prophecy Speaks Today', ARRAY['sanctuary', 'judgment', 'Hebrews'], true),
  ('00000000-0000-4000-8000-005000000010', 'The Three Angels'' Messages', 'Revelation 14:6-12. The everlasting gospel for every nation, kindred, tongue and people.', 'Pr. Samuel Langat', pg_temp.rolling_day('2026-11-07'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-11-07'), 'YYYY-MM-DD') || '-the-three-angels-messages.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-11-07'), 'YYYY-MM-DD') || '-the-three-angels-messages-notes.pdf', 'Prophecy Speaks Today', ARRAY['Revelation', 'three angels', 'gospel'], true),
  ('00000000-0000-4000-8000-005000000011', 'The Sabbath: A Sign of Love', 'Exodus 20:8-11 and Ezekiel 20:12. The Sabbath as a memorial of creation and a sign of the God who sanctifies.', 'Elder Paul Musyoka', pg_temp.rolling_day('2026-11-14'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-11-14'), 'YYYY-MM-DD') || '-the-sabbath-a-sign-of-love.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-11-14'), 'YYYY-MM-DD') || '-the-sabbath-a-sign-of-love-notes.pdf', 'Prophecy Speaks Today', ARRAY['Sabbath', 'creation'], true),
  ('00000000-0000-4000-8000-005000000012', 'Behold, He Cometh', 'Revelation 1:7. The blessed hope of the Second Coming and how to be ready.', 'Pr. Samuel Langat', pg_temp.rolling_day('2026-11-21'), 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-11-21'), 'YYYY-MM-DD') || '-behold-he-cometh.mp3', NULL, 'https://media.example.org/sermons/' || to_char(pg_temp.rolling_day('2026-11-21'), 'YYYY-MM-DD') || '-behold-he-cometh-notes.pdf', 'Prophecy Speaks Today', ARRAY['Second Coming', 'hope'], true)
ON CONFLICT DO NOTHING;

-- Events: the 52 sample events, an annual calendar written on 2025's (yearly: from 9 months ago
-- to 3 months ahead; public-site event types, each of the 31 at least once; NULL end = All Day),
-- then 9 events over the next four months, from R's evening on (rolling; back-office event
-- types) so the home page always has upcoming events; the last is a draft. Those 9 are tied to no
-- season and repeat no theme of the calendar (which has the carols, the Ten Days of Prayer and
-- the like), and none is held in the church on a Sabbath morning, the calendar's time.
INSERT INTO public.events (id, title, description, start_date, end_date, location, event_type, category, department, attendees, max_attendees, cost, requires_registration, is_published) VALUES
  ('00000000-0000-4000-8000-006000000001', 'New Year Dedication Sabbath', 'We begin the year by dedicating our families, our plans and our church to God in a special Sabbath of prayer and praise.', pg_temp.yearly('2025-01-04 09:00:00+03'), pg_temp.yearly('2025-01-04 13:00:00+03', '2025-01-04 09:00:00+03'), 'Main Sanctuary', 'Prayer Event', 'worship', 'Prayer Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000002', 'Ten Days of Prayer', 'Ten evenings of united prayer, from ' || pg_temp.en_days(pg_temp.yearly_day('2025-01-08'), pg_temp.yearly_day('2025-01-18', '2025-01-08')) || ', closing with a Sabbath of praise and testimonies.', pg_temp.yearly('2025-01-08 18:00:00+03'), pg_temp.yearly('2025-01-18 13:00:00+03', '2025-01-08 18:00:00+03'), 'Main Sanctuary', 'Prayer Week', 'prayer', 'Prayer Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000003', 'Induction of Church Officers', 'Dedication service for the church officers elected for the year.', pg_temp.yearly('2025-01-18 14:30:00+03'), pg_temp.yearly('2025-01-18 17:00:00+03', '2025-01-18 14:30:00+03'), 'Main Sanctuary', 'Induction', 'leadership', 'Church Secretariat', 'Church officers', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000004', 'Church Officers Training Seminar', 'Training for elders, deacons, deaconesses, clerks, treasurers and department leaders, led by the pastoral team.', pg_temp.yearly('2025-01-26 09:00:00+03'), pg_temp.yearly('2025-01-26 16:00:00+03', '2025-01-26 09:00:00+03'), 'Fellowship Hall', 'Training', 'leadership', 'Church Secretariat', 'Church officers', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000005', 'Stewardship Emphasis Sabbath', 'A Sabbath on faithfulness in tithes, offerings and the use of our time and talents.', pg_temp.yearly('2025-02-01 09:00:00+03'), pg_temp.yearly('2025-02-01 13:00:00+03', '2025-02-01 09:00:00+03'), 'Main Sanctuary', 'Stewardship', 'stewardship', 'Stewardship', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000006', 'Health Expo and Free Medical Camp', 'Free blood pressure, blood sugar and eye screening, health talks and healthy cooking demonstrations.', pg_temp.yearly('2025-02-09 08:00:00+03'), pg_temp.yearly('2025-02-09 16:00:00+03', '2025-02-09 08:00:00+03'), 'Church Grounds', 'Health Ministry', 'health', 'Health Ministries', 'Open to the community', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000007', 'Christian Home and Marriage Sabbath', 'Closing Sabbath of Christian Home and Marriage Week, with an afternoon marriage enrichment session.', pg_temp.yearly('2025-02-15 09:00:00+03'), pg_temp.yearly('2025-02-15 17:00:00+03', '2025-02-15 09:00:00+03'), 'Main Sanctuary', 'Family Life', 'family', 'Family Life', 'Couples and families', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000008', 'Singles Fellowship Afternoon', 'An afternoon of fellowship, a panel discussion on purposeful singleness, and prayer.', pg_temp.yearly('2025-02-22 14:00:00+03'), pg_temp.yearly('2025-02-22 18:00:00+03', '2025-02-22 14:00:00+03'), 'Fellowship Hall', 'Singles Ministry', 'fellowship', 'Family Life', 'Singles 25 years and above', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000009', 'Women''s Day of Prayer', 'The world church''s Women''s Day of Prayer, led by the women''s ministries team.', pg_temp.yearly('2025-03-01 09:00:00+03'), pg_temp.yearly('2025-03-01 13:00:00+03', '2025-03-01 09:00:00+03'), 'Main Sanctuary', 'Women''s Ministry', 'prayer', 'Women''s Ministries', 'Women of all ages', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000010', 'Adventurer Induction', 'New Adventurers and their parents are welcomed into the club for the year.', pg_temp.yearly('2025-03-08 15:00:00+03'), pg_temp.yearly('2025-03-08 17:00:00+03', '2025-03-08 15:00:00+03'), 'Main Sanctuary', 'Adventurer Program', 'children', 'Children''s Ministries', 'Adventurers and parents', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000011', 'Youth Week of Prayer', 'A week of evening meetings led by the youth, closing with a youth-led Divine Service.', pg_temp.yearly('2025-03-15 18:00:00+03'), pg_temp.yearly('2025-03-22 13:00:00+03', '2025-03-15 18:00:00+03'), 'Youth Hall', 'Youth Program', 'youth', 'Adventist Youth Ministries', 'Youth aged 16 to 35', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000012', 'Church Media and Communication Workshop', 'Hands-on training in live-streaming, photography, social media and writing church news.', pg_temp.yearly('2025-03-23 09:00:00+03'), pg_temp.yearly('2025-03-23 15:00:00+03', '2025-03-23 09:00:00+03'), 'Fellowship Hall', 'Communication', 'education', 'Communication', 'Media volunteers', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000013', 'Quarterly Communion Service', 'The ordinances of foot washing and the Lord''s Supper.', pg_temp.yearly('2025-03-29 11:00:00+03'), pg_temp.yearly('2025-03-29 14:00:00+03', '2025-03-29 11:00:00+03'), 'Main Sanctuary', 'Communion', 'worship', 'Deacons', 'Baptised members', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000014', 'Sabbath School Visitors'' Day', 'Invite a friend to Sabbath School: special programme, visitors'' class and fellowship lunch.', pg_temp.yearly('2025-04-05 09:00:00+03'), pg_temp.yearly('2025-04-05 13:00:00+03', '2025-04-05 09:00:00+03'), 'Main Sanctuary', 'Sabbath School', 'worship', 'Sabbath School', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000015', 'Literature Evangelism Rally', 'Literature evangelists share testimonies, and members take books and magazines into the town.', pg_temp.yearly('2025-04-12 09:00:00+03'), pg_temp.yearly('2025-04-12 16:00:00+03', '2025-04-12 09:00:00+03'), 'Main Sanctuary', 'Publishing', 'outreach', 'Personal Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000016', 'Resurrection Music Concert', 'The choir and guest groups celebrate the risen Saviour in song.', pg_temp.yearly('2025-04-19 18:00:00+03'), pg_temp.yearly('2025-04-19 20:30:00+03', '2025-04-19 18:00:00+03'), 'Main Sanctuary', 'Music Ministry', 'music', 'Music', 'Open to the community', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000017', 'Public Evangelistic Campaign', 'Two weeks of nightly Bible meetings in the tent on the church grounds, closing with a baptism.', pg_temp.yearly('2025-04-26 18:00:00+03'), pg_temp.yearly('2025-05-10 13:00:00+03', '2025-04-26 18:00:00+03'), 'Church Grounds', 'Personal Ministry', 'outreach', 'Personal Ministries', 'Open to the community', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000018', 'Church Hall Building Fund Harambee', 'A fundraising day for the new church hall, with guests from the conference and sister churches.', pg_temp.yearly('2025-05-03 10:00:00+03'), pg_temp.yearly('2025-05-03 15:00:00+03', '2025-05-03 10:00:00+03'), 'Main Sanctuary', 'Development', 'development', 'Development', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000019', 'Mothers'' Appreciation Sabbath', 'We honour the mothers of the church with special music, gifts and a blessing.', pg_temp.yearly('2025-05-10 09:00:00+03'), pg_temp.yearly('2025-05-10 13:00:00+03', '2025-05-10 09:00:00+03'), 'Main Sanctuary', 'Recognition', 'family', 'Women''s Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000020', 'Master Guide Training Class', 'Monthly training class for Master Guide candidates.', pg_temp.yearly('2025-05-17 14:00:00+03'), pg_temp.yearly('2025-05-17 17:30:00+03', '2025-05-17 14:00:00+03'), 'Youth Hall', 'Master Guide', 'youth', 'Adventist Youth Ministries', 'Master Guide candidates', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000021', 'Children''s Sabbath', 'The children lead the Sabbath School and Divine Service.', pg_temp.yearly('2025-05-24 09:00:00+03'), pg_temp.yearly('2025-05-24 13:00:00+03', '2025-05-24 09:00:00+03'), 'Main Sanctuary', 'Children''s Program', 'children', 'Children''s Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000022', 'Community Welfare Food Drive', 'Distribution of food packs and clothing to families in need in the town.', pg_temp.yearly('2025-05-31 08:00:00+03'), pg_temp.yearly('2025-05-31 12:00:00+03', '2025-05-31 08:00:00+03'), 'Community Services Centre', 'Welfare', 'outreach', 'Community Services', 'Open to the community', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000023', 'Men''s Prayer Breakfast', 'Breakfast, prayer and a talk on the man as priest of his home.', pg_temp.yearly('2025-06-07 07:00:00+03'), pg_temp.yearly('2025-06-07 09:00:00+03', '2025-06-07 07:00:00+03'), 'Fellowship Hall', 'Men''s Ministry', 'fellowship', 'Adventist Men''s Ministries', 'Men of all ages', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000024', 'Education Sabbath', 'We pray for our students and teachers and raise the education scholarship fund.', pg_temp.yearly('2025-06-14 09:00:00+03'), pg_temp.yearly('2025-06-14 13:00:00+03', '2025-06-14 09:00:00+03'), 'Main Sanctuary', 'Education', 'education', 'Education', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000025', 'Interfaith Community Peace Forum', 'Church and community leaders meet to pray and talk about peace and service in the town.', pg_temp.yearly('2025-06-21 10:00:00+03'), pg_temp.yearly('2025-06-21 13:00:00+03', '2025-06-21 10:00:00+03'), 'Fellowship Hall', 'Interfaith', 'outreach', 'Communication', 'Open to the community', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000026', 'Quarterly Communion Service', 'The ordinances of foot washing and the Lord''s Supper.', pg_temp.yearly('2025-06-28 11:00:00+03'), pg_temp.yearly('2025-06-28 14:00:00+03', '2025-06-28 11:00:00+03'), 'Main Sanctuary', 'Communion', 'worship', 'Deacons', 'Baptised members', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000027', 'Chaplaincy Sabbath: Hospital and Prison Visits', 'Teams visit the hospital wards and the prison to pray, sing and share literature.', pg_temp.yearly('2025-07-05 14:00:00+03'), pg_temp.yearly('2025-07-05 17:00:00+03', '2025-07-05 14:00:00+03'), 'County Referral Hospital and Prison', 'Chaplaincy', 'outreach', 'Personal Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000028', 'Church Leadership Summit', 'Mid-year review of the church''s plans with all department leaders.', pg_temp.yearly('2025-07-12 09:00:00+03'), pg_temp.yearly('2025-07-12 16:00:00+03', '2025-07-12 09:00:00+03'), 'Fellowship Hall', 'Leadership', 'leadership', 'Church Secretariat', 'Church officers', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000029', 'Pathfinder Drill and Honours Day', 'Pathfinders show their drill and complete honours requirements.', pg_temp.yearly('2025-07-19 14:00:00+03'), pg_temp.yearly('2025-07-19 17:00:00+03', '2025-07-19 14:00:00+03'), 'Church Grounds', 'Pathfinder Program', 'youth', 'Adventist Youth Ministries', 'Pathfinders and parents', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000030', 'Health Seminar: Preventing Lifestyle Diseases', 'Doctors and nutritionists talk about diabetes, hypertension and healthy eating.', pg_temp.yearly('2025-07-27 09:00:00+03'), pg_temp.yearly('2025-07-27 13:00:00+03', '2025-07-27 09:00:00+03'), 'Fellowship Hall', 'Health Ministry', 'health', 'Health Ministries', 'Open to the community', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000031', 'Literature Distribution Sabbath', 'Members share books and magazines in the town centre.', pg_temp.yearly('2025-08-02 14:00:00+03'), pg_temp.yearly('2025-08-02 17:00:00+03', '2025-08-02 14:00:00+03'), 'Town Centre', 'Publishing', 'outreach', 'Personal Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000032', 'Vacation Bible School', 'Five mornings of Bible stories, songs, crafts and games during the school holidays.', pg_temp.yearly('2025-08-04 09:00:00+03'), pg_temp.yearly('2025-08-08 13:00:00+03', '2025-08-04 09:00:00+03'), 'Children''s Hall', 'VBS', 'children', 'Children''s Ministries', 'Children 4 to 12 years', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000033', 'Camp Meeting', 'The conference camp meeting: a week of revival meetings with churches from the whole field.', pg_temp.yearly('2025-08-10 08:00:00+03'), pg_temp.yearly('2025-08-16 13:00:00+03', '2025-08-10 08:00:00+03'), 'Conference Campground', 'Camp Meeting', 'worship', 'Personal Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000034', 'Youth Career and Mentorship Day', 'Professionals from the church mentor young people on careers, business and faith at work.', pg_temp.yearly('2025-08-23 09:00:00+03'), pg_temp.yearly('2025-08-23 16:00:00+03', '2025-08-23 09:00:00+03'), 'Youth Hall', 'Youth Program', 'youth', 'Adventist Youth Ministries', 'Youth aged 16 to 35', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000035', 'Family Fun Day', 'Games, a picnic lunch and family devotions on the church grounds.', pg_temp.yearly('2025-08-30 10:00:00+03'), pg_temp.yearly('2025-08-30 16:00:00+03', '2025-08-30 10:00:00+03'), 'Church Grounds', 'Family Life', 'family', 'Family Life', 'Families', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000036', 'Day of Prayer and Fasting', 'A day of prayer and fasting for the church, the nation and the schools.', pg_temp.yearly('2025-09-06 00:00:00+03'), NULL, 'Main Sanctuary', 'Prayer Event', 'prayer', 'Prayer Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000037', 'Sabbath School Teachers'' Training', 'Training in lesson preparation, class discussion and mission emphasis.', pg_temp.yearly('2025-09-14 09:00:00+03'), pg_temp.yearly('2025-09-14 15:00:00+03', '2025-09-14 09:00:00+03'), 'Fellowship Hall', 'Training', 'education', 'Sabbath School', 'Sabbath School teachers', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000038', 'Stewardship Seminar: Faithful in Little', 'Practical teaching on budgeting, saving, debt and faithful giving.', pg_temp.yearly('2025-09-20 09:00:00+03'), pg_temp.yearly('2025-09-20 13:00:00+03', '2025-09-20 09:00:00+03'), 'Main Sanctuary', 'Stewardship', 'stewardship', 'Stewardship', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000039', 'Quarterly Communion Service', 'The ordinances of foot washing and the Lord''s Supper.', pg_temp.yearly('2025-09-27 11:00:00+03'), pg_temp.yearly('2025-09-27 14:00:00+03', '2025-09-27 11:00:00+03'), 'Main Sanctuary', 'Communion', 'worship', 'Deacons', 'Baptised members', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000040', 'Creation Sabbath', 'Celebrating God as Creator, with a nature walk in the afternoon.', pg_temp.yearly('2025-10-04 09:00:00+03'), pg_temp.yearly('2025-10-04 13:00:00+03', '2025-10-04 09:00:00+03'), 'Main Sanctuary', 'Creation', 'worship', 'Sabbath School', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000041', 'Pathfinder Investiture', 'Pathfinders receive their class pins and honours for the year.', pg_temp.yearly('2025-10-11 14:00:00+03'), pg_temp.yearly('2025-10-11 17:00:00+03', '2025-10-11 14:00:00+03'), 'Main Sanctuary', 'Pathfinder Program', 'youth', 'Adventist Youth Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000042', 'Men''s Ministry Sabbath', 'The men of the church lead the Sabbath services.', pg_temp.yearly('2025-10-18 09:00:00+03'), pg_temp.yearly('2025-10-18 13:00:00+03', '2025-10-18 09:00:00+03'), 'Main Sanctuary', 'Men''s Ministry', 'worship', 'Adventist Men''s Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000043', 'Master Guide Investiture', 'Master Guide candidates who completed their training are invested.', pg_temp.yearly('2025-10-25 14:00:00+03'), pg_temp.yearly('2025-10-25 17:00:00+03', '2025-10-25 14:00:00+03'), 'Main Sanctuary', 'Master Guide', 'youth', 'Adventist Youth Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000044', 'Week of Prayer', 'The annual week of prayer with the readings of the world church.', pg_temp.yearly('2025-11-01 18:00:00+03'), pg_temp.yearly('2025-11-08 13:00:00+03', '2025-11-01 18:00:00+03'), 'Main Sanctuary', 'Prayer Week', 'prayer', 'Prayer Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000045', 'Church Hall Roofing Project Launch', 'Launch of the roofing phase of the church hall project.', pg_temp.yearly('2025-11-09 10:00:00+03'), pg_temp.yearly('2025-11-09 13:00:00+03', '2025-11-09 10:00:00+03'), 'Church Grounds', 'Development', 'development', 'Development', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000046', 'Church Business Meeting and Elections', 'Annual reports and the election of church officers for the coming year.', pg_temp.yearly('2025-11-16 09:00:00+03'), pg_temp.yearly('2025-11-16 16:00:00+03', '2025-11-16 09:00:00+03'), 'Main Sanctuary', 'Leadership', 'leadership', 'Church Secretariat', 'Baptised members', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000047', 'Adventurer Investiture', 'Adventurers receive their class awards for the year.', pg_temp.yearly('2025-11-22 15:00:00+03'), pg_temp.yearly('2025-11-22 17:00:00+03', '2025-11-22 15:00:00+03'), 'Main Sanctuary', 'Adventurer Program', 'children', 'Children''s Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000048', 'Thanksgiving Sabbath and Welfare Food Drive', 'A Sabbath of thanksgiving; members bring food and clothing for needy families.', pg_temp.yearly('2025-11-29 08:00:00+03'), pg_temp.yearly('2025-11-29 17:00:00+03', '2025-11-29 08:00:00+03'), 'Main Sanctuary', 'Welfare', 'outreach', 'Community Services', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000049', 'Annual Recognition and Appreciation Sabbath', 'We thank God for the year and appreciate the officers and volunteers who served.', pg_temp.yearly('2025-12-06 09:00:00+03'), pg_temp.yearly('2025-12-06 13:00:00+03', '2025-12-06 09:00:00+03'), 'Main Sanctuary', 'Recognition', 'worship', 'Church Secretariat', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000050', 'Christmas Carol Service', 'Carols, Scripture readings and special music by the choir and the children.', pg_temp.yearly('2025-12-13 18:00:00+03'), pg_temp.yearly('2025-12-13 20:30:00+03', '2025-12-13 18:00:00+03'), 'Main Sanctuary', 'Music Ministry', 'music', 'Music', 'Open to the community', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000051', 'Children''s Christmas Programme', 'The children present the story of the birth of Jesus.', pg_temp.yearly('2025-12-20 10:00:00+03'), pg_temp.yearly('2025-12-20 13:00:00+03', '2025-12-20 10:00:00+03'), 'Main Sanctuary', 'Children''s Program', 'children', 'Children''s Ministries', 'All members welcome', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000052', 'Year-End Communion Service', 'We close the year at the Lord''s table.', pg_temp.yearly('2025-12-27 11:00:00+03'), pg_temp.yearly('2025-12-27 14:00:00+03', '2025-12-27 11:00:00+03'), 'Main Sanctuary', 'Communion', 'worship', 'Deacons', 'Baptised members', NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000101', 'Friday Evening Vespers', 'We open the Sabbath with songs, testimonies and prayer; this week the youth vespers joins the whole church. Light refreshments are served afterwards.', pg_temp.rolling('2026-11-27 18:00:00+03'), pg_temp.rolling('2026-11-27 19:30:00+03'), 'Main Sanctuary', 'worship_service', NULL, NULL, NULL, NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000102', 'Blood Donation Drive', 'With the Kenya National Blood Transfusion Service: give blood, learn your blood group and hear a short health talk. Donors must be 16 to 65 years old.', pg_temp.rolling('2026-12-06 08:00:00+03'), pg_temp.rolling('2026-12-06 16:00:00+03'), 'Church Grounds', 'outreach', NULL, NULL, NULL, 300, 0, false, true),
  ('00000000-0000-4000-8000-006000000103', 'Bible Quiz Night', 'Teams from the Sabbath School classes compete in a quiz on the book of Daniel. Families and friends are welcome.', pg_temp.rolling('2026-12-05 18:30:00+03'), pg_temp.rolling('2026-12-05 21:00:00+03'), 'Fellowship Hall', 'special_event', NULL, NULL, NULL, NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000104', 'Parenting Seminar: Raising Children in a Digital World', 'Practical help for parents on screens, phones and faith at home, led by the Family Life team.', pg_temp.rolling('2026-12-19 14:30:00+03'), pg_temp.rolling('2026-12-19 17:00:00+03'), 'Fellowship Hall', 'special_event', NULL, NULL, NULL, NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000105', 'Child Dedication Service', 'Parents present their young children to the Lord in a service of dedication and blessing.', pg_temp.rolling('2026-12-26 15:00:00+03'), pg_temp.rolling('2026-12-26 16:30:00+03'), 'Main Sanctuary', 'worship_service', NULL, NULL, NULL, NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000106', 'Anointing Service for the Sick', 'The Wednesday prayer meeting becomes an anointing service: the pastors and elders pray with the sick and anoint them (James 5:14).', pg_temp.rolling('2026-12-30 18:00:00+03'), pg_temp.rolling('2026-12-30 20:00:00+03'), 'Main Sanctuary', 'prayer_meeting', NULL, NULL, NULL, NULL, 0, false, true),
  ('00000000-0000-4000-8000-006000000107', 'First Aid Training', 'A one-day first aid course with the Kenya Red Cross, with certificates. Lunch is provided; please register with the church clerk.', pg_temp.rolling('2027-01-31 09:00:00+03'), pg_temp.rolling('2027-01-31 16:00:00+03'), 'Fellowship Hall', 'conference', NULL, NULL, NULL, 120, 500, true, true),
  ('00000000-0000-4000-8000-006000000108', 'Men''s Weekend Retreat', 'A weekend of Bible study, prayer and fellowship for the men of the church. The cost covers meals and accommodation per person.', pg_temp.rolling('2027-02-20 09:00:00+03'), pg_temp.rolling('2027-02-21 16:00:00+03'), 'Lake Naivasha Retreat Centre', 'fellowship', NULL, NULL, NULL, 80, 3500, true, true),
  ('00000000-0000-4000-8000-006000000109', 'Youth Music and Drama Workshop', 'Two days of training in choir music, instruments and drama for the youth. Draft: trainers still to be confirmed.', pg_temp.rolling('2027-03-27 15:00:00+03'), pg_temp.rolling('2027-03-28 16:00:00+03'), 'Youth Hall', 'youth_meeting', NULL, NULL, NULL, NULL, 0, false, false)
ON CONFLICT DO NOTHING;

-- Announcements (rolling). The featured one (highest priority, then newest, still running) is the
-- first; it and the second are current whenever the seed runs. One has ended and one is a draft.
-- created_at is laid like the other dates, never now(), so the featured order does not depend on
-- when the seed ran. Days named in a text are computed from the events' days.
INSERT INTO public.announcements (id, title, content, priority, start_date, start_time, end_date, end_time, target_audience, is_published, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-007000000001', 'Coming Up: Bible Quiz, Blood Drive, Parenting Seminar and Child Dedication', 'Mark your calendars: the Bible Quiz Night on Saturday ' || pg_temp.en_day(pg_temp.rolling_day('2026-12-05')) || ' at 6:30 PM, the Blood Donation Drive on Sunday ' || pg_temp.en_day(pg_temp.rolling_day('2026-12-06')) || ', the Parenting Seminar on ' || pg_temp.en_day(pg_temp.rolling_day('2026-12-19')) || ' at 2:30 PM, the Child Dedication Service on ' || pg_temp.en_day(pg_temp.rolling_day('2026-12-26')) || ' at 3:00 PM, and an anointing service for the sick at the prayer meeting on Wednesday ' || pg_temp.en_day(pg_temp.rolling_day('2026-12-30')) || '. Everyone is welcome; invite your friends and neighbours.', 'high', pg_temp.rolling_day('2026-11-20'), '08:30', pg_temp.rolling_day('2026-12-30'), '20:00', 'all', true, pg_temp.rolling('2026-11-20 10:00:00+03'), pg_temp.rolling('2026-11-20 10:00:00+03')),
  ('00000000-0000-4000-8000-007000000002', 'Friday Evening Vespers on ' || pg_temp.en_day(pg_temp.rolling_day('2026-11-27')), 'Join us on Friday, ' || pg_temp.en_day(pg_temp.rolling_day('2026-11-27')) || ', at 6:00 PM in the Main Sanctuary as we open the Sabbath with songs, testimonies and prayer; this week the youth vespers joins the whole church. Come with a testimony and invite a friend. Light refreshments will be served afterwards.', 'high', pg_temp.rolling_day('2026-11-13'), '08:30', pg_temp.rolling_day('2026-11-27'), '19:30', 'all', true, pg_temp.rolling('2026-11-14 09:00:00+03'), pg_temp.rolling('2026-11-14 09:00:00+03')),
  ('00000000-0000-4000-8000-007000000003', 'Baptismal Class Registration', 'A new baptismal class starts on Sabbath, ' || pg_temp.en_day(pg_temp.rolling_day('2026-12-05')) || ', at 2:30 PM in the Fellowship Hall, led by Pastor Grace Mwangi. Register with the church clerk or any elder.', 'normal', pg_temp.rolling_day('2026-11-01'), '08:30', pg_temp.rolling_day('2026-12-20'), '17:00', 'members', true, pg_temp.rolling('2026-11-01 12:00:00+03'), pg_temp.rolling('2026-11-01 12:00:00+03')),
  ('00000000-0000-4000-8000-007000000004', 'Bible Quiz Night: Register Your Team', 'Each Sabbath School class may enter a team of four for the Bible Quiz Night on ' || pg_temp.en_day(pg_temp.rolling_day('2026-12-05')) || '. Register your team with the Sabbath School superintendent after the AY programme on ' || pg_temp.en_day(pg_temp.rolling_day('2026-11-28')) || '.', 'low', pg_temp.rolling_day('2026-11-08'), '08:30', pg_temp.rolling_day('2026-12-05'), '17:00', 'all', true, pg_temp.rolling('2026-11-08 15:00:00+03'), pg_temp.rolling('2026-11-08 15:00:00+03')),
  ('00000000-0000-4000-8000-007000000005', 'Church Board Meeting', 'The church board meets on Sunday, ' || pg_temp.en_day(pg_temp.rolling_day('2026-11-29')) || ', at 2:00 PM in the Fellowship Hall. Department leaders, please submit your reports to the clerk by Friday.', 'normal', pg_temp.rolling_day('2026-11-22'), '14:00', pg_temp.rolling_day('2026-11-29'), '17:00', 'ministry_leaders', true, pg_temp.rolling('2026-11-21 18:00:00+03'), pg_temp.rolling('2026-11-21 18:00:00+03')),
  ('00000000-0000-4000-8000-007000000006', 'Church Directory Photos', 'Members who have not yet had their photo taken for the new church directory can have it taken after the Divine Service.', 'low', pg_temp.rolling_day('2026-10-12'), '08:30', pg_temp.rolling_day('2026-10-31'), '17:00', 'all', true, pg_temp.rolling('2026-10-12 09:00:00+03'), pg_temp.rolling('2026-10-12 09:00:00+03')),
  ('00000000-0000-4000-8000-007000000007', 'Camp Meeting Transport Booking', 'Transport to the next camp meeting will be booked through the church office. Details to follow.', 'normal', pg_temp.rolling_day('2027-01-10'), '08:30', pg_temp.rolling_day('2027-07-31'), '17:00', 'members', false, pg_temp.rolling('2026-11-19 11:00:00+03'), pg_temp.rolling('2026-11-19 11:00:00+03'))
ON CONFLICT DO NOTHING;

-- Kiswahili for some of the content (issue 22); the rest follows the daily verses below (issue 32).
-- The Kiswahili site falls back to English per item and per field where a text has none. Days are
-- computed as in the English texts.
UPDATE public.announcements SET
  title_sw = 'Vipindi Vijavyo: Maswali ya Biblia, Kuchangia Damu, Semina ya Malezi na Kuwaweka Wakfu Watoto',
  content_sw = 'Weka tarehe hizi: Usiku wa Maswali ya Biblia Jumamosi tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-12-05')) || ' saa 12:30 jioni, Zoezi la Kuchangia Damu Jumapili tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-12-06')) || ', Semina ya Malezi tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-12-19')) || ' saa 8:30 mchana, Ibada ya Kuwaweka Wakfu Watoto tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-12-26')) || ' saa 9:00 alasiri, na ibada ya kuwapaka mafuta wagonjwa katika mkutano wa maombi Jumatano tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-12-30')) || '. Wote mnakaribishwa; waalikeni marafiki na majirani zenu.'
WHERE id = '00000000-0000-4000-8000-007000000001' AND title_sw IS NULL;
UPDATE public.announcements SET
  title_sw = 'Ibada ya Jioni ya Ijumaa tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-11-27')),
  content_sw = 'Jiunge nasi Ijumaa, tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-11-27')) || ', saa 12:00 jioni katika Ukumbi Mkuu wa Ibada tunapoifungua Sabato kwa nyimbo, shuhuda na maombi; wiki hii ibada ya vijana inajiunga na kanisa lote. Njoo na ushuhuda na umlete rafiki. Viburudisho vitaandaliwa baadaye.'
WHERE id = '00000000-0000-4000-8000-007000000002' AND title_sw IS NULL;
UPDATE public.events SET
  title_sw = 'Ibada ya Jioni ya Ijumaa',
  description_sw = 'Tunaifungua Sabato kwa nyimbo, shuhuda na maombi; wiki hii ibada ya vijana inajiunga na kanisa lote. Viburudisho vitaandaliwa baadaye.'
WHERE id = '00000000-0000-4000-8000-006000000101' AND title_sw IS NULL;
UPDATE public.events SET
  title_sw = 'Usiku wa Maswali ya Biblia',
  description_sw = 'Timu za madarasa ya Shule ya Sabato zinashindana katika maswali kuhusu kitabu cha Danieli. Familia na marafiki wanakaribishwa.'
WHERE id = '00000000-0000-4000-8000-006000000103' AND title_sw IS NULL;
UPDATE public.events SET title_sw = 'Ibada ya Kuwaweka Wakfu Watoto'
WHERE id = '00000000-0000-4000-8000-006000000105' AND title_sw IS NULL;

-- The 33 daily verses (King James Version, word for word). Verse of the day: day_index = day of
-- year mod 33.
INSERT INTO public.daily_verses (id, day_index, text, reference, translation, reflection) VALUES
  ('00000000-0000-4000-8000-008000000001', 0, 'For I know the thoughts that I think toward you, saith the LORD, thoughts of peace, and not of evil, to give you an expected end.', 'Jeremiah 29:11', 'KJV', 'God''s plans for you are plans of peace. Whatever today brings, He is working toward a good end.'),
  ('00000000-0000-4000-8000-008000000002', 1, 'Trust in the LORD with all thine heart; and lean not unto thine own understanding. In all thy ways acknowledge him, and he shall direct thy paths.', 'Proverbs 3:5-6', 'KJV', 'Bring every decision to God today. He sees the whole road when we see only the next step.'),
  ('00000000-0000-4000-8000-008000000003', 2, 'I can do all things through Christ which strengtheneth me.', 'Philippians 4:13', 'KJV', 'The strength for today''s tasks is not in us but in Christ, and He gives it freely.'),
  ('00000000-0000-4000-8000-008000000004', 3, 'But they that wait upon the LORD shall renew their strength; they shall mount up with wings as eagles; they shall run, and not be weary; and they shall walk, and not faint.', 'Isaiah 40:31', 'KJV', 'Waiting on God is not wasted time. It is where tired hearts are made new.'),
  ('00000000-0000-4000-8000-008000000005', 4, 'The LORD is my shepherd; I shall not want.', 'Psalm 23:1', 'KJV', 'With the Good Shepherd leading, we lack nothing we truly need.'),
  ('00000000-0000-4000-8000-008000000006', 5, 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.', 'John 3:16', 'KJV', 'The measure of God''s love is the gift of His Son, offered to whosoever, and that includes you.'),
  ('00000000-0000-4000-8000-008000000007', 6, 'And we know that all things work together for good to them that love God, to them who are the called according to his purpose.', 'Romans 8:28', 'KJV', 'Not everything is good, but God can weave all things together for good in the lives of those who love Him.'),
  ('00000000-0000-4000-8000-008000000008', 7, 'Have not I commanded thee? Be strong and of a good courage; be not afraid, neither be thou dismayed: for the LORD thy God is with thee whithersoever thou goest.', 'Joshua 1:9', 'KJV', 'Courage is not the absence of fear but the presence of God who goes with us.'),
  ('00000000-0000-4000-8000-008000000009', 8, 'God is our refuge and strength, a very present help in trouble.', 'Psalm 46:1', 'KJV', 'In every storm there is a shelter: God Himself, near and ready to help.'),
  ('00000000-0000-4000-8000-008000000010', 9, 'Come unto me, all ye that labour and are heavy laden, and I will give you rest.', 'Matthew 11:28', 'KJV', 'Jesus invites the weary to come as they are. Rest is found in Him.'),
  ('00000000-0000-4000-8000-008000000011', 10, 'Remember the sabbath day, to keep it holy.', 'Exodus 20:8', 'KJV', 'The Sabbath is God''s weekly gift of rest and communion. Prepare your heart to receive it.'),
  ('00000000-0000-4000-8000-008000000012', 11, 'Fear thou not; for I am with thee: be not dismayed; for I am thy God: I will strengthen thee; yea, I will help thee; yea, I will uphold thee with the right hand of my righteousness.', 'Isaiah 41:10', 'KJV', 'Three promises for a fearful heart: God will strengthen, help and uphold you.'),
  ('00000000-0000-4000-8000-008000000013', 12, 'Thy word is a lamp unto my feet, and a light unto my path.', 'Psalm 119:105', 'KJV', 'Scripture lights the next step. Open it today and walk in its light.'),
  ('00000000-0000-4000-8000-008000000014', 13, 'Here is the patience of the saints: here are they that keep the commandments of God, and the faith of Jesus.', 'Revelation 14:12', 'KJV', 'God''s end-time people are marked by faithful obedience and by the faith of Jesus.'),
  ('00000000-0000-4000-8000-008000000015', 14, 'Let not your heart be troubled: ye believe in God, believe also in me.', 'John 14:1', 'KJV', 'Jesus speaks peace to troubled hearts. Trust Him with what worries you today.'),
  ('00000000-0000-4000-8000-008000000016', 15, 'If we confess our sins, he is faithful and just to forgive us our sins, and to cleanse us from all unrighteousness.', '1 John 1:9', 'KJV', 'Forgiveness is promised, not earned. Confess, receive it and walk clean.'),
  ('00000000-0000-4000-8000-008000000017', 16, 'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God.', 'Philippians 4:6', 'KJV', 'Turn each anxiety into a prayer, and add thanksgiving to every request.'),
  ('00000000-0000-4000-8000-008000000018', 17, 'Delight thyself also in the LORD; and he shall give thee the desires of thine heart.', 'Psalm 37:4', 'KJV', 'When God is our delight, our desires are shaped by His, and He loves to fulfil them.'),
  ('00000000-0000-4000-8000-008000000019', 18, 'But seek ye first the kingdom of God, and his righteousness; and all these things shall be added unto you.', 'Matthew 6:33', 'KJV', 'Put God first today, and trust Him with everything else.'),
  ('00000000-0000-4000-8000-008000000020', 19, 'Therefore if any man be in Christ, he is a new creature: old things are passed away; behold, all things are become new.', '2 Corinthians 5:17', 'KJV', 'In Christ your past does not define you. Today you can live as a new creation.'),
  ('00000000-0000-4000-8000-008000000021', 20, 'It is of the LORD''s mercies that we are not consumed, because his compassions fail not. They are new every morning: great is thy faithfulness.', 'Lamentations 3:22-23', 'KJV', 'Yesterday''s failures do not exhaust God''s mercy. It is new this morning.'),
  ('00000000-0000-4000-8000-008000000022', 21, 'He hath shewed thee, O man, what is good; and what doth the LORD require of thee, but to do justly, and to love mercy, and to walk humbly with thy God?', 'Micah 6:8', 'KJV', 'Justice, mercy and humility: a simple and searching measure for today.'),
  ('00000000-0000-4000-8000-008000000023', 22, 'Bring ye all the tithes into the storehouse, that there may be meat in mine house, and prove me now herewith, saith the LORD of hosts, if I will not open you the windows of heaven, and pour you out a blessing, that there shall not be room enough to receive it.', 'Malachi 3:10', 'KJV', 'Faithfulness in giving is an invitation to trust God and to see His faithfulness in return.'),
  ('00000000-0000-4000-8000-008000000024', 23, 'And let us not be weary in well doing: for in due season we shall reap, if we faint not.', 'Galatians 6:9', 'KJV', 'Keep doing good even when no one notices. The harvest comes in God''s time.'),
  ('00000000-0000-4000-8000-008000000025', 24, 'Now faith is the substance of things hoped for, the evidence of things not seen.', 'Hebrews 11:1', 'KJV', 'Faith holds on to what God has promised before we can see it.'),
  ('00000000-0000-4000-8000-008000000026', 25, 'I will lift up mine eyes unto the hills, from whence cometh my help. My help cometh from the LORD, which made heaven and earth.', 'Psalm 121:1-2', 'KJV', 'The Creator of heaven and earth is the One who helps you today.'),
  ('00000000-0000-4000-8000-008000000027', 26, 'And be not conformed to this world: but be ye transformed by the renewing of your mind, that ye may prove what is that good, and acceptable, and perfect, will of God.', 'Romans 12:2', 'KJV', 'Let God renew your thinking, and His will becomes clear and good.'),
  ('00000000-0000-4000-8000-008000000028', 27, 'Casting all your care upon him; for he careth for you.', '1 Peter 5:7', 'KJV', 'Every care you carry, you may hand to Him. He cares for you.'),
  ('00000000-0000-4000-8000-008000000029', 28, 'If any of you lack wisdom, let him ask of God, that giveth to all men liberally, and upbraideth not; and it shall be given him.', 'James 1:5', 'KJV', 'Facing a hard decision? Ask God for wisdom. He gives generously and without reproach.'),
  ('00000000-0000-4000-8000-008000000030', 29, 'Thou wilt keep him in perfect peace, whose mind is stayed on thee: because he trusteth in thee.', 'Isaiah 26:3', 'KJV', 'Peace grows where the mind rests on God. Fix your thoughts on Him today.'),
  ('00000000-0000-4000-8000-008000000031', 30, 'And, behold, I come quickly; and my reward is with me, to give every man according as his work shall be.', 'Revelation 22:12', 'KJV', 'Jesus is coming soon. Live today in the light of that blessed hope.'),
  ('00000000-0000-4000-8000-008000000032', 31, 'Enter into his gates with thanksgiving, and into his courts with praise: be thankful unto him, and bless his name.', 'Psalm 100:4', 'KJV', 'Begin with gratitude. Thanksgiving opens the way into God''s presence.'),
  ('00000000-0000-4000-8000-008000000033', 32, 'Jesus saith unto him, I am the way, the truth, and the life: no man cometh unto the Father, but by me.', 'John 14:6', 'KJV', 'Jesus is not only the guide to the Father; He is the way itself.')
ON CONFLICT DO NOTHING;

-- Kiswahili for every text a visitor reads (issue 32, migration 0031): leaders, departments,
-- ministries, sermon series and sermons, the events' places and audiences, the rest of the events
-- and announcements, and the daily verses in the Kiswahili Union Version (SUV). As above, each row
-- is filled only while its Kiswahili is still empty, so a second run changes nothing; days named
-- in a text are computed as in the English ones.
UPDATE public.church_leaders AS l
   SET position_sw = v.position_sw, bio_sw = v.bio_sw, specialties_sw = v.specialties_sw
  FROM (VALUES
  ('00000000-0000-4000-8000-003000000001'::uuid, 'Mchungaji Kiongozi', 'Mchungaji Samuel Langat amehudumu katika kazi ya uchungaji kwa zaidi ya miaka ishirini na ameliongoza kanisa hili tangu 2014. Anapenda kuhubiri kwa kufafanua Maandiko, kuwafanya watu kuwa wanafunzi na kuimarisha nyumba za Kikristo.', ARRAY['Kuhubiri', 'Ushauri wa Kichungaji', 'Uongozi wa Kanisa', 'Kuimarisha Ndoa']),
  ('00000000-0000-4000-8000-003000000002', 'Mchungaji Msaidizi', 'Mchungaji Grace Mwangi alijiunga na timu ya wachungaji mwaka 2022 baada ya kuhudumu kama mchungaji wa vijana wa mtaa. Anaongoza madarasa ya ubatizo na huduma ya ushauri ya kanisa.', ARRAY['Kuwalea Vijana Kiroho', 'Ushauri', 'Mafunzo ya Biblia']),
  ('00000000-0000-4000-8000-003000000003', 'Mzee wa Kwanza', 'Mzee Otieno anaratibu baraza la wazee na mpango wa ibada, na huwafundisha maafisa wapya wa kanisa waliochaguliwa.', ARRAY['Uongozi wa Kanisa', 'Kupanga Ibada', 'Ulezi']),
  ('00000000-0000-4000-8000-003000000004', 'Mzee wa Kanisa', 'Mzee Kamau anaongoza timu za kutembelea washiriki na kusimamia mkutano wa maombi wa Jumatano.', ARRAY['Huduma ya Maombi', 'Kutembelea Washiriki']),
  ('00000000-0000-4000-8000-003000000005', 'Mzee wa Kanisa', 'Mzee Nyaboke anafundisha darasa la Biblia la watu wazima na kusaidia mpango wa huduma za akina mama.', ARRAY['Huduma ya Akina Mama', 'Kufundisha Biblia']),
  ('00000000-0000-4000-8000-003000000006', 'Mzee wa Kanisa', 'Mzee Rotich ndiye mzee anayehusika na uwakili na maisha ya familia, na ni mwenyekiti wa kamati ya fedha.', ARRAY['Uwakili', 'Maisha ya Familia']),
  ('00000000-0000-4000-8000-003000000007', 'Mzee wa Kanisa', 'Mzee Odhiambo, muuguzi kwa taaluma, anaongoza ziara za hospitalini na nyumbani kwa wagonjwa na wazee.', ARRAY['Huduma ya Afya', 'Kutembelea Washiriki']),
  ('00000000-0000-4000-8000-003000000008', 'Mzee wa Kanisa', 'Mzee Musyoka ni mzee anayewahudumia vijana na anaratibu kampeni za uinjilisti za kanisa.', ARRAY['Kuwalea Vijana', 'Uinjilisti']),
  ('00000000-0000-4000-8000-003000000009', 'Karani wa Kanisa', 'Mary hutunza daftari la washiriki na kumbukumbu za vikao vya bodi na vya biashara, na hushughulikia uhamisho wa washiriki.', ARRAY['Kumbukumbu za Kanisa', 'Ushirika', 'Utawala']),
  ('00000000-0000-4000-8000-003000000010', 'Mweka Hazina wa Kanisa', 'Francis hupokea na kurekodi zaka na sadaka, huziwasilisha kwa konferensi na hutoa taarifa kila mwezi kwa bodi ya kanisa.', ARRAY['Fedha', 'Uwakili']),
  ('00000000-0000-4000-8000-003000000011', 'Shemasi Mkuu', 'Simon anawaongoza mashemasi katika kutunza mali ya kanisa na kuandaa huduma za ibada takatifu.', ARRAY['Majengo ya Kanisa', 'Huduma ya Meza ya Bwana', 'Ukarimu']),
  ('00000000-0000-4000-8000-003000000012', 'Shemasi Mkuu wa Kike', 'Lucy anawaongoza mashemasi wa kike katika kuandaa huduma za Meza ya Bwana na ubatizo, na kuwahudumia wagonjwa na wahitaji.', ARRAY['Huduma ya Meza ya Bwana', 'Maandalizi ya Ubatizo', 'Ukarimu']),
  ('00000000-0000-4000-8000-003000000013', 'Kiongozi wa Huduma ya Vijana', 'Brian anaongoza Huduma za Vijana wa Kiadventista: ibada za Ijumaa jioni, vipindi vya AY vya Sabato alasiri, makambi na huduma kwa jamii.', ARRAY['Huduma ya Vijana', 'Muziki', 'Ulezi']),
  ('00000000-0000-4000-8000-003000000014', 'Kiongozi wa Huduma za Akina Mama', 'Jane anaratibu ushirika wa akina mama, mafungo ya maombi na miradi ya kanisa ya kuwawezesha wanawake.', ARRAY['Huduma ya Akina Mama', 'Ulezi', 'Miradi ya Uwezeshaji']),
  ('00000000-0000-4000-8000-003000000015', 'Kiongozi wa Huduma za Akina Baba', 'Michael huwakusanya akina baba wa kanisa kwa kifungua kinywa cha maombi, ulezi na miradi ya huduma.', ARRAY['Huduma ya Akina Baba', 'Ulezi', 'Huduma kwa Jamii']),
  ('00000000-0000-4000-8000-003000000016', 'Kiongozi wa Huduma za Watoto', 'Faith anaongoza madarasa ya watoto ya Shule ya Sabato na husimamia Shule ya Biblia ya Likizo kila Agosti.', ARRAY['Huduma ya Watoto', 'Kufundisha', 'Shule ya Biblia ya Likizo']),
  ('00000000-0000-4000-8000-003000000017', 'Mkurugenzi wa Muziki', 'David huongoza kwaya ya kanisa na kikundi cha sifa, na huwafundisha vijana kupiga ala za muziki.', ARRAY['Kuongoza Kwaya', 'Muziki wa Ibada', 'Mafunzo ya Muziki']),
  ('00000000-0000-4000-8000-003000000018', 'Kiongozi wa Huduma kwa Jamii', 'Rose anaongoza timu ya Dorkasi na Huduma kwa Jamii katika kuwahudumia wahitaji wa kanisa na wa mji.', ARRAY['Huduma kwa Jamii', 'Ustawi', 'Msaada wa Majanga']),
  ('00000000-0000-4000-8000-003000000019', 'Kiongozi wa Huduma za Afya', 'Dkt. Ndung''u, daktari wa familia, huandaa maonyesho ya afya, kambi za matibabu bila malipo na madarasa ya mapishi.', ARRAY['Elimu ya Afya', 'Kambi za Matibabu', 'Lishe']),
  ('00000000-0000-4000-8000-003000000020', 'Mkurugenzi wa Klabu ya Pathfinder', 'Kevin anaongoza Klabu ya Pathfinder kwa vijana wa umri wa miaka 10 hadi 15.', ARRAY['Pathfinder', 'Gwaride', 'Kupiga Kambi']),
  ('00000000-0000-4000-8000-003000000021', 'Mkurugenzi wa Klabu ya Adventurer', 'Sarah anaongoza Klabu ya Adventurer kwa watoto wa umri wa miaka 4 hadi 9 pamoja na wazazi wao.', ARRAY['Adventurer', 'Huduma ya Watoto']),
  ('00000000-0000-4000-8000-003000000022', 'Msimamizi wa Shule ya Sabato', 'Stephen hupanga madarasa na walimu wa Shule ya Sabato na huongoza msisitizo wa misioni.', ARRAY['Shule ya Sabato', 'Kufundisha Biblia', 'Mafunzo ya Walimu']),
  ('00000000-0000-4000-8000-003000000023', 'Mkurugenzi wa Huduma za Kibinafsi', 'Anne huwafundisha washiriki kutoa mafunzo ya Biblia na huratibu kampeni za uinjilisti za kanisa.', ARRAY['Uinjilisti', 'Mafunzo ya Biblia', 'Huduma ya Vitabu']),
  ('00000000-0000-4000-8000-003000000024', 'Katibu wa Mawasiliano', 'Eric anaongoza mawasiliano: tangazo la kila wiki, tovuti, mitandao ya kijamii na timu ya matangazo ya moja kwa moja.', ARRAY['Mawasiliano', 'Vyombo vya Habari', 'Matangazo ya Moja kwa Moja']),
  ('00000000-0000-4000-8000-003000000025', 'Katibu wa Elimu', 'Teresa, mwalimu wa shule ya sekondari, anahimiza elimu ya Kiadventista na husimamia mfuko wa ufadhili wa masomo.', ARRAY['Elimu', 'Ufadhili wa Masomo', 'Madarasa ya Ubatizo']),
  ('00000000-0000-4000-8000-003000000026', 'Mkurugenzi wa Uwakili', 'George anaongoza semina za uwakili na msisitizo wa kila mwaka wa utoaji wa uaminifu.', ARRAY['Uwakili', 'Elimu ya Fedha']),
  ('00000000-0000-4000-8000-003000000027', 'Mratibu wa Maombi', 'Hellen anaratibu Timu ya Huduma ya Maombi, vikundi vya maombi na ufuatiliaji wa maombi yanayoletwa.', ARRAY['Maombi ya Maombezi', 'Huduma ya Maombi']),
  ('00000000-0000-4000-8000-003000000028', 'Mkurugenzi wa Maisha ya Familia', 'Moses na mkewe Alice wanaongoza huduma ya maisha ya familia: kuimarisha ndoa, madarasa ya kabla ya ndoa na semina za malezi.', ARRAY['Maisha ya Familia', 'Kuimarisha Ndoa', 'Malezi']),
  ('00000000-0000-4000-8000-003000000029', 'Mwenyekiti wa Kamati ya Maendeleo', 'James, mhandisi wa ujenzi, ni mwenyekiti wa kamati ya maendeleo inayosimamia mradi wa ukumbi wa kanisa.', ARRAY['Miradi ya Ujenzi', 'Usimamizi wa Miradi']),
  ('00000000-0000-4000-8000-003000000030', 'Mkuu wa Wakaribishaji', 'Dennis anawaongoza wakaribishaji wanaowapokea washiriki na wageni kila Sabato.', ARRAY['Ukarimu', 'Ukaribishaji'])
  ) AS v(id, position_sw, bio_sw, specialties_sw)
 WHERE l.id = v.id AND l.position_sw IS NULL AND l.bio_sw IS NULL AND l.specialties_sw IS NULL;

UPDATE public.departments AS d
   SET name_sw = v.name_sw, description_sw = v.description_sw, responsibilities_sw = v.responsibilities_sw
  FROM (VALUES
  ('00000000-0000-4000-8000-001000000001'::uuid, 'Ukarani wa Kanisa', 'Hutunza kumbukumbu za washiriki wa kanisa, kumbukumbu za vikao vya bodi na vya biashara, na barua rasmi za kanisa.', ARRAY['Kutunza kumbukumbu za washiriki na uhamisho wao', 'Kuandika kumbukumbu za vikao vya bodi na vya biashara', 'Kuandaa vyeti vya ubatizo na vya ushirika', 'Kushughulikia barua rasmi za kanisa']),
  ('00000000-0000-4000-8000-001000000002', 'Hazina', 'Hupokea, hurekodi na huwasilisha zaka na sadaka, na hutoa taarifa kuhusu fedha za kanisa.', ARRAY['Kupokea na kurekodi zaka na sadaka', 'Kuwasilisha zaka na sadaka za konferensi kila mwezi', 'Kuandaa taarifa za fedha za kila mwezi', 'Kusaidia kamati ya fedha na mchakato wa bajeti']),
  ('00000000-0000-4000-8000-001000000003', 'Mawasiliano', 'Huzungumza kwa niaba ya kanisa: matangazo, tovuti, mahusiano ya umma na mahusiano na vyombo vya habari.', ARRAY['Kuchapisha matangazo na jarida la kila wiki', 'Kutunza tovuti ya kanisa na mitandao ya kijamii', 'Kushughulikia mahusiano na wanahabari na jamii', 'Kuhifadhi matukio ya kanisa kwa picha na video']),
  ('00000000-0000-4000-8000-001000000004', 'Elimu', 'Husimamia shule ya kanisa na bodi yake, na huhimiza elimu ya Kiadventista miongoni mwa familia za kanisa.', ARRAY['Kushirikiana na bodi ya shule ya kanisa', 'Kuhimiza usajili katika shule za Kiadventista', 'Kusimamia mfuko wa ufadhili wa masomo', 'Kuandaa Sabato ya Elimu']),
  ('00000000-0000-4000-8000-001000000005', 'Huduma za Maombi', 'Huratibu maisha ya maombi ya kanisa: timu ya maombi, minyororo ya maombi na ushughulikiaji wa maombi yanayoletwa.', ARRAY['Kupanga timu ya maombi ya maombezi', 'Kufuatilia maombi kwa upendo na kwa siri', 'Kupanga Siku Kumi za Maombi na wiki za maombi', 'Kutunza kalenda ya maombi ya kanisa']),
  ('00000000-0000-4000-8000-001000000006', 'Uwakili', 'Hufundisha uwakili mwaminifu wa muda, vipaji, mwili na mali.', ARRAY['Kuendesha semina za uwakili na Sabato za msisitizo', 'Kuhimiza utoaji wa zaka kwa uaminifu na utoaji wa utaratibu', 'Kuhimiza elimu ya fedha kwa familia', 'Kusaidia kampeni ya bajeti ya kila mwaka']),
  ('00000000-0000-4000-8000-001000000007', 'Mashemasi', 'Hutunza jengo na mali ya kanisa, huandaa Meza ya Bwana na ubatizo, na hudumisha utaratibu wakati wa ibada.', ARRAY['Kuandaa patakatifu kwa ajili ya ibada', 'Kusaidia katika ibada za Meza ya Bwana na ubatizo', 'Kuwatembelea na kuwasaidia washiriki wenye mahitaji', 'Kudumisha utaratibu na usalama wakati wa ibada']),
  ('00000000-0000-4000-8000-001000000008', 'Mashemasi wa Kike', 'Husaidia katika ibada takatifu, huwahudumia wagonjwa na wahitaji, na huwakarimu wageni.', ARRAY['Kuandaa meza ya Bwana na majoho ya ubatizo', 'Kuwasaidia wanaobatizwa', 'Kuwatembelea wagonjwa na wazee', 'Kuwakaribisha na kuwakarimu wageni']),
  ('00000000-0000-4000-8000-001000000009', 'Maendeleo', 'Hupanga na kusimamia miradi ya ujenzi wa kanisa, matengenezo ya mali na uchangishaji wa fedha za maendeleo.', ARRAY['Kupanga na kusimamia miradi ya ujenzi', 'Kutunza mali na vifaa vya kanisa', 'Kuandaa harambee za maendeleo', 'Kuripoti maendeleo ya miradi kwa bodi ya kanisa']),
  ('00000000-0000-4000-8000-001000000010', 'Shule ya Sabato', 'Huongoza mafunzo ya Biblia Sabato asubuhi kwa kila kundi la umri, pamoja na msisitizo wa misioni na ushirika wa madarasa.', ARRAY['Kupanga madarasa na walimu wa Shule ya Sabato', 'Kuhimiza kujifunza somo kila siku', 'Kuongoza taarifa za misioni na sadaka za Sabato ya Kumi na Tatu', 'Kuwafundisha walimu wa Shule ya Sabato']),
  ('00000000-0000-4000-8000-001000000011', 'Huduma za Kibinafsi', 'Humwandaa kila mshiriki kwa kazi ya kuvuta roho kupitia mafunzo ya Biblia, vitabu na uinjilisti wa hadhara.', ARRAY['Kuwafundisha washiriki kutoa mafunzo ya Biblia', 'Kuratibu kampeni za uinjilisti', 'Kusambaza vitabu katika jamii', 'Kuwafuatilia wanaopenda kujifunza na waumini wapya']),
  ('00000000-0000-4000-8000-001000000012', 'Huduma za Vijana wa Kiadventista', 'Vipindi vya vijana vinavyojenga imani, uongozi na huduma miongoni mwa vijana.', ARRAY['Kuendesha vipindi vya AY Sabato alasiri', 'Kupanga wiki za maombi za vijana, makambi na mafungo', 'Kuwalea vijana katika uongozi', 'Kuwashirikisha vijana katika huduma kwa jamii']),
  ('00000000-0000-4000-8000-001000000013', 'Huduma za Watoto', 'Huwalea watoto katika upendo wa Yesu kupitia Shule ya Sabato, vilabu vya Biblia na Shule ya Biblia ya Likizo.', ARRAY['Kuendesha madarasa ya watoto ya Shule ya Sabato', 'Kusimamia Shule ya Biblia ya Likizo', 'Kupanga Sabato ya Watoto', 'Kuwafundisha walimu wa watoto']),
  ('00000000-0000-4000-8000-001000000014', 'Huduma za Akina Mama', 'Huwasaidia, huwatia moyo na kuwaandaa akina mama kwa huduma kanisani na katika jamii.', ARRAY['Kuandaa Siku ya Maombi ya Akina Mama na mafungo', 'Kuendesha vikundi vya ulezi na vya kusaidiana', 'Kuongoza miradi ya kusoma na kuandika na ya uwezeshaji', 'Kuwahudumia wajane na akina mama wanaolea peke yao']),
  ('00000000-0000-4000-8000-001000000015', 'Huduma za Akina Baba wa Kiadventista', 'Huwakusanya akina baba kwa maombi, ulezi na huduma kama viongozi wa kiroho nyumbani na kanisani.', ARRAY['Kufanya vifungua kinywa vya maombi na mafungo', 'Kuwalea vijana wa kiume', 'Kuongoza miradi ya huduma kwa jamii', 'Kuwasaidia akina baba kuwa viongozi wa kiroho wa nyumba zao']),
  ('00000000-0000-4000-8000-001000000016', 'Maisha ya Familia', 'Huimarisha ndoa na nyumba kupitia semina, ushauri na matukio ya familia.', ARRAY['Kupanga Wiki ya Nyumba ya Kikristo na Ndoa', 'Kutoa ushauri wa kabla ya ndoa', 'Kuendesha semina za malezi', 'Kuandaa siku za burudani za familia']),
  ('00000000-0000-4000-8000-001000000017', 'Huduma za Afya', 'Huhimiza maisha ya afya kupitia mazungumzo ya afya, vipimo na kambi za afya kwa jamii.', ARRAY['Kufanya maonyesho ya afya na kambi za matibabu bila malipo', 'Kufundisha madarasa ya mapishi na lishe', 'Kuendesha vipindi vya kiasi na vya kupona uraibu', 'Kutoa mazungumzo ya afya siku ya Sabato']),
  ('00000000-0000-4000-8000-001000000018', 'Muziki', 'Huongoza ibada ya kusanyiko kupitia kwaya, nyimbo maalum na wapiga ala.', ARRAY['Kuongoza kwaya ya kanisa', 'Kupanga nyimbo maalum za ibada', 'Kuwafundisha wanamuziki na viongozi wa nyimbo', 'Kuandaa Sabato za muziki na matamasha']),
  ('00000000-0000-4000-8000-001000000019', 'Mawasiliano', 'Timu ya huduma ya vyombo vya habari: matangazo ya moja kwa moja ya ibada, sauti, projekta na kurekodi mahubiri.', ARRAY['Kutangaza ibada za Sabato moja kwa moja', 'Kuendesha mitambo ya sauti na projekta', 'Kurekodi na kuchapisha mahubiri', 'Kuwafundisha wanaojitolea katika vyombo vya habari']),
  ('00000000-0000-4000-8000-001000000020', 'Elimu', 'Elimu ya Kikristo katika kanisa la mahali: madarasa ya ubatizo, shule ya Biblia na mafunzo ya washiriki.', ARRAY['Kuendesha madarasa ya ubatizo', 'Kutoa masomo ya Biblia kwa njia ya posta', 'Kuandaa semina za mafunzo ya washiriki', 'Kuwalea na kuwasaidia wanafunzi']),
  ('00000000-0000-4000-8000-001000000021', 'Huduma za Maombi', 'Huduma ya maombi ya kusanyiko: mkutano wa maombi wa Jumatano, vikundi vya maombi na wenzi wa maombi.', ARRAY['Kuongoza mkutano wa maombi wa Jumatano', 'Kupanga vikundi vya maombi na wenzi wa maombi', 'Kufanya mikesha ya maombi', 'Kuomba pamoja na wagonjwa na wafiwa']),
  ('00000000-0000-4000-8000-001000000022', 'Huduma kwa Jamii', 'Mikono ya kanisa katika jamii: ustawi wa Dorkasi, msaada wakati wa majanga na kuwahudumia wahitaji.', ARRAY['Kukusanya na kugawa chakula na mavazi', 'Kuwatembelea yatima, wajane na wazee', 'Kushughulikia dharura na majanga', 'Kuendesha miradi ya afya na ya kusoma na kuandika kwa jamii'])
  ) AS v(id, name_sw, description_sw, responsibilities_sw)
 WHERE d.id = v.id AND d.name_sw IS NULL AND d.description_sw IS NULL AND d.responsibilities_sw IS NULL;

UPDATE public.ministries AS m
   SET name_sw = v.name_sw, description_sw = v.description_sw, meeting_time_sw = v.meeting_time_sw,
       location_sw = v.location_sw, activities_sw = v.activities_sw
  FROM (VALUES
  ('00000000-0000-4000-8000-002000000001'::uuid, 'Huduma ya Vijana', 'Huduma za Vijana wa Kiadventista kwa vijana wa umri wa miaka 16 hadi 35: ibada, mafunzo ya Biblia, uongozi na huduma.', 'Ijumaa saa 12:00 jioni', 'Ukumbi wa Vijana', ARRAY['Vipindi vya AY', 'Makambi ya Vijana', 'Vikundi vya Mafunzo ya Biblia', 'Huduma kwa Jamii', 'Muziki na Maigizo']),
  ('00000000-0000-4000-8000-002000000002', 'Huduma ya Watoto', 'Madarasa ya Shule ya Sabato, hadithi za Biblia na nyimbo zinazowasaidia watoto kukua katika upendo wa Yesu.', 'Jumamosi saa 3:00 asubuhi', 'Ukumbi wa Watoto', ARRAY['Shule ya Sabato ya Watoto', 'Hadithi za Biblia', 'Shule ya Biblia ya Likizo', 'Kwaya ya Watoto']),
  ('00000000-0000-4000-8000-002000000003', 'Klabu ya Pathfinder', 'Klabu ya vijana wa umri wa miaka 10 hadi 15 inayojenga tabia kupitia beji za ujuzi, gwaride, kupiga kambi na huduma.', 'Jumapili saa 8:00 mchana', 'Viwanja vya Kanisa', ARRAY['Gwaride', 'Beji za Ujuzi', 'Kupiga Kambi', 'Huduma kwa Jamii']),
  ('00000000-0000-4000-8000-002000000004', 'Klabu ya Adventurer', 'Klabu ya watoto wa umri wa miaka 4 hadi 9 na wazazi wao, wakijifunza kuhusu Mungu, maumbile na familia.', 'Jumapili saa 4:00 asubuhi', 'Ukumbi wa Watoto', ARRAY['Tuzo za Madarasa', 'Matembezi ya Maumbile', 'Shughuli za Familia']),
  ('00000000-0000-4000-8000-002000000005', 'Huduma ya Muziki', 'Kwaya ya kanisa, kikundi cha sifa na wapiga ala wanaoliongoza kusanyiko katika ibada.', 'Alhamisi saa 11:30 jioni', 'Ukumbi Mkuu wa Ibada', ARRAY['Kwaya ya Kanisa', 'Kikundi cha Sifa', 'Nyimbo Maalum', 'Mafunzo ya Ala za Muziki']),
  ('00000000-0000-4000-8000-002000000006', 'Huduma ya Maombi', 'Maombi ya maombezi kwa ajili ya kanisa, jamii na kila ombi linaloletwa.', 'Jumatano saa 12:00 jioni', 'Ukumbi Mkuu wa Ibada', ARRAY['Mkutano wa Maombi', 'Vikundi vya Maombi', 'Maombi ya Maombezi', 'Mikesha ya Maombi']),
  ('00000000-0000-4000-8000-002000000007', 'Shule ya Sabato', 'Mafunzo ya Biblia katika madarasa ya kila umri, pamoja na taarifa za misioni na ushirika.', 'Jumamosi saa 3:00 asubuhi', 'Ukumbi Mkuu wa Ibada', ARRAY['Madarasa ya Biblia ya Watu Wazima', 'Taarifa za Misioni', 'Mafunzo ya Walimu']),
  ('00000000-0000-4000-8000-002000000008', 'Huduma ya Afya', 'Elimu ya afya na kambi za matibabu bila malipo kwa kanisa na jamii.', 'Jumapili ya kwanza ya mwezi, saa 8:00 mchana', 'Ukumbi wa Ushirika', ARRAY['Mazungumzo ya Afya', 'Kambi za Matibabu Bila Malipo', 'Madarasa ya Mapishi', 'Matembezi ya Mazoezi']),
  ('00000000-0000-4000-8000-002000000009', 'Huduma ya Akina Mama', 'Ushirika, maombi na uwezeshaji kwa akina mama wa kanisa na wa jamii.', 'Jumapili ya pili ya mwezi, saa 8:00 mchana', 'Ukumbi wa Ushirika', ARRAY['Mafungo ya Maombi', 'Vikundi vya Ulezi', 'Miradi ya Uwezeshaji', 'Kuwatembelea Wagonjwa Hospitalini']),
  ('00000000-0000-4000-8000-002000000010', 'Huduma ya Akina Baba', 'Akina baba wakikua pamoja kama viongozi wa kiroho katika nyumba zao, kanisani na katika jamii.', 'Jumapili ya mwisho ya mwezi, saa 1:00 asubuhi', 'Ukumbi wa Ushirika', ARRAY['Vifungua Kinywa vya Maombi', 'Ulezi', 'Miradi ya Huduma']),
  ('00000000-0000-4000-8000-002000000011', 'Huduma kwa Jamii', 'Dorkasi na Huduma kwa Jamii: kugawa chakula na mavazi, kutembelea wahitaji na msaada wakati wa majanga mjini.', 'Wasiliana nasi kwa maelezo', 'Kituo cha Huduma kwa Jamii', ARRAY['Kugawa Chakula', 'Kuwatembelea Wagonjwa Hospitalini', 'Huduma Gerezani', 'Msaada wa Majanga', 'Madarasa ya Kusoma na Kuandika']),
  ('00000000-0000-4000-8000-002000000012', 'Huduma ya Maisha ya Familia', 'Kuimarisha ndoa, madarasa ya kabla ya ndoa na semina za malezi kwa nyumba imara za Kikristo.', 'Wasiliana nasi kwa maelezo', 'Ukumbi wa Ushirika', ARRAY['Kuimarisha Ndoa', 'Madarasa ya Kabla ya Ndoa', 'Semina za Malezi', 'Siku za Burudani za Familia'])
  ) AS v(id, name_sw, description_sw, meeting_time_sw, location_sw, activities_sw)
 WHERE m.id = v.id AND m.name_sw IS NULL AND m.description_sw IS NULL AND m.meeting_time_sw IS NULL
   AND m.location_sw IS NULL AND m.activities_sw IS NULL;

UPDATE public.sermon_series AS s
   SET title_sw = v.title_sw, subtitle_sw = v.subtitle_sw, description_sw = v.description_sw, topics_sw = v.topics_sw
  FROM (VALUES
  ('00000000-0000-4000-8000-004000000001'::uuid, 'Unabii Unanena Leo', 'Tumaini na uhakika kutoka Danieli na Ufunuo', 'Safari kupitia unabii wa Danieli na Ufunuo, ikionyesha kwamba Mungu anaishika historia mikononi mwake na kwamba Yesu anakuja tena.', ARRAY['Danieli 2', 'Patakatifu', 'Jumbe za Malaika Watatu', 'Sabato', 'Kuja kwa Yesu Mara ya Pili']),
  ('00000000-0000-4000-8000-004000000002', 'Mawakili Waaminifu', 'Kusimamia yote ambayo Mungu ametukabidhi', 'Jumbe nne kuhusu uwakili wa mali zetu, miili yetu, muda wetu na vipaji vyetu.', ARRAY['Zaka na Sadaka', 'Afya', 'Muda', 'Karama za Roho']),
  ('00000000-0000-4000-8000-004000000003', 'Kaeni Ndani ya Kristo', 'Kukua katika kutembea na Yesu kila siku', 'Maana ya kukaa ndani ya Yesu siku kwa siku: Neno, Roho na maombi.', ARRAY['Yohana 15', 'Roho Mtakatifu', 'Maombi'])
  ) AS v(id, title_sw, subtitle_sw, description_sw, topics_sw)
 WHERE s.id = v.id AND s.title_sw IS NULL AND s.subtitle_sw IS NULL AND s.description_sw IS NULL AND s.topics_sw IS NULL;

UPDATE public.sermons AS s
   SET title_sw = v.title_sw, description_sw = v.description_sw
  FROM (VALUES
  ('00000000-0000-4000-8000-005000000001'::uuid, 'Mzabibu na Matawi', 'Yohana 15:1-8. Kuzaa matunda si tunda la juhudi bali la kuunganika naye: pasipo Yesu hatuwezi kufanya neno lolote.'),
  ('00000000-0000-4000-8000-005000000002', 'Kuenenda kwa Roho', 'Wagalatia 5:16-25. Tunda la Roho hukua katika maisha yanayojisalimisha kwake kila siku.'),
  ('00000000-0000-4000-8000-005000000003', 'Bwana, Utufundishe Kuomba', 'Luka 11:1-13. Maombi kama pumzi ya roho, na Baba anayefurahi kutoa vipawa vyema.'),
  ('00000000-0000-4000-8000-005000000004', 'Vyote ni Mali ya Mungu', 'Zaburi 24:1. Uwakili huanza kwa kumtambua Mungu kama mmiliki wa yote tuliyo nayo na tulivyo.'),
  ('00000000-0000-4000-8000-005000000005', 'Rudisha na Ufurahi', 'Malaki 3:8-12. Zaka na sadaka kama ibada, na madirisha ya mbinguni yaliyofunguliwa.'),
  ('00000000-0000-4000-8000-005000000006', 'Mawakili wa Mwili', '1 Wakorintho 6:19-20. Miili yetu ni hekalu la Roho Mtakatifu: afya kama sehemu ya ibada.'),
  ('00000000-0000-4000-8000-005000000007', 'Muda, Vipaji na Mali', 'Mathayo 25:14-30. Kila kipawa ambacho Mungu hutoa kimekusudiwa kuwekezwa kwa ajili ya ufalme wake.'),
  ('00000000-0000-4000-8000-005000000008', 'Ndoto ya Mfalme', 'Danieli 2. Mungu afunuaye siri anaonyesha kuinuka na kuanguka kwa falme, na ufalme usioangamizwa milele.'),
  ('00000000-0000-4000-8000-005000000009', 'Ujumbe wa Patakatifu', 'Danieli 8:14 na Waebrania 8:1-2. Yesu Kuhani wetu Mkuu anatuhudumia katika patakatifu pa mbinguni.'),
  ('00000000-0000-4000-8000-005000000010', 'Jumbe za Malaika Watatu', 'Ufunuo 14:6-12. Injili ya milele kwa kila taifa, kabila, lugha na jamaa.'),
  ('00000000-0000-4000-8000-005000000011', 'Sabato: Ishara ya Upendo', 'Kutoka 20:8-11 na Ezekieli 20:12. Sabato kama ukumbusho wa uumbaji na ishara ya Mungu anayetutakasa.'),
  ('00000000-0000-4000-8000-005000000012', 'Tazama, Yuaja', 'Ufunuo 1:7. Tumaini lenye baraka la kuja kwa Yesu mara ya pili na jinsi ya kuwa tayari.')
  ) AS v(id, title_sw, description_sw)
 WHERE s.id = v.id AND s.title_sw IS NULL AND s.description_sw IS NULL;

UPDATE public.events AS e
   SET title_sw = coalesce(e.title_sw, v.title_sw), description_sw = coalesce(e.description_sw, v.description_sw)
  FROM (VALUES
  ('00000000-0000-4000-8000-006000000001'::uuid, 'Sabato ya Kuweka Wakfu Mwaka Mpya', 'Tunaanza mwaka kwa kuziweka wakfu kwa Mungu familia zetu, mipango yetu na kanisa letu katika Sabato maalum ya maombi na sifa.'),
  ('00000000-0000-4000-8000-006000000002', 'Siku Kumi za Maombi', 'Jioni kumi za maombi ya pamoja, kuanzia tarehe ' || pg_temp.sw_days(pg_temp.yearly_day('2025-01-08'), pg_temp.yearly_day('2025-01-18', '2025-01-08')) || ', zikihitimishwa kwa Sabato ya sifa na shuhuda.'),
  ('00000000-0000-4000-8000-006000000003', 'Kuwaweka Wakfu Maafisa wa Kanisa', 'Ibada ya kuwaweka wakfu maafisa wa kanisa waliochaguliwa kwa mwaka huu.'),
  ('00000000-0000-4000-8000-006000000004', 'Semina ya Mafunzo ya Maafisa wa Kanisa', 'Mafunzo kwa wazee, mashemasi, mashemasi wa kike, makarani, watunza hazina na viongozi wa idara, yakiongozwa na timu ya wachungaji.'),
  ('00000000-0000-4000-8000-006000000005', 'Sabato ya Msisitizo wa Uwakili', 'Sabato kuhusu uaminifu katika zaka, sadaka na matumizi ya muda na vipaji vyetu.'),
  ('00000000-0000-4000-8000-006000000006', 'Maonyesho ya Afya na Kambi ya Matibabu Bila Malipo', 'Vipimo vya shinikizo la damu, sukari na macho bila malipo, mazungumzo ya afya na maonyesho ya mapishi ya afya.'),
  ('00000000-0000-4000-8000-006000000007', 'Sabato ya Nyumba ya Kikristo na Ndoa', 'Sabato ya kufunga Wiki ya Nyumba ya Kikristo na Ndoa, pamoja na kipindi cha alasiri cha kuimarisha ndoa.'),
  ('00000000-0000-4000-8000-006000000008', 'Alasiri ya Ushirika wa Wasio na Wenzi', 'Alasiri ya ushirika, mjadala wa jopo kuhusu maisha ya useja yenye kusudi, na maombi.'),
  ('00000000-0000-4000-8000-006000000009', 'Siku ya Maombi ya Akina Mama', 'Siku ya Maombi ya Akina Mama ya kanisa la ulimwengu, ikiongozwa na timu ya huduma za akina mama.'),
  ('00000000-0000-4000-8000-006000000010', 'Kuwapokea Adventurer Wapya', 'Adventurer wapya na wazazi wao wanakaribishwa klabuni kwa mwaka huu.'),
  ('00000000-0000-4000-8000-006000000011', 'Wiki ya Maombi ya Vijana', 'Wiki ya mikutano ya jioni inayoongozwa na vijana, ikihitimishwa kwa Ibada Kuu inayoongozwa na vijana.'),
  ('00000000-0000-4000-8000-006000000012', 'Warsha ya Vyombo vya Habari na Mawasiliano ya Kanisa', 'Mafunzo ya vitendo ya matangazo ya moja kwa moja, upigaji picha, mitandao ya kijamii na uandishi wa habari za kanisa.'),
  ('00000000-0000-4000-8000-006000000013', 'Ibada ya Meza ya Bwana ya Robo Mwaka', 'Ibada za kutawadhana miguu na Meza ya Bwana.'),
  ('00000000-0000-4000-8000-006000000014', 'Siku ya Wageni wa Shule ya Sabato', 'Mlete rafiki Shule ya Sabato: kipindi maalum, darasa la wageni na chakula cha mchana cha ushirika.'),
  ('00000000-0000-4000-8000-006000000015', 'Mkutano wa Uinjilisti wa Vitabu', 'Wainjilisti wa vitabu wanashiriki shuhuda, na washiriki wanapeleka vitabu na majarida mjini.'),
  ('00000000-0000-4000-8000-006000000016', 'Tamasha la Muziki la Ufufuo', 'Kwaya na vikundi vilivyoalikwa wanamsherehekea Mwokozi aliyefufuka kwa nyimbo.'),
  ('00000000-0000-4000-8000-006000000017', 'Kampeni ya Hadhara ya Uinjilisti', 'Wiki mbili za mikutano ya Biblia kila usiku katika hema kwenye viwanja vya kanisa, zikihitimishwa kwa ubatizo.'),
  ('00000000-0000-4000-8000-006000000018', 'Harambee ya Mfuko wa Ujenzi wa Ukumbi wa Kanisa', 'Siku ya kuchangisha fedha kwa ajili ya ukumbi mpya wa kanisa, pamoja na wageni kutoka konferensi na makanisa dada.'),
  ('00000000-0000-4000-8000-006000000019', 'Sabato ya Kuwashukuru Akina Mama', 'Tunawaheshimu akina mama wa kanisa kwa nyimbo maalum, zawadi na baraka.'),
  ('00000000-0000-4000-8000-006000000020', 'Darasa la Mafunzo la Master Guide', 'Darasa la mafunzo la kila mwezi kwa wanaojiandaa kuwa Master Guide.'),
  ('00000000-0000-4000-8000-006000000021', 'Sabato ya Watoto', 'Watoto wanaongoza Shule ya Sabato na Ibada Kuu.'),
  ('00000000-0000-4000-8000-006000000022', 'Kampeni ya Chakula kwa Ustawi wa Jamii', 'Kugawa vifurushi vya chakula na mavazi kwa familia zenye mahitaji mjini.'),
  ('00000000-0000-4000-8000-006000000023', 'Kifungua Kinywa cha Maombi cha Akina Baba', 'Kifungua kinywa, maombi na mazungumzo kuhusu baba kama kuhani wa nyumba yake.'),
  ('00000000-0000-4000-8000-006000000024', 'Sabato ya Elimu', 'Tunawaombea wanafunzi na walimu wetu na kuchangia mfuko wa ufadhili wa masomo.'),
  ('00000000-0000-4000-8000-006000000025', 'Kongamano la Amani la Jamii na Dini Mbalimbali', 'Viongozi wa makanisa na wa jamii wanakutana kuomba na kuzungumza kuhusu amani na huduma mjini.'),
  ('00000000-0000-4000-8000-006000000026', 'Ibada ya Meza ya Bwana ya Robo Mwaka', 'Ibada za kutawadhana miguu na Meza ya Bwana.'),
  ('00000000-0000-4000-8000-006000000027', 'Sabato ya Huduma ya Kiroho: Ziara za Hospitali na Gereza', 'Timu zinatembelea wodi za hospitali na gereza kuomba, kuimba na kugawa vitabu.'),
  ('00000000-0000-4000-8000-006000000028', 'Kongamano la Uongozi wa Kanisa', 'Tathmini ya katikati ya mwaka ya mipango ya kanisa pamoja na viongozi wote wa idara.'),
  ('00000000-0000-4000-8000-006000000029', 'Siku ya Gwaride na Beji za Pathfinder', 'Pathfinder wanaonyesha gwaride lao na kukamilisha masharti ya beji za ujuzi.'),
  ('00000000-0000-4000-8000-006000000030', 'Semina ya Afya: Kuzuia Magonjwa Yatokanayo na Mtindo wa Maisha', 'Madaktari na wataalamu wa lishe wanazungumza kuhusu kisukari, shinikizo la damu na ulaji bora.'),
  ('00000000-0000-4000-8000-006000000031', 'Sabato ya Kugawa Vitabu', 'Washiriki wanagawa vitabu na majarida katikati ya mji.'),
  ('00000000-0000-4000-8000-006000000032', 'Shule ya Biblia ya Likizo', 'Asubuhi tano za hadithi za Biblia, nyimbo, kazi za mikono na michezo wakati wa likizo ya shule.'),
  ('00000000-0000-4000-8000-006000000033', 'Mkutano wa Kambi', 'Mkutano wa kambi wa konferensi: wiki ya mikutano ya uamsho pamoja na makanisa ya eneo lote.'),
  ('00000000-0000-4000-8000-006000000034', 'Siku ya Kazi na Ulezi kwa Vijana', 'Wataalamu wa kanisa wanawashauri vijana kuhusu kazi, biashara na imani mahali pa kazi.'),
  ('00000000-0000-4000-8000-006000000035', 'Siku ya Burudani ya Familia', 'Michezo, chakula cha mchana cha pamoja na ibada ya familia kwenye viwanja vya kanisa.'),
  ('00000000-0000-4000-8000-006000000036', 'Siku ya Maombi na Kufunga', 'Siku ya maombi na kufunga kwa ajili ya kanisa, taifa na shule.'),
  ('00000000-0000-4000-8000-006000000037', 'Mafunzo ya Walimu wa Shule ya Sabato', 'Mafunzo ya kuandaa somo, kuongoza mjadala darasani na msisitizo wa misioni.'),
  ('00000000-0000-4000-8000-006000000038', 'Semina ya Uwakili: Mwaminifu katika Machache', 'Mafundisho ya vitendo kuhusu bajeti, kuweka akiba, madeni na utoaji wa uaminifu.'),
  ('00000000-0000-4000-8000-006000000039', 'Ibada ya Meza ya Bwana ya Robo Mwaka', 'Ibada za kutawadhana miguu na Meza ya Bwana.'),
  ('00000000-0000-4000-8000-006000000040', 'Sabato ya Uumbaji', 'Tunamsherehekea Mungu kama Muumbaji, pamoja na matembezi ya maumbile alasiri.'),
  ('00000000-0000-4000-8000-006000000041', 'Kuhitimu kwa Pathfinder', 'Pathfinder wanapokea pini za madarasa yao na beji za ujuzi za mwaka.'),
  ('00000000-0000-4000-8000-006000000042', 'Sabato ya Huduma ya Akina Baba', 'Akina baba wa kanisa wanaongoza ibada za Sabato.'),
  ('00000000-0000-4000-8000-006000000043', 'Kuhitimu kwa Master Guide', 'Waliokamilisha mafunzo ya Master Guide wanavishwa rasmi.'),
  ('00000000-0000-4000-8000-006000000044', 'Wiki ya Maombi', 'Wiki ya maombi ya kila mwaka pamoja na masomo ya kanisa la ulimwengu.'),
  ('00000000-0000-4000-8000-006000000045', 'Uzinduzi wa Mradi wa Kuezeka Ukumbi wa Kanisa', 'Uzinduzi wa awamu ya kuezeka paa katika mradi wa ukumbi wa kanisa.'),
  ('00000000-0000-4000-8000-006000000046', 'Mkutano wa Biashara wa Kanisa na Uchaguzi', 'Taarifa za mwaka na uchaguzi wa maafisa wa kanisa kwa mwaka ujao.'),
  ('00000000-0000-4000-8000-006000000047', 'Kuhitimu kwa Adventurer', 'Adventurer wanapokea tuzo za madarasa yao za mwaka.'),
  ('00000000-0000-4000-8000-006000000048', 'Sabato ya Shukrani na Kampeni ya Chakula kwa Ustawi', 'Sabato ya shukrani; washiriki wanaleta chakula na mavazi kwa familia zenye mahitaji.'),
  ('00000000-0000-4000-8000-006000000049', 'Sabato ya Kutambua na Kuwashukuru Watumishi', 'Tunamshukuru Mungu kwa mwaka huu na kuwashukuru maafisa na wanaojitolea waliohudumu.'),
  ('00000000-0000-4000-8000-006000000050', 'Ibada ya Nyimbo za Krismasi', 'Nyimbo za Krismasi, masomo ya Maandiko na nyimbo maalum za kwaya na za watoto.'),
  ('00000000-0000-4000-8000-006000000051', 'Kipindi cha Krismasi cha Watoto', 'Watoto wanaigiza habari ya kuzaliwa kwa Yesu.'),
  ('00000000-0000-4000-8000-006000000052', 'Ibada ya Meza ya Bwana ya Mwisho wa Mwaka', 'Tunafunga mwaka mezani pa Bwana.'),
  ('00000000-0000-4000-8000-006000000101', 'Ibada ya Jioni ya Ijumaa', 'Tunaifungua Sabato kwa nyimbo, shuhuda na maombi; wiki hii ibada ya vijana inajiunga na kanisa lote. Viburudisho vitaandaliwa baadaye.'),
  ('00000000-0000-4000-8000-006000000102', 'Zoezi la Kuchangia Damu', 'Pamoja na Huduma ya Kitaifa ya Damu Kenya: changia damu, ujue kundi lako la damu na usikilize mazungumzo mafupi ya afya. Wachangiaji wawe na umri wa miaka 16 hadi 65.'),
  ('00000000-0000-4000-8000-006000000103', 'Usiku wa Maswali ya Biblia', 'Timu za madarasa ya Shule ya Sabato zinashindana katika maswali kuhusu kitabu cha Danieli. Familia na marafiki wanakaribishwa.'),
  ('00000000-0000-4000-8000-006000000104', 'Semina ya Malezi: Kulea Watoto katika Ulimwengu wa Kidijitali', 'Msaada wa vitendo kwa wazazi kuhusu skrini, simu na imani nyumbani, ukiongozwa na timu ya Maisha ya Familia.'),
  ('00000000-0000-4000-8000-006000000105', 'Ibada ya Kuwaweka Wakfu Watoto', 'Wazazi wanawaleta watoto wao wadogo kwa Bwana katika ibada ya kuwaweka wakfu na kuwabariki.'),
  ('00000000-0000-4000-8000-006000000106', 'Ibada ya Kuwapaka Mafuta Wagonjwa', 'Mkutano wa maombi wa Jumatano unakuwa ibada ya kuwapaka mafuta: wachungaji na wazee wanaomba pamoja na wagonjwa na kuwapaka mafuta (Yakobo 5:14).'),
  ('00000000-0000-4000-8000-006000000107', 'Mafunzo ya Huduma ya Kwanza', 'Kozi ya siku moja ya huduma ya kwanza pamoja na Chama cha Msalaba Mwekundu Kenya, na vyeti. Chakula cha mchana kitatolewa; tafadhali jiandikishe kwa karani wa kanisa.'),
  ('00000000-0000-4000-8000-006000000108', 'Mafungo ya Wikendi ya Akina Baba', 'Wikendi ya kujifunza Biblia, maombi na ushirika kwa akina baba wa kanisa. Gharama inajumuisha chakula na malazi kwa kila mtu.'),
  ('00000000-0000-4000-8000-006000000109', 'Warsha ya Muziki na Maigizo ya Vijana', 'Siku mbili za mafunzo ya muziki wa kwaya, ala na maigizo kwa vijana. Rasimu: wakufunzi bado hawajathibitishwa.')
  ) AS v(id, title_sw, description_sw)
 WHERE e.id = v.id AND (e.title_sw IS NULL OR e.description_sw IS NULL);

-- The demo's places and audiences, in Kiswahili wherever an event names them.
UPDATE public.events AS e
   SET location_sw = v.sw
  FROM (VALUES ('Main Sanctuary', 'Ukumbi Mkuu wa Ibada'), ('Fellowship Hall', 'Ukumbi wa Ushirika'),
               ('Church Grounds', 'Viwanja vya Kanisa'), ('Youth Hall', 'Ukumbi wa Vijana'),
               ('Children''s Hall', 'Ukumbi wa Watoto'), ('Community Services Centre', 'Kituo cha Huduma kwa Jamii'),
               ('Conference Campground', 'Uwanja wa Kambi wa Konferensi'),
               ('County Referral Hospital and Prison', 'Hospitali ya Rufaa ya Kaunti na Gereza'),
               ('Lake Naivasha Retreat Centre', 'Kituo cha Mafungo cha Ziwa Naivasha'),
               ('Town Centre', 'Katikati ya Mji')) AS v(en, sw)
 WHERE e.id::text LIKE '00000000-0000-4000-8000-006%' AND e.location = v.en AND e.location_sw IS NULL;

UPDATE public.events AS e
   SET attendees_sw = v.sw
  FROM (VALUES ('All members welcome', 'Washiriki wote wanakaribishwa'), ('Open to the community', 'Wazi kwa jamii yote'),
               ('Baptised members', 'Washiriki waliobatizwa'), ('Church officers', 'Maafisa wa kanisa'),
               ('Couples and families', 'Wanandoa na familia'), ('Families', 'Familia'),
               ('Adventurers and parents', 'Adventurer na wazazi'), ('Pathfinders and parents', 'Pathfinder na wazazi'),
               ('Children 4 to 12 years', 'Watoto wa miaka 4 hadi 12'), ('Master Guide candidates', 'Wanaojiandaa kuwa Master Guide'),
               ('Media volunteers', 'Wanaojitolea katika vyombo vya habari'), ('Men of all ages', 'Akina baba wa rika zote'),
               ('Women of all ages', 'Akina mama wa rika zote'), ('Sabbath School teachers', 'Walimu wa Shule ya Sabato'),
               ('Singles 25 years and above', 'Wasio na wenzi wa miaka 25 na zaidi'),
               ('Youth aged 16 to 35', 'Vijana wa miaka 16 hadi 35')) AS v(en, sw)
 WHERE e.id::text LIKE '00000000-0000-4000-8000-006%' AND e.attendees = v.en AND e.attendees_sw IS NULL;

UPDATE public.announcements AS a
   SET title_sw = v.title_sw, content_sw = v.content_sw
  FROM (VALUES
  ('00000000-0000-4000-8000-007000000003'::uuid, 'Usajili wa Darasa la Ubatizo', 'Darasa jipya la ubatizo linaanza Sabato, tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-12-05')) || ', saa 8:30 mchana katika Ukumbi wa Ushirika, likiongozwa na Mchungaji Grace Mwangi. Jiandikishe kwa karani wa kanisa au kwa mzee yeyote.'),
  ('00000000-0000-4000-8000-007000000004', 'Usiku wa Maswali ya Biblia: Sajili Timu Yako', 'Kila darasa la Shule ya Sabato linaweza kuleta timu ya watu wanne kwa Usiku wa Maswali ya Biblia tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-12-05')) || '. Sajili timu yako kwa msimamizi wa Shule ya Sabato baada ya kipindi cha AY tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-11-28')) || '.'),
  ('00000000-0000-4000-8000-007000000005', 'Kikao cha Bodi ya Kanisa', 'Bodi ya kanisa itakutana Jumapili, tarehe ' || pg_temp.sw_day(pg_temp.rolling_day('2026-11-29')) || ', saa 8:00 mchana katika Ukumbi wa Ushirika. Viongozi wa idara, tafadhali wasilisheni taarifa zenu kwa karani kufikia Ijumaa.'),
  ('00000000-0000-4000-8000-007000000006', 'Picha za Orodha ya Washiriki', 'Washiriki ambao bado hawajapigwa picha kwa ajili ya orodha mpya ya washiriki wa kanisa wanaweza kupigwa baada ya Ibada Kuu.'),
  ('00000000-0000-4000-8000-007000000007', 'Kuweka Nafasi ya Usafiri wa Mkutano wa Kambi', 'Usafiri wa kwenda kwenye mkutano wa kambi ujao utawekwa kupitia ofisi ya kanisa. Maelezo zaidi yatatolewa.')
  ) AS v(id, title_sw, content_sw)
 WHERE a.id = v.id AND a.title_sw IS NULL AND a.content_sw IS NULL;

UPDATE public.daily_verses AS d
   SET text_sw = v.text_sw, reference_sw = v.reference_sw, translation_sw = 'SUV', reflection_sw = v.reflection_sw
  FROM (VALUES
  ('00000000-0000-4000-8000-008000000001'::uuid, 'Maana nayajua mawazo ninayowawazia ninyi, asema BWANA, ni mawazo ya amani wala si ya mabaya, kuwapa ninyi tumaini siku zenu za mwisho.', 'Yeremia 29:11', 'Mipango ya Mungu kwako ni mipango ya amani. Lolote litakalokuja leo, yeye anatenda kazi kuelekea mwisho mwema.'),
  ('00000000-0000-4000-8000-008000000002', 'Mtumaini BWANA kwa moyo wako wote, wala usizitegemee akili zako mwenyewe; katika njia zako zote mkiri yeye, naye atayanyosha mapito yako.', 'Mithali 3:5-6', 'Mletee Mungu kila uamuzi leo. Yeye anaiona njia yote wakati sisi tunaona hatua inayofuata tu.'),
  ('00000000-0000-4000-8000-008000000003', 'Nayaweza mambo yote katika yeye anitiaye nguvu.', 'Wafilipi 4:13', 'Nguvu ya kazi za leo haimo ndani yetu bali ndani ya Kristo, naye huitoa bure.'),
  ('00000000-0000-4000-8000-008000000004', 'Bali wao wamngojeao BWANA watapata nguvu mpya; watapanda juu kwa mbawa kama tai; watapiga mbio, wala hawatachoka; watakwenda kwa miguu, wala hawatazimia.', 'Isaya 40:31', 'Kumngoja Mungu si kupoteza muda. Ndipo mioyo iliyochoka hufanywa upya.'),
  ('00000000-0000-4000-8000-008000000005', 'BWANA ndiye mchungaji wangu, sitapungukiwa na kitu.', 'Zaburi 23:1', 'Mchungaji Mwema akituongoza, hatukosi kitu tunachohitaji kweli.'),
  ('00000000-0000-4000-8000-008000000006', 'Kwa maana jinsi hii Mungu aliupenda ulimwengu, hata akamtoa Mwanawe pekee, ili kila mtu amwaminiye asipotee, bali awe na uzima wa milele.', 'Yohana 3:16', 'Kipimo cha upendo wa Mungu ni zawadi ya Mwanawe, inayotolewa kwa kila mtu, nawe ukiwemo.'),
  ('00000000-0000-4000-8000-008000000007', 'Nasi twajua ya kuwa katika mambo yote Mungu hufanya kazi pamoja na wale wampendao katika kuwapatia mema, yaani, wale walioitwa kwa kusudi lake.', 'Warumi 8:28', 'Si kila jambo ni jema, lakini Mungu anaweza kuyaunganisha mambo yote yawe mema katika maisha ya wampendao.'),
  ('00000000-0000-4000-8000-008000000008', 'Je! Si mimi niliyekuamuru? Uwe hodari na moyo wa ushujaa; usiogope wala usifadhaike; kwa kuwa BWANA, Mungu wako, yu pamoja nawe kila uendako.', 'Yoshua 1:9', 'Ujasiri si kukosa hofu bali ni uwepo wa Mungu anayekwenda pamoja nasi.'),
  ('00000000-0000-4000-8000-008000000009', 'Mungu kwetu sisi ni kimbilio na nguvu, msaada utakaoonekana tele wakati wa mateso.', 'Zaburi 46:1', 'Katika kila dhoruba kuna kimbilio: Mungu mwenyewe, aliye karibu na tayari kusaidia.'),
  ('00000000-0000-4000-8000-008000000010', 'Njooni kwangu, ninyi nyote msumbukao na wenye kulemewa na mizigo, nami nitawapumzisha.', 'Mathayo 11:28', 'Yesu anawaalika waliochoka waje kama walivyo. Pumziko linapatikana ndani yake.'),
  ('00000000-0000-4000-8000-008000000011', 'Ikumbuke siku ya sabato uitakase.', 'Kutoka 20:8', 'Sabato ni zawadi ya Mungu ya kila juma ya pumziko na ushirika. Uandae moyo wako kuipokea.'),
  ('00000000-0000-4000-8000-008000000012', 'Usiogope, kwa maana mimi ni pamoja nawe; usifadhaike, kwa maana mimi ni Mungu wako; nitakutia nguvu, naam, nitakusaidia, naam, nitakushika kwa mkono wa kuume wa haki yangu.', 'Isaya 41:10', 'Ahadi tatu kwa moyo wenye hofu: Mungu atakutia nguvu, atakusaidia na atakushika.'),
  ('00000000-0000-4000-8000-008000000013', 'Neno lako ni taa ya miguu yangu, na mwanga wa njia yangu.', 'Zaburi 119:105', 'Maandiko yanaangaza hatua inayofuata. Yafungue leo na utembee katika nuru yake.'),
  ('00000000-0000-4000-8000-008000000014', 'Hapa ndipo penye subira ya watakatifu, hao wazishikao amri za Mungu, na imani ya Yesu.', 'Ufunuo 14:12', 'Watu wa Mungu wa siku za mwisho wanatambulika kwa utii wa uaminifu na kwa imani ya Yesu.'),
  ('00000000-0000-4000-8000-008000000015', 'Msifadhaike mioyoni mwenu; mwaminini Mungu, niaminini na mimi.', 'Yohana 14:1', 'Yesu anainena amani kwa mioyo iliyofadhaika. Mwamini kwa yale yanayokusumbua leo.'),
  ('00000000-0000-4000-8000-008000000016', 'Tukiziungama dhambi zetu, yeye ni mwaminifu na wa haki hata atuondolee dhambi zetu, na kutusafisha na udhalimu wote.', '1 Yohana 1:9', 'Msamaha umeahidiwa, haupatikani kwa kustahili. Ungama, uupokee na uenende ukiwa safi.'),
  ('00000000-0000-4000-8000-008000000017', 'Msijisumbue kwa neno lo lote; bali katika kila neno kwa kusali na kuomba, pamoja na kushukuru, haja zenu na zijulikane na Mungu.', 'Wafilipi 4:6', 'Geuza kila wasiwasi kuwa ombi, na uongeze shukrani kwa kila haja.'),
  ('00000000-0000-4000-8000-008000000018', 'Nawe utajifurahisha kwa BWANA, naye atakupa haja za moyo wako.', 'Zaburi 37:4', 'Mungu anapokuwa furaha yetu, tamaa zetu huundwa na zake, naye hupenda kuzitimiza.'),
  ('00000000-0000-4000-8000-008000000019', 'Bali utafuteni kwanza ufalme wake, na haki yake; na hayo yote mtazidishiwa.', 'Mathayo 6:33', 'Mtangulize Mungu leo, na umwamini kwa mengine yote.'),
  ('00000000-0000-4000-8000-008000000020', 'Hata imekuwa, mtu akiwa ndani ya Kristo amekuwa kiumbe kipya; ya kale yamepita; tazama! yamekuwa mapya.', '2 Wakorintho 5:17', 'Ndani ya Kristo yaliyopita hayakufafanui. Leo unaweza kuishi kama kiumbe kipya.'),
  ('00000000-0000-4000-8000-008000000021', 'Ni kwa rehema za BWANA kwamba hatukuangamia, kwa sababu rehema zake hazikomi. Ni mpya kila siku asubuhi; uaminifu wako ni mkuu.', 'Maombolezo 3:22-23', 'Makosa ya jana hayaimalizi rehema ya Mungu. Ni mpya asubuhi hii.'),
  ('00000000-0000-4000-8000-008000000022', 'Ee mwanadamu, yeye amekuonyesha yaliyo mema; na BWANA anataka nini kwako, ila kutenda haki, na kupenda rehema, na kwenda kwa unyenyekevu pamoja na Mungu wako?', 'Mika 6:8', 'Haki, rehema na unyenyekevu: kipimo rahisi na cha kuchunguza moyo kwa leo.'),
  ('00000000-0000-4000-8000-008000000023', 'Leteni zaka kamili ghalani, ili kiwemo chakula katika nyumba yangu, mkanijaribu kwa njia hiyo, asema BWANA wa majeshi, mjue kama sitawafungulia madirisha ya mbinguni, na kuwamwagieni baraka, hata isiwepo nafasi ya kutosha kuipokea.', 'Malaki 3:10', 'Uaminifu katika utoaji ni mwaliko wa kumwamini Mungu na kuuona uaminifu wake kwa kurudi.'),
  ('00000000-0000-4000-8000-008000000024', 'Tena tusichoke katika kutenda mema; maana tutavuna kwa wakati wake, tusipozimia roho.', 'Wagalatia 6:9', 'Endelea kutenda mema hata pasipo mtu wa kuona. Mavuno huja kwa wakati wa Mungu.'),
  ('00000000-0000-4000-8000-008000000025', 'Basi imani ni kuwa na hakika ya mambo yatarajiwayo, ni bayana ya mambo yasiyoonekana.', 'Waebrania 11:1', 'Imani hushikilia yale ambayo Mungu ameahidi kabla hatujayaona.'),
  ('00000000-0000-4000-8000-008000000026', 'Nitayainua macho yangu niitazame milima, msaada wangu utatoka wapi? Msaada wangu u katika BWANA, aliyezifanya mbingu na nchi.', 'Zaburi 121:1-2', 'Muumba wa mbingu na nchi ndiye anayekusaidia leo.'),
  ('00000000-0000-4000-8000-008000000027', 'Wala msiifuatishe namna ya dunia hii; bali mgeuzwe kwa kufanywa upya nia zenu, mpate kujua hakika mapenzi ya Mungu yaliyo mema, ya kumpendeza, na ukamilifu.', 'Warumi 12:2', 'Mwache Mungu aifanye upya nia yako, na mapenzi yake yatakuwa wazi na mema.'),
  ('00000000-0000-4000-8000-008000000028', 'Huku mkimtwika yeye fadhaa zenu zote, kwa maana yeye hujishughulisha sana kwa mambo yenu.', '1 Petro 5:7', 'Kila mzigo unaoubeba unaweza kumkabidhi. Yeye anakujali.'),
  ('00000000-0000-4000-8000-008000000029', 'Lakini mtu wa kwenu akipungukiwa na hekima, na aombe dua kwa Mungu, awapaye wote kwa ukarimu wala hakemei; naye atapewa.', 'Yakobo 1:5', 'Unakabiliwa na uamuzi mgumu? Mwombe Mungu hekima. Yeye hutoa kwa ukarimu bila kukemea.'),
  ('00000000-0000-4000-8000-008000000030', 'Utamlinda yeye ambaye moyo wake umekutegemea katika amani kamilifu, kwa kuwa anakutumaini.', 'Isaya 26:3', 'Amani hukua pale nia inapomtegemea Mungu. Yaelekeze mawazo yako kwake leo.'),
  ('00000000-0000-4000-8000-008000000031', 'Tazama, naja upesi, na ujira wangu u pamoja nami, kumlipa kila mtu kama kazi yake ilivyo.', 'Ufunuo 22:12', 'Yesu anakuja upesi. Ishi leo katika nuru ya tumaini hilo lenye baraka.'),
  ('00000000-0000-4000-8000-008000000032', 'Ingieni malangoni mwake kwa kushukuru, nyuani mwake kwa kusifu; mshukuruni, lihimidini jina lake.', 'Zaburi 100:4', 'Anza kwa shukrani. Shukrani hufungua njia ya kuingia katika uwepo wa Mungu.'),
  ('00000000-0000-4000-8000-008000000033', 'Yesu akamwambia, Mimi ndimi njia, na kweli, na uzima; mtu haji kwa Baba, ila kwa njia ya mimi.', 'Yohana 14:6', 'Yesu si kiongozi tu wa kutufikisha kwa Baba; yeye mwenyewe ndiye njia.')
  ) AS v(id, text_sw, reference_sw, reflection_sw)
 WHERE d.id = v.id AND d.text_sw IS NULL AND d.reference_sw IS NULL AND d.translation_sw IS NULL AND d.reflection_sw IS NULL;

-- System settings: church identity, contacts, service times, office hours, the Events page's weekly
-- activities, request mailboxes and the giving page's paybill/bank details.
-- Migration 0002 registers every settings key (with its tab, visibility and secrecy) and gives
-- the spec's own values (service times, office hours, request routing, security limits, ...) as
-- defaults; the congregation's identity starts as JSON null (not set). This seed fills in only
-- values that are still unset, so a second run, or a run after an administrator has edited the
-- settings, changes nothing. The spec's service times and office hours are repeated here so the
-- demo congregation is complete on its own.
INSERT INTO public.system_settings (id, key, value, category, is_public, is_secret, description) VALUES
  ('00000000-0000-4000-8000-009000000001', 'church_name', '"Mount Zion Seventh-day Adventist Church"'::jsonb, 'general', true, false, 'Church name'),
  ('00000000-0000-4000-8000-009000000002', 'branch_name', '"Town Centre"'::jsonb, 'general', true, false, 'Branch name shown with the church name'),
  ('00000000-0000-4000-8000-009000000003', 'church_address', '"Kanisa Road, Milimani, Nakuru"'::jsonb, 'general', true, false, 'Street address'),
  ('00000000-0000-4000-8000-009000000004', 'postal_address', '"P.O. Box 1980-20100, Nakuru"'::jsonb, 'general', true, false, 'Postal address'),
  ('00000000-0000-4000-8000-009000000005', 'church_phone', '"+254 700 100 100"'::jsonb, 'general', true, false, 'Church office phone'),
  ('00000000-0000-4000-8000-009000000006', 'church_email', '"info@example.org"'::jsonb, 'general', true, false, 'Main church e-mail'),
  ('00000000-0000-4000-8000-009000000007', 'church_email_secondary', '"clerk@example.org"'::jsonb, 'general', true, false, 'Second church e-mail (church clerk)'),
  ('00000000-0000-4000-8000-009000000008', 'website', '"https://www.example.org"'::jsonb, 'general', true, false, 'Website address'),
  ('00000000-0000-4000-8000-009000000009', 'pastor_name', '"Pr. Samuel Langat"'::jsonb, 'general', true, false, 'Senior pastor'),
  ('00000000-0000-4000-8000-009000000010', 'established_year', '1980'::jsonb, 'general', true, false, 'Year the church was founded'),
  ('00000000-0000-4000-8000-009000000011', 'denomination', '"Seventh-day Adventist"'::jsonb, 'general', true, false, 'Denomination'),
  ('00000000-0000-4000-8000-009000000012', 'office_hours', '[{"days": "Monday to Friday", "hours": "9:00 AM to 5:00 PM"}, {"days": "Saturday", "hours": "8:00 AM to 2:00 PM"}]'::jsonb, 'general', true, false, 'Church office hours'),
  ('00000000-0000-4000-8000-009000000013', 'maps_url', '"https://www.openstreetmap.org/search?query=Milimani%2C%20Nakuru"'::jsonb, 'general', true, false, 'Link to the church on a maps service'),
  ('00000000-0000-4000-8000-009000000014', 'social_links', '{"youtube": "https://www.youtube.com/@example", "facebook": null, "x": null, "instagram": null}'::jsonb, 'general', true, false, 'Social media links (null = not set)'),
  ('00000000-0000-4000-8000-009000000015', 'about_statistics', '{"members": 299, "years": 45, "ministries": 12, "daughter_churches": 15, "founded_year": 1980, "founding_members": 25}'::jsonb, 'general', true, false, 'Church Statistics on the About page'),
  ('00000000-0000-4000-8000-009000000016', 'sabbath_school_time', '{"name": "Sabbath School", "name_sw": "Shule ya Sabato", "day": "Saturday", "time": "9:00 AM"}'::jsonb, 'services', true, false, 'Sabbath School'),
  ('00000000-0000-4000-8000-009000000017', 'divine_service_time', '{"name": "Divine Service", "name_sw": "Ibada Kuu", "day": "Saturday", "time": "11:00 AM"}'::jsonb, 'services', true, false, 'Sabbath Divine Service'),
  ('00000000-0000-4000-8000-009000000018', 'prayer_meeting_time', '{"name": "Prayer Meeting", "name_sw": "Mkutano wa Maombi", "day": "Wednesday", "time": "6:00 PM"}'::jsonb, 'services', true, false, 'Prayer meeting'),
  ('00000000-0000-4000-8000-009000000019', 'youth_meeting_time', '{"name": "Youth Meeting", "name_sw": "Mkutano wa Vijana", "day": "Friday", "time": "6:00 PM"}'::jsonb, 'services', true, false, 'Youth meeting'),
  ('00000000-0000-4000-8000-009000000021', 'weekly_activities', '[{"day": "Saturday", "activities": [{"time": "9:00 AM", "activity": "Sabbath School", "activity_sw": "Shule ya Sabato", "location": "Main Sanctuary", "location_sw": "Ukumbi Mkuu wa Ibada"}, {"time": "11:00 AM", "activity": "Divine Service", "activity_sw": "Ibada Kuu", "location": "Main Sanctuary", "location_sw": "Ukumbi Mkuu wa Ibada"}, {"time": "3:00 PM", "activity": "AY Programme", "activity_sw": "Kipindi cha AY", "location": "Main Sanctuary", "location_sw": "Ukumbi Mkuu wa Ibada"}]}, {"day": "Wednesday", "activities": [{"time": "6:00 PM", "activity": "Prayer Meeting", "activity_sw": "Mkutano wa Maombi", "location": "Main Sanctuary", "location_sw": "Ukumbi Mkuu wa Ibada"}]}, {"day": "Friday", "activities": [{"time": "6:00 PM", "activity": "Youth Meeting", "activity_sw": "Mkutano wa Vijana", "location": "Youth Hall", "location_sw": "Ukumbi wa Vijana"}]}, {"day": "Sunday", "activities": [{"time": "10:00 AM", "activity": "Adventurer Club", "activity_sw": "Klabu ya Adventurer", "location": "Children''s Hall", "location_sw": "Ukumbi wa Watoto"}, {"time": "2:00 PM", "activity": "Pathfinder Club", "activity_sw": "Klabu ya Pathfinder", "location": "Church Grounds", "location_sw": "Viwanja vya Kanisa"}]}]'::jsonb, 'services', true, false, 'Weekly Activities on the Events page'),
  ('00000000-0000-4000-8000-009000000022', 'request_routing', '[{"category": "prayer", "recipient": "Prayer Ministry Team", "role": "Prayer Coordinator"}, {"category": "visitation", "recipient": "Pastoral Care Team", "role": "Pastoral Care"}, {"category": "reports", "recipient": "Church Secretary", "role": "Church Secretary"}, {"category": "counseling", "recipient": "Pastor", "role": "Senior Pastor"}, {"category": "events", "recipient": "Events Committee", "role": "Events"}, {"category": "maintenance", "recipient": "Facilities Team", "role": "Facilities"}, {"category": "general", "recipient": "Church Leadership", "role": "Administrative Team"}]'::jsonb, 'communication', true, false, 'Who receives each kind of request'),
  ('00000000-0000-4000-8000-009000000023', 'request_mailboxes', '{"pastor": "pastor@example.org", "secretary": "secretary@example.org", "admin": "admin@example.org", "pastoral_care": "pastoralcare@example.org", "visitation": "visitation@example.org", "events": "events@example.org", "facilities": "facilities@example.org", "maintenance": "maintenance@example.org", "default": "clerk@example.org"}'::jsonb, 'communication', false, false, 'Church mailbox per role; default is the clerk'),
  ('00000000-0000-4000-8000-009000000024', 'mobile_money_shortcode', '"174379"'::jsonb, 'financial', true, false, 'Merchant code, shown as the paybill business number'),
  ('00000000-0000-4000-8000-009000000025', 'paybill_account_number', '"MOUNTZION"'::jsonb, 'financial', true, false, 'Paybill account number shown on the giving page'),
  ('00000000-0000-4000-8000-009000000026', 'bank_details', '{"bank": "Equity Bank", "branch": "Nakuru", "account_name": "Mount Zion SDA Church", "account_number": "0000000000000"}'::jsonb, 'financial', true, false, 'Bank transfer details shown on the giving page')
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
  WHERE public.system_settings.value = 'null'::jsonb;

-- Members (14) across the age buckets of the reports; one is inactive and the newest has no
-- membership number yet. Registered in the back office over the past year (created_at, rolling);
-- the two newest joined in the last month (membership dates rolling), the others long ago (fixed).
INSERT INTO public.members (id, membership_number, first_name, last_name, date_of_birth, address, phone, email, marital_status, baptism_date, membership_date, emergency_contact, is_active, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-010000000001', 'MZ-0001', 'John', 'Kariuki', '1975-03-14', 'Milimani Estate, Nakuru', '+254700200001', 'john.kariuki@example.org', 'married', '1990-08-18', '1998-01-10', '{"name": "Margaret Kariuki", "phone": "+254700200101", "relationship": "Spouse"}'::jsonb, true, pg_temp.rolling('2025-12-02 10:15:00+03'), pg_temp.rolling('2025-12-02 10:15:00+03')),
  ('00000000-0000-4000-8000-010000000002', 'MZ-0002', 'Margaret', 'Kariuki', '1978-07-22', 'Milimani Estate, Nakuru', '+254700200002', 'margaret.kariuki@example.org', 'married', '1993-04-03', '1998-01-10', '{"name": "John Kariuki", "phone": "+254700200102", "relationship": "Spouse"}'::jsonb, true, pg_temp.rolling('2025-12-02 10:20:00+03'), pg_temp.rolling('2025-12-02 10:20:00+03')),
  ('00000000-0000-4000-8000-010000000003', 'MZ-0003', 'Wycliffe', 'Omondi', '1990-11-05', 'Section 58, Nakuru', '+254700200003', 'wycliffe.omondi@example.org', 'married', '2008-12-06', '2015-06-20', '{"name": "Lilian Omondi", "phone": "+254700200103", "relationship": "Spouse"}'::jsonb, true, pg_temp.rolling('2026-01-11 09:40:00+03'), pg_temp.rolling('2026-01-11 09:40:00+03')),
  ('00000000-0000-4000-8000-010000000004', 'MZ-0004', 'Agnes', 'Chepkoech', '1995-02-17', 'Lanet, Nakuru', '+254700200004', 'agnes.chepkoech@example.org', 'single', '2011-08-13', '2019-03-02', '{"name": "Joseph Chepkoech", "phone": "+254700200104", "relationship": "Father"}'::jsonb, true, pg_temp.rolling('2026-02-08 14:05:00+03'), pg_temp.rolling('2026-02-08 14:05:00+03')),
  ('00000000-0000-4000-8000-010000000005', 'MZ-0005', 'Samuel', 'Mutua', '1962-09-30', 'Shabab, Nakuru', '+254700200005', 'samuel.mutua@example.org', 'widowed', '1980-05-24', '1985-01-12', '{"name": "Ruth Mutua", "phone": "+254700200105", "relationship": "Daughter"}'::jsonb, true, pg_temp.rolling('2026-03-15 11:30:00+03'), pg_temp.rolling('2026-03-15 11:30:00+03')),
  ('00000000-0000-4000-8000-010000000006', 'MZ-0006', 'Janet', 'Achieng', '2001-06-12', 'Kiamunyi, Nakuru', '+254700200006', 'janet.achieng@example.org', 'single', '2016-11-19', '2020-02-15', '{"name": "Pamela Achieng", "phone": "+254700200106", "relationship": "Mother"}'::jsonb, true, pg_temp.rolling('2026-04-19 16:45:00+03'), pg_temp.rolling('2026-04-19 16:45:00+03')),
  ('00000000-0000-4000-8000-010000000007', 'MZ-0007', 'Peter', 'Njuguna', '1984-01-25', 'Free Area, Nakuru', '+254700200007', 'peter.njuguna@example.org', 'divorced', '2002-07-20', '2010-09-04', '{"name": "Ann Njuguna", "phone": "+254700200107", "relationship": "Sister"}'::jsonb, true, pg_temp.rolling('2026-05-24 10:10:00+03'), pg_temp.rolling('2026-05-24 10:10:00+03')),
  ('00000000-0000-4000-8000-010000000008', 'MZ-0008', 'Mercy', 'Wanjiku', '2010-04-08', 'Milimani Estate, Nakuru', '+254700200008', 'mercy.wanjiku@example.org', 'single', '2024-11-23', '2024-11-23', '{"name": "Margaret Kariuki", "phone": "+254700200108", "relationship": "Guardian"}'::jsonb, true, pg_temp.rolling('2026-06-14 12:00:00+03'), pg_temp.rolling('2026-06-14 12:00:00+03')),
  ('00000000-0000-4000-8000-010000000009', 'MZ-0009', 'Dennis', 'Kiprop', '1999-10-02', 'Pipeline, Nakuru', '+254700200009', 'dennis.kiprop@example.org', 'single', '2014-08-16', '2021-07-03', '{"name": "Eunice Kiprop", "phone": "+254700200109", "relationship": "Mother"}'::jsonb, true, pg_temp.rolling('2026-07-12 09:25:00+03'), pg_temp.rolling('2026-07-12 09:25:00+03')),
  ('00000000-0000-4000-8000-010000000010', 'MZ-0010', 'Grace', 'Moraa', '1955-12-19', 'Bondeni, Nakuru', '+254700200010', 'grace.moraa@example.org', 'widowed', '1972-03-25', '1980-06-07', '{"name": "Kennedy Moraa", "phone": "+254700200110", "relationship": "Son"}'::jsonb, true, pg_temp.rolling('2026-08-09 15:50:00+03'), pg_temp.rolling('2026-08-09 15:50:00+03')),
  ('00000000-0000-4000-8000-010000000011', 'MZ-0011', 'Collins', 'Barasa', '1988-08-14', 'London Estate, Nakuru', '+254700200011', 'collins.barasa@example.org', 'married', '2005-04-09', '2012-10-13', '{"name": "Sheila Barasa", "phone": "+254700200111", "relationship": "Spouse"}'::jsonb, false, pg_temp.rolling('2026-09-06 10:35:00+03'), pg_temp.rolling('2026-09-06 10:35:00+03')),
  ('00000000-0000-4000-8000-010000000012', 'MZ-0012', 'Naomi', 'Atieno', '2008-05-27', 'Racecourse, Nakuru', '+254700200012', 'naomi.atieno@example.org', 'single', '2023-08-12', '2023-08-12', '{"name": "Caroline Atieno", "phone": "+254700200112", "relationship": "Mother"}'::jsonb, true, pg_temp.rolling('2026-10-11 13:15:00+03'), pg_temp.rolling('2026-10-11 13:15:00+03')),
  ('00000000-0000-4000-8000-010000000013', 'MZ-0013', 'Tabitha', 'Nekesa', '1970-04-03', 'Kabarak Road, Nakuru', '+254700200013', 'tabitha.nekesa@example.org', 'married', '1988-12-17', pg_temp.rolling_day('2026-11-07'), '{"name": "Fredrick Nekesa", "phone": "+254700200113", "relationship": "Spouse"}'::jsonb, true, pg_temp.rolling('2026-11-08 11:00:00+03'), pg_temp.rolling('2026-11-08 11:00:00+03')),
  ('00000000-0000-4000-8000-010000000014', NULL, 'Emmanuel', 'Kibet', '2012-02-11', 'Lanet, Nakuru', '+254700200014', 'emmanuel.kibet@example.org', NULL, NULL, pg_temp.rolling_day('2026-11-14'), '{"name": "Agnes Chepkoech", "phone": "+254700200114", "relationship": "Aunt"}'::jsonb, true, pg_temp.rolling('2026-11-15 10:30:00+03'), pg_temp.rolling('2026-11-15 10:30:00+03'))
ON CONFLICT DO NOTHING;

-- Ministry participation (the newest members' joining days rolling, the rest fixed).
INSERT INTO public.member_ministries (member_id, ministry_id, role, joined_at) VALUES
  ('00000000-0000-4000-8000-010000000001', '00000000-0000-4000-8000-002000000010', 'member', '2016-01-09'),
  ('00000000-0000-4000-8000-010000000001', '00000000-0000-4000-8000-002000000005', 'chorister', '2010-02-06'),
  ('00000000-0000-4000-8000-010000000002', '00000000-0000-4000-8000-002000000009', 'secretary', '2018-01-13'),
  ('00000000-0000-4000-8000-010000000002', '00000000-0000-4000-8000-002000000006', 'member', '2015-03-04'),
  ('00000000-0000-4000-8000-010000000003', '00000000-0000-4000-8000-002000000010', 'member', '2017-05-06'),
  ('00000000-0000-4000-8000-010000000003', '00000000-0000-4000-8000-002000000011', 'volunteer', '2019-08-03'),
  ('00000000-0000-4000-8000-010000000004', '00000000-0000-4000-8000-002000000001', 'member', '2019-03-02'),
  ('00000000-0000-4000-8000-010000000004', '00000000-0000-4000-8000-002000000005', 'praise team', '2021-06-05'),
  ('00000000-0000-4000-8000-010000000005', '00000000-0000-4000-8000-002000000006', 'prayer band leader', '2001-01-06'),
  ('00000000-0000-4000-8000-010000000005', '00000000-0000-4000-8000-002000000007', 'teacher', '1995-01-07'),
  ('00000000-0000-4000-8000-010000000006', '00000000-0000-4000-8000-002000000001', 'secretary', '2020-02-15'),
  ('00000000-0000-4000-8000-010000000006', '00000000-0000-4000-8000-002000000008', 'volunteer', '2023-04-01'),
  ('00000000-0000-4000-8000-010000000007', '00000000-0000-4000-8000-002000000010', 'treasurer', '2018-07-07'),
  ('00000000-0000-4000-8000-010000000007', '00000000-0000-4000-8000-002000000012', 'member', '2022-02-12'),
  ('00000000-0000-4000-8000-010000000008', '00000000-0000-4000-8000-002000000003', 'member', '2021-01-09'),
  ('00000000-0000-4000-8000-010000000008', '00000000-0000-4000-8000-002000000002', 'helper', '2025-01-11'),
  ('00000000-0000-4000-8000-010000000009', '00000000-0000-4000-8000-002000000001', 'member', '2021-07-03'),
  ('00000000-0000-4000-8000-010000000009', '00000000-0000-4000-8000-002000000003', 'counsellor', '2022-01-08'),
  ('00000000-0000-4000-8000-010000000010', '00000000-0000-4000-8000-002000000009', 'member', '1985-01-05'),
  ('00000000-0000-4000-8000-010000000010', '00000000-0000-4000-8000-002000000006', 'member', '1990-01-06'),
  ('00000000-0000-4000-8000-010000000012', '00000000-0000-4000-8000-002000000001', 'member', '2023-08-12'),
  ('00000000-0000-4000-8000-010000000012', '00000000-0000-4000-8000-002000000005', 'chorister', '2024-01-13'),
  ('00000000-0000-4000-8000-010000000013', '00000000-0000-4000-8000-002000000009', 'member', pg_temp.rolling_day('2026-11-07')),
  ('00000000-0000-4000-8000-010000000013', '00000000-0000-4000-8000-002000000008', 'member', pg_temp.rolling_day('2026-11-07')),
  ('00000000-0000-4000-8000-010000000014', '00000000-0000-4000-8000-002000000003', 'member', pg_temp.rolling_day('2026-11-14'))
ON CONFLICT DO NOTHING;

-- Attendance: every Sabbath for a year, the 52 up to the last one before R (rolling: 29 November
-- 2025 to 21 November 2026 on R). The notes name no event of the annual calendar.
INSERT INTO public.attendance_aggregates (id, attendance_date, sabbath_school_count, divine_children_count, divine_youth_count, divine_adults_count, notes) VALUES
  ('00000000-0000-4000-8000-011000000048', pg_temp.rolling_day('2025-11-29'), 214, 55, 72, 160, NULL),
  ('00000000-0000-4000-8000-011000000049', pg_temp.rolling_day('2025-12-06'), 197, 50, 66, 152, NULL),
  ('00000000-0000-4000-8000-011000000050', pg_temp.rolling_day('2025-12-13'), 205, 52, 69, 156, NULL),
  ('00000000-0000-4000-8000-011000000051', pg_temp.rolling_day('2025-12-20'), 186, 60, 58, 149, NULL),
  ('00000000-0000-4000-8000-011000000052', pg_temp.rolling_day('2025-12-27'), 172, 47, 61, 140, NULL),
  ('00000000-0000-4000-8000-011000000001', pg_temp.rolling_day('2026-01-03'), 211, 58, 65, 158, NULL),
  ('00000000-0000-4000-8000-011000000002', pg_temp.rolling_day('2026-01-10'), 199, 43, 59, 158, NULL),
  ('00000000-0000-4000-8000-011000000003', pg_temp.rolling_day('2026-01-17'), 199, 42, 63, 151, NULL),
  ('00000000-0000-4000-8000-011000000004', pg_temp.rolling_day('2026-01-24'), 206, 57, 65, 158, NULL),
  ('00000000-0000-4000-8000-011000000005', pg_temp.rolling_day('2026-01-31'), 198, 51, 70, 154, NULL),
  ('00000000-0000-4000-8000-011000000006', pg_temp.rolling_day('2026-02-07'), 191, 58, 73, 167, NULL),
  ('00000000-0000-4000-8000-011000000007', pg_temp.rolling_day('2026-02-14'), 193, 52, 62, 165, NULL),
  ('00000000-0000-4000-8000-011000000008', pg_temp.rolling_day('2026-02-21'), 200, 58, 69, 157, NULL),
  ('00000000-0000-4000-8000-011000000009', pg_temp.rolling_day('2026-02-28'), 202, 49, 78, 155, NULL),
  ('00000000-0000-4000-8000-011000000010', pg_temp.rolling_day('2026-03-07'), 192, 49, 73, 165, NULL),
  ('00000000-0000-4000-8000-011000000011', pg_temp.rolling_day('2026-03-14'), 188, 54, 66, 159, NULL),
  ('00000000-0000-4000-8000-011000000012', pg_temp.rolling_day('2026-03-21'), 178, 45, 72, 162, NULL),
  ('00000000-0000-4000-8000-011000000013', pg_temp.rolling_day('2026-03-28'), 220, 62, 70, 160, 'Visiting choir from a sister church'),
  ('00000000-0000-4000-8000-011000000014', pg_temp.rolling_day('2026-04-04'), 235, 57, 88, 187, 'Many visitors invited by members'),
  ('00000000-0000-4000-8000-011000000015', pg_temp.rolling_day('2026-04-11'), 200, 50, 63, 155, NULL),
  ('00000000-0000-4000-8000-011000000016', pg_temp.rolling_day('2026-04-18'), 211, 46, 71, 156, NULL),
  ('00000000-0000-4000-8000-011000000017', pg_temp.rolling_day('2026-04-25'), 188, 56, 60, 156, NULL),
  ('00000000-0000-4000-8000-011000000018', pg_temp.rolling_day('2026-05-02'), 196, 52, 71, 142, NULL),
  ('00000000-0000-4000-8000-011000000019', pg_temp.rolling_day('2026-05-09'), 204, 53, 80, 163, NULL),
  ('00000000-0000-4000-8000-011000000020', pg_temp.rolling_day('2026-05-16'), 198, 55, 58, 150, NULL),
  ('00000000-0000-4000-8000-011000000021', pg_temp.rolling_day('2026-05-23'), 210, 61, 88, 160, 'Guest speaker from the conference'),
  ('00000000-0000-4000-8000-011000000022', pg_temp.rolling_day('2026-05-30'), 183, 50, 71, 141, NULL),
  ('00000000-0000-4000-8000-011000000023', pg_temp.rolling_day('2026-06-06'), 193, 45, 70, 143, NULL),
  ('00000000-0000-4000-8000-011000000024', pg_temp.rolling_day('2026-06-13'), 206, 51, 64, 165, NULL),
  ('00000000-0000-4000-8000-011000000025', pg_temp.rolling_day('2026-06-20'), 204, 49, 63, 161, NULL),
  ('00000000-0000-4000-8000-011000000026', pg_temp.rolling_day('2026-06-27'), 224, 51, 70, 159, 'District youth choir visited'),
  ('00000000-0000-4000-8000-011000000027', pg_temp.rolling_day('2026-07-04'), 211, 57, 79, 148, NULL),
  ('00000000-0000-4000-8000-011000000028', pg_temp.rolling_day('2026-07-11'), 180, 45, 79, 157, NULL),
  ('00000000-0000-4000-8000-011000000029', pg_temp.rolling_day('2026-07-18'), 202, 50, 60, 145, NULL),
  ('00000000-0000-4000-8000-011000000030', pg_temp.rolling_day('2026-07-25'), 193, 44, 61, 150, NULL),
  ('00000000-0000-4000-8000-011000000031', pg_temp.rolling_day('2026-08-01'), 190, 48, 76, 152, NULL),
  ('00000000-0000-4000-8000-011000000032', pg_temp.rolling_day('2026-08-08'), 188, 53, 78, 157, NULL),
  ('00000000-0000-4000-8000-011000000033', pg_temp.rolling_day('2026-08-15'), 129, 38, 56, 110, 'Many members away at a district rally'),
  ('00000000-0000-4000-8000-011000000034', pg_temp.rolling_day('2026-08-22'), 178, 49, 73, 165, NULL),
  ('00000000-0000-4000-8000-011000000035', pg_temp.rolling_day('2026-08-29'), 195, 44, 77, 151, NULL),
  ('00000000-0000-4000-8000-011000000036', pg_temp.rolling_day('2026-09-05'), 202, 50, 58, 153, NULL),
  ('00000000-0000-4000-8000-011000000037', pg_temp.rolling_day('2026-09-12'), 190, 52, 65, 152, NULL),
  ('00000000-0000-4000-8000-011000000038', pg_temp.rolling_day('2026-09-19'), 176, 48, 75, 155, NULL),
  ('00000000-0000-4000-8000-011000000039', pg_temp.rolling_day('2026-09-26'), 225, 54, 78, 174, 'Combined service with a sister church'),
  ('00000000-0000-4000-8000-011000000040', pg_temp.rolling_day('2026-10-03'), 212, 43, 70, 156, NULL),
  ('00000000-0000-4000-8000-011000000041', pg_temp.rolling_day('2026-10-10'), 208, 46, 77, 164, NULL),
  ('00000000-0000-4000-8000-011000000042', pg_temp.rolling_day('2026-10-17'), 176, 42, 80, 147, NULL),
  ('00000000-0000-4000-8000-011000000043', pg_temp.rolling_day('2026-10-24'), 142, 34, 56, 112, 'Heavy rain in the morning'),
  ('00000000-0000-4000-8000-011000000044', pg_temp.rolling_day('2026-10-31'), 178, 48, 67, 138, NULL),
  ('00000000-0000-4000-8000-011000000045', pg_temp.rolling_day('2026-11-07'), 218, 56, 81, 171, 'Baptism of six candidates'),
  ('00000000-0000-4000-8000-011000000046', pg_temp.rolling_day('2026-11-14'), 188, 42, 64, 154, NULL),
  ('00000000-0000-4000-8000-011000000047', pg_temp.rolling_day('2026-11-21'), 204, 53, 78, 138, NULL)
ON CONFLICT DO NOTHING;

-- Online payment attempts: two completed in demo mode (simulated; their giving records are below),
-- one cancelled on the phone (result code 1032) and one that timed out (1037). References carry
-- their moment (epoch milliseconds, the day), computed from the moved timestamps.
INSERT INTO public.payment_logs (id, account_reference, checkout_request_id, merchant_request_id, transaction_id, amount, phone_number, giving_type, status, result_code, result_desc, result_parameters, payment_provider, is_simulated, completed_at, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-013000000001', 'MZSDA_TIT_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-06 11:40:00+03')) || '_K7P2QX', 'EQ_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-06 11:40:00+03')) || '_K7P2QX', NULL, 'EQ_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-06 11:40:00+03')) || '_K7P2QX', 3000, '254700300101', 'tithe', 'completed', '0', 'Payment completed successfully via Equity Bank', '[{"Name": "Amount", "Value": 3000}, {"Name": "PhoneNumber", "Value": "254700300101"}]'::jsonb, 'equity_bank', true, pg_temp.rolling('2026-11-06 11:40:19+03'), pg_temp.rolling('2026-11-06 11:40:00+03'), pg_temp.rolling('2026-11-06 11:40:19+03')),
  ('00000000-0000-4000-8000-013000000002', 'MZSDA_OFF_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-15 13:00:00+03')) || '_Z3M9RA', 'EQ_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-15 13:00:00+03')) || '_Z3M9RA', NULL, 'EQ_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-15 13:00:00+03')) || '_Z3M9RA', 1500, '254700300102', 'offering', 'completed', '0', 'Payment completed successfully via Equity Bank', '[{"Name": "Amount", "Value": 1500}, {"Name": "PhoneNumber", "Value": "254700300102"}]'::jsonb, 'equity_bank', true, pg_temp.rolling('2026-11-15 13:00:17+03'), pg_temp.rolling('2026-11-15 13:00:00+03'), pg_temp.rolling('2026-11-15 13:00:17+03')),
  ('00000000-0000-4000-8000-013000000003', 'MZSDA_SPE_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-16 13:00:00+03')) || '_H4T8WB', 'JG' || to_char(pg_temp.rolling_day('2026-11-16'), 'YYMMDD') || 'H4T8', NULL, 'JG' || to_char(pg_temp.rolling_day('2026-11-16'), 'YYMMDD') || 'H4T8', 10000, '254700300103', 'special_project', 'cancelled', '1032', 'Request cancelled by user', '[]'::jsonb, 'equity_bank', false, NULL, pg_temp.rolling('2026-11-16 13:00:00+03'), pg_temp.rolling('2026-11-16 13:00:00+03')),
  ('00000000-0000-4000-8000-013000000004', 'MZSDA_TIT_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-20 12:30:00+03')) || '_N2C6YD', 'JG' || to_char(pg_temp.rolling_day('2026-11-20'), 'YYMMDD') || 'N2C6', NULL, 'JG' || to_char(pg_temp.rolling_day('2026-11-20'), 'YYMMDD') || 'N2C6', 2000, '254700300104', 'tithe', 'timeout', '1037', 'No response from user', '[]'::jsonb, 'equity_bank', false, NULL, pg_temp.rolling('2026-11-20 12:30:00+03'), pg_temp.rolling('2026-11-20 12:30:00+03'))
ON CONFLICT DO NOTHING;

-- Giving records (187) over the past year (rolling: December 2025 to November 2026 on R): tithes,
-- offerings, building fund, missions and special projects; member_id NULL = anonymous. The newest
-- records, of the last two Sabbaths, are not yet verified. Bank transfer references carry the
-- year and month of the gift.
INSERT INTO public.giving_records (id, member_id, amount, giving_type, payment_method, transaction_id, giving_date, notes, is_verified, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-012000000001', '00000000-0000-4000-8000-010000000009', 600.00, 'offering', 'mpesa', 'UU6TANY3MF', pg_temp.rolling_day('2025-12-03'), NULL, true, pg_temp.rolling('2025-12-03 11:07:00+03'), pg_temp.rolling('2025-12-03 11:07:00+03')),
  ('00000000-0000-4000-8000-012000000002', '00000000-0000-4000-8000-010000000009', 3000.00, 'tithe', 'mpesa', 'UVUKLJPKQ5', pg_temp.rolling_day('2025-12-03'), NULL, true, pg_temp.rolling('2025-12-03 12:14:00+03'), pg_temp.rolling('2025-12-03 12:14:00+03')),
  ('00000000-0000-4000-8000-012000000003', '00000000-0000-4000-8000-010000000007', 1750.00, 'offering', 'mpesa', 'U6WTMP97RD', pg_temp.rolling_day('2025-12-03'), NULL, true, pg_temp.rolling('2025-12-03 13:21:00+03'), pg_temp.rolling('2025-12-03 13:21:00+03')),
  ('00000000-0000-4000-8000-012000000004', '00000000-0000-4000-8000-010000000007', 7000.00, 'tithe', 'mpesa', 'UJ2V3TB9CM', pg_temp.rolling_day('2025-12-03'), NULL, true, pg_temp.rolling('2025-12-03 14:28:00+03'), pg_temp.rolling('2025-12-03 14:28:00+03')),
  ('00000000-0000-4000-8000-012000000005', '00000000-0000-4000-8000-010000000011', 2100.00, 'offering', 'mpesa', 'UVTQSQGAG7', pg_temp.rolling_day('2025-12-10'), NULL, true, pg_temp.rolling('2025-12-10 15:35:00+03'), pg_temp.rolling('2025-12-10 15:35:00+03')),
  ('00000000-0000-4000-8000-012000000006', '00000000-0000-4000-8000-010000000011', 8500.00, 'tithe', 'mpesa', 'U5ELYNYL38', pg_temp.rolling_day('2025-12-10'), NULL, true, pg_temp.rolling('2025-12-10 16:42:00+03'), pg_temp.rolling('2025-12-10 16:42:00+03')),
  ('00000000-0000-4000-8000-012000000007', '00000000-0000-4000-8000-010000000010', 2200.00, 'tithe', 'mpesa', 'U9U954QEFJ', pg_temp.rolling_day('2025-12-10'), NULL, true, pg_temp.rolling('2025-12-10 17:49:00+03'), pg_temp.rolling('2025-12-10 17:49:00+03')),
  ('00000000-0000-4000-8000-012000000008', NULL, 9300.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2025-12-13'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2025-12-13 10:56:00+03'), pg_temp.rolling('2025-12-13 10:56:00+03')),
  ('00000000-0000-4000-8000-012000000009', '00000000-0000-4000-8000-010000000001', 2400.00, 'offering', 'mpesa', 'U7U8LC8Q8Q', pg_temp.rolling_day('2025-12-24'), NULL, true, pg_temp.rolling('2025-12-24 11:03:00+03'), pg_temp.rolling('2025-12-24 11:03:00+03')),
  ('00000000-0000-4000-8000-012000000010', '00000000-0000-4000-8000-010000000001', 12000.00, 'tithe', 'check', 'CHQ-000201', pg_temp.rolling_day('2025-12-24'), NULL, true, pg_temp.rolling('2025-12-24 12:10:00+03'), pg_temp.rolling('2025-12-24 12:10:00+03')),
  ('00000000-0000-4000-8000-012000000011', '00000000-0000-4000-8000-010000000002', 8800.00, 'tithe', 'mpesa', 'U9XPGCPGUW', pg_temp.rolling_day('2025-12-24'), NULL, true, pg_temp.rolling('2025-12-24 13:17:00+03'), pg_temp.rolling('2025-12-24 13:17:00+03')),
  ('00000000-0000-4000-8000-012000000012', NULL, 35000.00, 'missions', 'cash', NULL, pg_temp.rolling_day('2025-12-27'), 'Sabbath School mission offering', true, pg_temp.rolling('2025-12-27 14:24:00+03'), pg_temp.rolling('2025-12-27 14:24:00+03')),
  ('00000000-0000-4000-8000-012000000013', NULL, 9100.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2025-12-27'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2025-12-27 15:31:00+03'), pg_temp.rolling('2025-12-27 15:31:00+03')),
  ('00000000-0000-4000-8000-012000000014', '00000000-0000-4000-8000-010000000006', 2250.00, 'tithe', 'check', 'CHQ-000202', pg_temp.rolling_day('2025-12-28'), NULL, true, pg_temp.rolling('2025-12-28 16:38:00+03'), pg_temp.rolling('2025-12-28 16:38:00+03')),
  ('00000000-0000-4000-8000-012000000015', '00000000-0000-4000-8000-010000000005', 1500.00, 'offering', 'mpesa', 'US6KUMNB3E', pg_temp.rolling_day('2025-12-28'), NULL, true, pg_temp.rolling('2025-12-28 17:45:00+03'), pg_temp.rolling('2025-12-28 17:45:00+03')),
  ('00000000-0000-4000-8000-012000000016', '00000000-0000-4000-8000-010000000005', 7200.00, 'tithe', 'mpesa', 'UBHHHRYDNP', pg_temp.rolling_day('2025-12-28'), NULL, true, pg_temp.rolling('2025-12-28 10:52:00+03'), pg_temp.rolling('2025-12-28 10:52:00+03')),
  ('00000000-0000-4000-8000-012000000017', '00000000-0000-4000-8000-010000000003', 1400.00, 'offering', 'mpesa', 'UQEFK4PQ6S', pg_temp.rolling_day('2025-12-28'), NULL, true, pg_temp.rolling('2025-12-28 11:59:00+03'), pg_temp.rolling('2025-12-28 11:59:00+03')),
  ('00000000-0000-4000-8000-012000000018', '00000000-0000-4000-8000-010000000003', 9500.00, 'tithe', 'mpesa', 'UW3WT9HZHA', pg_temp.rolling_day('2025-12-28'), NULL, true, pg_temp.rolling('2025-12-28 12:06:00+03'), pg_temp.rolling('2025-12-28 12:06:00+03')),
  ('00000000-0000-4000-8000-012000000019', '00000000-0000-4000-8000-010000000011', 7650.00, 'tithe', 'mpesa', 'UM9XYUS8B4', pg_temp.rolling_day('2026-01-03'), NULL, true, pg_temp.rolling('2026-01-03 13:13:00+03'), pg_temp.rolling('2026-01-03 13:13:00+03')),
  ('00000000-0000-4000-8000-012000000020', '00000000-0000-4000-8000-010000000004', 700.00, 'offering', 'mpesa', 'UFVCAUXN3Z', pg_temp.rolling_day('2026-01-07'), NULL, true, pg_temp.rolling('2026-01-07 14:20:00+03'), pg_temp.rolling('2026-01-07 14:20:00+03')),
  ('00000000-0000-4000-8000-012000000021', '00000000-0000-4000-8000-010000000004', 4050.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-01-07'), NULL, true, pg_temp.rolling('2026-01-07 15:27:00+03'), pg_temp.rolling('2026-01-07 15:27:00+03')),
  ('00000000-0000-4000-8000-012000000022', '00000000-0000-4000-8000-010000000002', 9600.00, 'tithe', 'mpesa', 'U7XK99BR86', pg_temp.rolling_day('2026-01-07'), NULL, true, pg_temp.rolling('2026-01-07 16:34:00+03'), pg_temp.rolling('2026-01-07 16:34:00+03')),
  ('00000000-0000-4000-8000-012000000023', '00000000-0000-4000-8000-010000000005', 7200.00, 'tithe', 'mpesa', 'U8HMAFBV6N', pg_temp.rolling_day('2026-01-07'), NULL, true, pg_temp.rolling('2026-01-07 17:41:00+03'), pg_temp.rolling('2026-01-07 17:41:00+03')),
  ('00000000-0000-4000-8000-012000000024', NULL, 10500.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-01-10'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-01-10 10:48:00+03'), pg_temp.rolling('2026-01-10 10:48:00+03')),
  ('00000000-0000-4000-8000-012000000025', '00000000-0000-4000-8000-010000000009', 300.00, 'offering', 'mpesa', 'UCYZWGD9US', pg_temp.rolling_day('2026-01-10'), NULL, true, pg_temp.rolling('2026-01-10 11:55:00+03'), pg_temp.rolling('2026-01-10 11:55:00+03')),
  ('00000000-0000-4000-8000-012000000026', '00000000-0000-4000-8000-010000000009', 3600.00, 'tithe', 'mpesa', 'U7JEEU3UKS', pg_temp.rolling_day('2026-01-10'), NULL, true, pg_temp.rolling('2026-01-10 12:02:00+03'), pg_temp.rolling('2026-01-10 12:02:00+03')),
  ('00000000-0000-4000-8000-012000000027', '00000000-0000-4000-8000-010000000010', 2000.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-01-10'), NULL, true, pg_temp.rolling('2026-01-10 13:09:00+03'), pg_temp.rolling('2026-01-10 13:09:00+03')),
  ('00000000-0000-4000-8000-012000000028', '00000000-0000-4000-8000-010000000001', 5000.00, 'building_fund', 'mpesa', 'UZSLRURFZ7', pg_temp.rolling_day('2026-01-10'), 'Church hall project', true, pg_temp.rolling('2026-01-10 14:16:00+03'), pg_temp.rolling('2026-01-10 14:16:00+03')),
  ('00000000-0000-4000-8000-012000000029', '00000000-0000-4000-8000-010000000007', 15000.00, 'building_fund', 'mpesa', 'URM6NTL7VJ', pg_temp.rolling_day('2026-01-10'), 'Church hall project', true, pg_temp.rolling('2026-01-10 15:23:00+03'), pg_temp.rolling('2026-01-10 15:23:00+03')),
  ('00000000-0000-4000-8000-012000000030', '00000000-0000-4000-8000-010000000003', 10000.00, 'building_fund', 'mpesa', 'U26X8ZEB76', pg_temp.rolling_day('2026-01-10'), 'Church hall project', true, pg_temp.rolling('2026-01-10 16:30:00+03'), pg_temp.rolling('2026-01-10 16:30:00+03')),
  ('00000000-0000-4000-8000-012000000031', '00000000-0000-4000-8000-010000000007', 1050.00, 'offering', 'mpesa', 'UDE6NBWPM5', pg_temp.rolling_day('2026-01-14'), NULL, true, pg_temp.rolling('2026-01-14 17:37:00+03'), pg_temp.rolling('2026-01-14 17:37:00+03')),
  ('00000000-0000-4000-8000-012000000032', '00000000-0000-4000-8000-010000000007', 7000.00, 'tithe', 'mpesa', 'UJHEPL3MST', pg_temp.rolling_day('2026-01-14'), NULL, true, pg_temp.rolling('2026-01-14 10:44:00+03'), pg_temp.rolling('2026-01-14 10:44:00+03')),
  ('00000000-0000-4000-8000-012000000033', NULL, 10600.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-01-24'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-01-24 11:51:00+03'), pg_temp.rolling('2026-01-24 11:51:00+03')),
  ('00000000-0000-4000-8000-012000000034', '00000000-0000-4000-8000-010000000007', 1050.00, 'offering', 'mpesa', 'UZNLUDFSHN', pg_temp.rolling_day('2026-02-03'), NULL, true, pg_temp.rolling('2026-02-03 12:58:00+03'), pg_temp.rolling('2026-02-03 12:58:00+03')),
  ('00000000-0000-4000-8000-012000000035', '00000000-0000-4000-8000-010000000007', 7000.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-02-03'), NULL, true, pg_temp.rolling('2026-02-03 13:05:00+03'), pg_temp.rolling('2026-02-03 13:05:00+03')),
  ('00000000-0000-4000-8000-012000000036', '00000000-0000-4000-8000-010000000003', 9500.00, 'tithe', 'mpesa', 'UCERVAFBXR', pg_temp.rolling_day('2026-02-07'), NULL, true, pg_temp.rolling('2026-02-07 14:12:00+03'), pg_temp.rolling('2026-02-07 14:12:00+03')),
  ('00000000-0000-4000-8000-012000000037', NULL, 12700.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-02-14'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-02-14 15:19:00+03'), pg_temp.rolling('2026-02-14 15:19:00+03')),
  ('00000000-0000-4000-8000-012000000038', '00000000-0000-4000-8000-010000000011', 1300.00, 'offering', 'mpesa', 'UFRUU5XMHR', pg_temp.rolling_day('2026-02-17'), NULL, true, pg_temp.rolling('2026-02-17 16:26:00+03'), pg_temp.rolling('2026-02-17 16:26:00+03')),
  ('00000000-0000-4000-8000-012000000039', '00000000-0000-4000-8000-010000000011', 8500.00, 'tithe', 'mpesa', 'UFRRH2DJZK', pg_temp.rolling_day('2026-02-17'), NULL, true, pg_temp.rolling('2026-02-17 17:33:00+03'), pg_temp.rolling('2026-02-17 17:33:00+03')),
  ('00000000-0000-4000-8000-012000000040', '00000000-0000-4000-8000-010000000006', 3000.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-02-17'), NULL, true, pg_temp.rolling('2026-02-17 10:40:00+03'), pg_temp.rolling('2026-02-17 10:40:00+03')),
  ('00000000-0000-4000-8000-012000000041', '00000000-0000-4000-8000-010000000010', 400.00, 'offering', 'mpesa', 'UPK766GSE6', pg_temp.rolling_day('2026-02-21'), NULL, true, pg_temp.rolling('2026-02-21 11:47:00+03'), pg_temp.rolling('2026-02-21 11:47:00+03')),
  ('00000000-0000-4000-8000-012000000042', '00000000-0000-4000-8000-010000000010', 2000.00, 'tithe', 'mpesa', 'U3JWUNM7NK', pg_temp.rolling_day('2026-02-21'), NULL, true, pg_temp.rolling('2026-02-21 12:54:00+03'), pg_temp.rolling('2026-02-21 12:54:00+03')),
  ('00000000-0000-4000-8000-012000000043', '00000000-0000-4000-8000-010000000005', 6000.00, 'tithe', 'mpesa', 'UP9CWTNDKH', pg_temp.rolling_day('2026-02-21'), NULL, true, pg_temp.rolling('2026-02-21 13:01:00+03'), pg_temp.rolling('2026-02-21 13:01:00+03')),
  ('00000000-0000-4000-8000-012000000044', NULL, 9100.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-02-28'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-02-28 14:08:00+03'), pg_temp.rolling('2026-02-28 14:08:00+03')),
  ('00000000-0000-4000-8000-012000000045', '00000000-0000-4000-8000-010000000009', 300.00, 'offering', 'mpesa', 'UWPLLW5UDF', pg_temp.rolling_day('2026-02-28'), NULL, true, pg_temp.rolling('2026-02-28 15:15:00+03'), pg_temp.rolling('2026-02-28 15:15:00+03')),
  ('00000000-0000-4000-8000-012000000046', '00000000-0000-4000-8000-010000000009', 3000.00, 'tithe', 'mpesa', 'UVJPMLRKQ5', pg_temp.rolling_day('2026-02-28'), NULL, true, pg_temp.rolling('2026-02-28 16:22:00+03'), pg_temp.rolling('2026-02-28 16:22:00+03')),
  ('00000000-0000-4000-8000-012000000047', '00000000-0000-4000-8000-010000000002', 2000.00, 'offering', 'mpesa', 'URAXPBJGJK', pg_temp.rolling_day('2026-02-28'), NULL, true, pg_temp.rolling('2026-02-28 17:29:00+03'), pg_temp.rolling('2026-02-28 17:29:00+03')),
  ('00000000-0000-4000-8000-012000000048', '00000000-0000-4000-8000-010000000002', 8000.00, 'tithe', 'mpesa', 'UJZ3V3JTQL', pg_temp.rolling_day('2026-02-28'), NULL, true, pg_temp.rolling('2026-02-28 10:36:00+03'), pg_temp.rolling('2026-02-28 10:36:00+03')),
  ('00000000-0000-4000-8000-012000000049', '00000000-0000-4000-8000-010000000009', 3000.00, 'tithe', 'mpesa', 'UGJ9G3ZT97', pg_temp.rolling_day('2026-03-03'), NULL, true, pg_temp.rolling('2026-03-03 11:43:00+03'), pg_temp.rolling('2026-03-03 11:43:00+03')),
  ('00000000-0000-4000-8000-012000000050', '00000000-0000-4000-8000-010000000010', 2200.00, 'tithe', 'mpesa', 'U8S32QBD6P', pg_temp.rolling_day('2026-03-07'), NULL, true, pg_temp.rolling('2026-03-07 12:50:00+03'), pg_temp.rolling('2026-03-07 12:50:00+03')),
  ('00000000-0000-4000-8000-012000000051', NULL, 12700.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-03-14'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-03-14 13:57:00+03'), pg_temp.rolling('2026-03-14 13:57:00+03')),
  ('00000000-0000-4000-8000-012000000052', '00000000-0000-4000-8000-010000000006', 2250.00, 'tithe', 'check', 'CHQ-000203', pg_temp.rolling_day('2026-03-21'), NULL, true, pg_temp.rolling('2026-03-21 14:04:00+03'), pg_temp.rolling('2026-03-21 14:04:00+03')),
  ('00000000-0000-4000-8000-012000000053', '00000000-0000-4000-8000-010000000002', 2000.00, 'offering', 'mpesa', 'U8S7RP6Q5V', pg_temp.rolling_day('2026-03-21'), NULL, true, pg_temp.rolling('2026-03-21 15:11:00+03'), pg_temp.rolling('2026-03-21 15:11:00+03')),
  ('00000000-0000-4000-8000-012000000054', '00000000-0000-4000-8000-010000000002', 8000.00, 'tithe', 'mpesa', 'UUEVXQMLFY', pg_temp.rolling_day('2026-03-21'), NULL, true, pg_temp.rolling('2026-03-21 16:18:00+03'), pg_temp.rolling('2026-03-21 16:18:00+03')),
  ('00000000-0000-4000-8000-012000000055', '00000000-0000-4000-8000-010000000007', 6300.00, 'tithe', 'mpesa', 'URTFBGHRGM', pg_temp.rolling_day('2026-03-21'), NULL, true, pg_temp.rolling('2026-03-21 17:25:00+03'), pg_temp.rolling('2026-03-21 17:25:00+03')),
  ('00000000-0000-4000-8000-012000000056', '00000000-0000-4000-8000-010000000003', 9500.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-03-21'), 'YYMM') || '001015', pg_temp.rolling_day('2026-03-21'), NULL, true, pg_temp.rolling('2026-03-21 10:32:00+03'), pg_temp.rolling('2026-03-21 10:32:00+03')),
  ('00000000-0000-4000-8000-012000000057', '00000000-0000-4000-8000-010000000011', 7650.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-03-24'), NULL, true, pg_temp.rolling('2026-03-24 11:39:00+03'), pg_temp.rolling('2026-03-24 11:39:00+03')),
  ('00000000-0000-4000-8000-012000000058', NULL, 41000.00, 'missions', 'cash', NULL, pg_temp.rolling_day('2026-03-27'), 'Sabbath School mission offering', true, pg_temp.rolling('2026-03-27 12:46:00+03'), pg_temp.rolling('2026-03-27 12:46:00+03')),
  ('00000000-0000-4000-8000-012000000059', NULL, 14200.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-03-28'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-03-28 13:53:00+03'), pg_temp.rolling('2026-03-28 13:53:00+03')),
  ('00000000-0000-4000-8000-012000000060', '00000000-0000-4000-8000-010000000004', 4500.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-03-28'), NULL, true, pg_temp.rolling('2026-03-28 14:00:00+03'), pg_temp.rolling('2026-03-28 14:00:00+03')),
  ('00000000-0000-4000-8000-012000000061', '00000000-0000-4000-8000-010000000007', 7000.00, 'tithe', 'mpesa', 'UFQF72UFJG', pg_temp.rolling_day('2026-04-03'), NULL, true, pg_temp.rolling('2026-04-03 15:07:00+03'), pg_temp.rolling('2026-04-03 15:07:00+03')),
  ('00000000-0000-4000-8000-012000000062', '00000000-0000-4000-8000-010000000005', 900.00, 'offering', 'mpesa', 'U2YBRVJQ2T', pg_temp.rolling_day('2026-04-03'), NULL, true, pg_temp.rolling('2026-04-03 16:14:00+03'), pg_temp.rolling('2026-04-03 16:14:00+03')),
  ('00000000-0000-4000-8000-012000000063', '00000000-0000-4000-8000-010000000005', 7200.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-04-03'), NULL, true, pg_temp.rolling('2026-04-03 17:21:00+03'), pg_temp.rolling('2026-04-03 17:21:00+03')),
  ('00000000-0000-4000-8000-012000000064', '00000000-0000-4000-8000-010000000003', 2400.00, 'offering', 'mpesa', 'U6QBGKF7WG', pg_temp.rolling_day('2026-04-03'), NULL, true, pg_temp.rolling('2026-04-03 10:28:00+03'), pg_temp.rolling('2026-04-03 10:28:00+03')),
  ('00000000-0000-4000-8000-012000000065', '00000000-0000-4000-8000-010000000003', 9500.00, 'tithe', 'mpesa', 'U5FUF28NGC', pg_temp.rolling_day('2026-04-03'), NULL, true, pg_temp.rolling('2026-04-03 11:35:00+03'), pg_temp.rolling('2026-04-03 11:35:00+03')),
  ('00000000-0000-4000-8000-012000000066', '00000000-0000-4000-8000-010000000001', 12000.00, 'tithe', 'mpesa', 'UQQJJKLS4L', pg_temp.rolling_day('2026-04-07'), NULL, true, pg_temp.rolling('2026-04-07 12:42:00+03'), pg_temp.rolling('2026-04-07 12:42:00+03')),
  ('00000000-0000-4000-8000-012000000067', NULL, 15800.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-04-11'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-04-11 13:49:00+03'), pg_temp.rolling('2026-04-11 13:49:00+03')),
  ('00000000-0000-4000-8000-012000000068', '00000000-0000-4000-8000-010000000004', 4500.00, 'tithe', 'mpesa', 'U3MQ35RDHV', pg_temp.rolling_day('2026-04-14'), NULL, true, pg_temp.rolling('2026-04-14 14:56:00+03'), pg_temp.rolling('2026-04-14 14:56:00+03')),
  ('00000000-0000-4000-8000-012000000069', '00000000-0000-4000-8000-010000000011', 8500.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-04-17'), NULL, true, pg_temp.rolling('2026-04-17 15:03:00+03'), pg_temp.rolling('2026-04-17 15:03:00+03')),
  ('00000000-0000-4000-8000-012000000070', '00000000-0000-4000-8000-010000000002', 5000.00, 'special_project', 'mpesa', 'U8RWT6HSC9', pg_temp.rolling_day('2026-04-18'), 'Welfare food drive', true, pg_temp.rolling('2026-04-18 16:10:00+03'), pg_temp.rolling('2026-04-18 16:10:00+03')),
  ('00000000-0000-4000-8000-012000000071', '00000000-0000-4000-8000-010000000009', 3300.00, 'tithe', 'mpesa', 'U8DL2Q3TGB', pg_temp.rolling_day('2026-04-21'), NULL, true, pg_temp.rolling('2026-04-21 17:17:00+03'), pg_temp.rolling('2026-04-21 17:17:00+03')),
  ('00000000-0000-4000-8000-012000000072', '00000000-0000-4000-8000-010000000010', 400.00, 'offering', 'mpesa', 'U9TFWYXSZJ', pg_temp.rolling_day('2026-04-21'), NULL, true, pg_temp.rolling('2026-04-21 10:24:00+03'), pg_temp.rolling('2026-04-21 10:24:00+03')),
  ('00000000-0000-4000-8000-012000000073', '00000000-0000-4000-8000-010000000010', 2400.00, 'tithe', 'mpesa', 'UCCCMUWL2G', pg_temp.rolling_day('2026-04-21'), NULL, true, pg_temp.rolling('2026-04-21 11:31:00+03'), pg_temp.rolling('2026-04-21 11:31:00+03')),
  ('00000000-0000-4000-8000-012000000074', NULL, 14100.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-04-25'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-04-25 12:38:00+03'), pg_temp.rolling('2026-04-25 12:38:00+03')),
  ('00000000-0000-4000-8000-012000000075', '00000000-0000-4000-8000-010000000006', 2500.00, 'tithe', 'mpesa', 'UNKBEQ822C', pg_temp.rolling_day('2026-04-28'), NULL, true, pg_temp.rolling('2026-04-28 13:45:00+03'), pg_temp.rolling('2026-04-28 13:45:00+03')),
  ('00000000-0000-4000-8000-012000000076', NULL, 11400.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-05-09'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-05-09 14:52:00+03'), pg_temp.rolling('2026-05-09 14:52:00+03')),
  ('00000000-0000-4000-8000-012000000077', '00000000-0000-4000-8000-010000000001', 5000.00, 'building_fund', 'mpesa', 'UT5M944ESH', pg_temp.rolling_day('2026-05-10'), 'Church hall project', true, pg_temp.rolling('2026-05-10 15:59:00+03'), pg_temp.rolling('2026-05-10 15:59:00+03')),
  ('00000000-0000-4000-8000-012000000078', '00000000-0000-4000-8000-010000000007', 5000.00, 'building_fund', 'mpesa', 'UQNH9N4J35', pg_temp.rolling_day('2026-05-10'), 'Church hall project', true, pg_temp.rolling('2026-05-10 16:06:00+03'), pg_temp.rolling('2026-05-10 16:06:00+03')),
  ('00000000-0000-4000-8000-012000000079', '00000000-0000-4000-8000-010000000003', 10000.00, 'building_fund', 'mpesa', 'UW3NJTUWSK', pg_temp.rolling_day('2026-05-10'), 'Church hall project', true, pg_temp.rolling('2026-05-10 17:13:00+03'), pg_temp.rolling('2026-05-10 17:13:00+03')),
  ('00000000-0000-4000-8000-012000000080', '00000000-0000-4000-8000-010000000010', 300.00, 'offering', 'mpesa', 'UZBTPB6U43', pg_temp.rolling_day('2026-05-14'), NULL, true, pg_temp.rolling('2026-05-14 10:20:00+03'), pg_temp.rolling('2026-05-14 10:20:00+03')),
  ('00000000-0000-4000-8000-012000000081', '00000000-0000-4000-8000-010000000010', 1800.00, 'tithe', 'mpesa', 'UXWSALH7U6', pg_temp.rolling_day('2026-05-14'), NULL, true, pg_temp.rolling('2026-05-14 11:27:00+03'), pg_temp.rolling('2026-05-14 11:27:00+03')),
  ('00000000-0000-4000-8000-012000000082', '00000000-0000-4000-8000-010000000005', 5400.00, 'tithe', 'mpesa', 'U9PZPNN3Y4', pg_temp.rolling_day('2026-05-14'), NULL, true, pg_temp.rolling('2026-05-14 12:34:00+03'), pg_temp.rolling('2026-05-14 12:34:00+03')),
  ('00000000-0000-4000-8000-012000000083', '00000000-0000-4000-8000-010000000001', 12000.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-05-21'), 'YYMM') || '001050', pg_temp.rolling_day('2026-05-21'), NULL, true, pg_temp.rolling('2026-05-21 13:41:00+03'), pg_temp.rolling('2026-05-21 13:41:00+03')),
  ('00000000-0000-4000-8000-012000000084', NULL, 10700.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-05-23'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-05-23 14:48:00+03'), pg_temp.rolling('2026-05-23 14:48:00+03')),
  ('00000000-0000-4000-8000-012000000085', '00000000-0000-4000-8000-010000000011', 850.00, 'offering', 'mpesa', 'U4ZCEBHKPQ', pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 15:55:00+03'), pg_temp.rolling('2026-05-24 15:55:00+03')),
  ('00000000-0000-4000-8000-012000000086', '00000000-0000-4000-8000-010000000011', 9350.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 16:02:00+03'), pg_temp.rolling('2026-05-24 16:02:00+03')),
  ('00000000-0000-4000-8000-012000000087', '00000000-0000-4000-8000-010000000009', 750.00, 'offering', 'mpesa', 'UQMLY6J6WX', pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 17:09:00+03'), pg_temp.rolling('2026-05-24 17:09:00+03')),
  ('00000000-0000-4000-8000-012000000088', '00000000-0000-4000-8000-010000000009', 3000.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 10:16:00+03'), pg_temp.rolling('2026-05-24 10:16:00+03')),
  ('00000000-0000-4000-8000-012000000089', '00000000-0000-4000-8000-010000000002', 2000.00, 'offering', 'mpesa', 'UKBTVF44AM', pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 11:23:00+03'), pg_temp.rolling('2026-05-24 11:23:00+03')),
  ('00000000-0000-4000-8000-012000000090', '00000000-0000-4000-8000-010000000002', 8000.00, 'tithe', 'mpesa', 'UQXAQVX39D', pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 12:30:00+03'), pg_temp.rolling('2026-05-24 12:30:00+03')),
  ('00000000-0000-4000-8000-012000000091', '00000000-0000-4000-8000-010000000007', 1750.00, 'offering', 'mpesa', 'UJJFD5MZZW', pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 13:37:00+03'), pg_temp.rolling('2026-05-24 13:37:00+03')),
  ('00000000-0000-4000-8000-012000000092', '00000000-0000-4000-8000-010000000007', 7000.00, 'tithe', 'mpesa', 'UWBPYVYPZG', pg_temp.rolling_day('2026-05-24'), NULL, true, pg_temp.rolling('2026-05-24 14:44:00+03'), pg_temp.rolling('2026-05-24 14:44:00+03')),
  ('00000000-0000-4000-8000-012000000093', '00000000-0000-4000-8000-010000000006', 2750.00, 'tithe', 'mpesa', 'UBJ47BVNL3', pg_temp.rolling_day('2026-05-28'), NULL, true, pg_temp.rolling('2026-05-28 15:51:00+03'), pg_temp.rolling('2026-05-28 15:51:00+03')),
  ('00000000-0000-4000-8000-012000000094', '00000000-0000-4000-8000-010000000009', 3300.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-06-07'), 'YYMM') || '001130', pg_temp.rolling_day('2026-06-07'), NULL, true, pg_temp.rolling('2026-06-07 16:58:00+03'), pg_temp.rolling('2026-06-07 16:58:00+03')),
  ('00000000-0000-4000-8000-012000000095', NULL, 15600.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-06-13'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-06-13 17:05:00+03'), pg_temp.rolling('2026-06-13 17:05:00+03')),
  ('00000000-0000-4000-8000-012000000096', '00000000-0000-4000-8000-010000000004', 1100.00, 'offering', 'mpesa', 'UKUH7EQEU6', pg_temp.rolling_day('2026-06-14'), NULL, true, pg_temp.rolling('2026-06-14 10:12:00+03'), pg_temp.rolling('2026-06-14 10:12:00+03')),
  ('00000000-0000-4000-8000-012000000097', '00000000-0000-4000-8000-010000000004', 4050.00, 'tithe', 'mpesa', 'UU93MPT9UY', pg_temp.rolling_day('2026-06-14'), NULL, true, pg_temp.rolling('2026-06-14 11:19:00+03'), pg_temp.rolling('2026-06-14 11:19:00+03')),
  ('00000000-0000-4000-8000-012000000098', '00000000-0000-4000-8000-010000000010', 300.00, 'offering', 'mpesa', 'ULZHF9LJYQ', pg_temp.rolling_day('2026-06-14'), NULL, true, pg_temp.rolling('2026-06-14 12:26:00+03'), pg_temp.rolling('2026-06-14 12:26:00+03')),
  ('00000000-0000-4000-8000-012000000099', '00000000-0000-4000-8000-010000000010', 2200.00, 'tithe', 'check', 'CHQ-000204', pg_temp.rolling_day('2026-06-14'), NULL, true, pg_temp.rolling('2026-06-14 13:33:00+03'), pg_temp.rolling('2026-06-14 13:33:00+03')),
  ('00000000-0000-4000-8000-012000000100', '00000000-0000-4000-8000-010000000002', 8800.00, 'tithe', 'mpesa', 'UKQ2YW45Z9', pg_temp.rolling_day('2026-06-14'), NULL, true, pg_temp.rolling('2026-06-14 14:40:00+03'), pg_temp.rolling('2026-06-14 14:40:00+03')),
  ('00000000-0000-4000-8000-012000000101', '00000000-0000-4000-8000-010000000003', 9500.00, 'tithe', 'mpesa', 'UAWG745P8L', pg_temp.rolling_day('2026-06-14'), NULL, true, pg_temp.rolling('2026-06-14 15:47:00+03'), pg_temp.rolling('2026-06-14 15:47:00+03')),
  ('00000000-0000-4000-8000-012000000102', '00000000-0000-4000-8000-010000000007', 1750.00, 'offering', 'mpesa', 'UHZQWH8VTR', pg_temp.rolling_day('2026-06-24'), NULL, true, pg_temp.rolling('2026-06-24 16:54:00+03'), pg_temp.rolling('2026-06-24 16:54:00+03')),
  ('00000000-0000-4000-8000-012000000103', '00000000-0000-4000-8000-010000000007', 8400.00, 'tithe', 'mpesa', 'UHNWGXVS64', pg_temp.rolling_day('2026-06-24'), NULL, true, pg_temp.rolling('2026-06-24 17:01:00+03'), pg_temp.rolling('2026-06-24 17:01:00+03')),
  ('00000000-0000-4000-8000-012000000104', '00000000-0000-4000-8000-010000000005', 900.00, 'offering', 'mpesa', 'UHEY4D8CCH', pg_temp.rolling_day('2026-06-24'), NULL, true, pg_temp.rolling('2026-06-24 10:08:00+03'), pg_temp.rolling('2026-06-24 10:08:00+03')),
  ('00000000-0000-4000-8000-012000000105', '00000000-0000-4000-8000-010000000005', 6000.00, 'tithe', 'mpesa', 'U4ESAN952X', pg_temp.rolling_day('2026-06-24'), NULL, true, pg_temp.rolling('2026-06-24 11:15:00+03'), pg_temp.rolling('2026-06-24 11:15:00+03')),
  ('00000000-0000-4000-8000-012000000106', NULL, 35500.00, 'missions', 'cash', NULL, pg_temp.rolling_day('2026-06-27'), 'Sabbath School mission offering', true, pg_temp.rolling('2026-06-27 12:22:00+03'), pg_temp.rolling('2026-06-27 12:22:00+03')),
  ('00000000-0000-4000-8000-012000000107', NULL, 10100.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-06-27'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-06-27 13:29:00+03'), pg_temp.rolling('2026-06-27 13:29:00+03')),
  ('00000000-0000-4000-8000-012000000108', '00000000-0000-4000-8000-010000000011', 1300.00, 'offering', 'mpesa', 'UPVPL8D6Z5', pg_temp.rolling_day('2026-06-28'), NULL, true, pg_temp.rolling('2026-06-28 14:36:00+03'), pg_temp.rolling('2026-06-28 14:36:00+03')),
  ('00000000-0000-4000-8000-012000000109', '00000000-0000-4000-8000-010000000011', 8500.00, 'tithe', 'mpesa', 'UB7X45QSLD', pg_temp.rolling_day('2026-06-28'), NULL, true, pg_temp.rolling('2026-06-28 15:43:00+03'), pg_temp.rolling('2026-06-28 15:43:00+03')),
  ('00000000-0000-4000-8000-012000000110', '00000000-0000-4000-8000-010000000006', 400.00, 'offering', 'mpesa', 'UYKFPFYFWN', pg_temp.rolling_day('2026-06-28'), NULL, true, pg_temp.rolling('2026-06-28 16:50:00+03'), pg_temp.rolling('2026-06-28 16:50:00+03')),
  ('00000000-0000-4000-8000-012000000111', '00000000-0000-4000-8000-010000000006', 2500.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-06-28'), 'YYMM') || '001115', pg_temp.rolling_day('2026-06-28'), NULL, true, pg_temp.rolling('2026-06-28 17:57:00+03'), pg_temp.rolling('2026-06-28 17:57:00+03')),
  ('00000000-0000-4000-8000-012000000112', '00000000-0000-4000-8000-010000000001', 12000.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-06-28'), 'YYMM') || '001080', pg_temp.rolling_day('2026-06-28'), NULL, true, pg_temp.rolling('2026-06-28 10:04:00+03'), pg_temp.rolling('2026-06-28 10:04:00+03')),
  ('00000000-0000-4000-8000-012000000113', '00000000-0000-4000-8000-010000000010', 2000.00, 'tithe', 'check', 'CHQ-000207', pg_temp.rolling_day('2026-07-07'), NULL, true, pg_temp.rolling('2026-07-07 11:11:00+03'), pg_temp.rolling('2026-07-07 11:11:00+03')),
  ('00000000-0000-4000-8000-012000000114', '00000000-0000-4000-8000-010000000002', 8000.00, 'tithe', 'check', 'CHQ-000205', pg_temp.rolling_day('2026-07-07'), NULL, true, pg_temp.rolling('2026-07-07 12:18:00+03'), pg_temp.rolling('2026-07-07 12:18:00+03')),
  ('00000000-0000-4000-8000-012000000115', NULL, 14800.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-07-11'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-07-11 13:25:00+03'), pg_temp.rolling('2026-07-11 13:25:00+03')),
  ('00000000-0000-4000-8000-012000000116', '00000000-0000-4000-8000-010000000003', 2400.00, 'offering', 'mpesa', 'U54ARN3C7Z', pg_temp.rolling_day('2026-07-14'), NULL, true, pg_temp.rolling('2026-07-14 14:32:00+03'), pg_temp.rolling('2026-07-14 14:32:00+03')),
  ('00000000-0000-4000-8000-012000000117', '00000000-0000-4000-8000-010000000003', 9500.00, 'tithe', 'mpesa', 'UVTRPTZT84', pg_temp.rolling_day('2026-07-14'), NULL, true, pg_temp.rolling('2026-07-14 15:39:00+03'), pg_temp.rolling('2026-07-14 15:39:00+03')),
  ('00000000-0000-4000-8000-012000000118', '00000000-0000-4000-8000-010000000005', 1200.00, 'offering', 'mpesa', 'UU73NG6KR2', pg_temp.rolling_day('2026-07-17'), NULL, true, pg_temp.rolling('2026-07-17 16:46:00+03'), pg_temp.rolling('2026-07-17 16:46:00+03')),
  ('00000000-0000-4000-8000-012000000119', '00000000-0000-4000-8000-010000000005', 5400.00, 'tithe', 'mpesa', 'UMBKSYXWMK', pg_temp.rolling_day('2026-07-17'), NULL, true, pg_temp.rolling('2026-07-17 17:53:00+03'), pg_temp.rolling('2026-07-17 17:53:00+03')),
  ('00000000-0000-4000-8000-012000000120', '00000000-0000-4000-8000-010000000009', 750.00, 'offering', 'mpesa', 'U9RM8ZBUCD', pg_temp.rolling_day('2026-07-21'), NULL, true, pg_temp.rolling('2026-07-21 10:00:00+03'), pg_temp.rolling('2026-07-21 10:00:00+03')),
  ('00000000-0000-4000-8000-012000000121', '00000000-0000-4000-8000-010000000009', 3300.00, 'tithe', 'mpesa', 'UGNTUCLSCQ', pg_temp.rolling_day('2026-07-21'), NULL, true, pg_temp.rolling('2026-07-21 11:07:00+03'), pg_temp.rolling('2026-07-21 11:07:00+03')),
  ('00000000-0000-4000-8000-012000000122', '00000000-0000-4000-8000-010000000011', 1300.00, 'offering', 'mpesa', 'UPJLWCZXM2', pg_temp.rolling_day('2026-07-24'), NULL, true, pg_temp.rolling('2026-07-24 12:14:00+03'), pg_temp.rolling('2026-07-24 12:14:00+03')),
  ('00000000-0000-4000-8000-012000000123', '00000000-0000-4000-8000-010000000011', 8500.00, 'tithe', 'mpesa', 'UWDM5BYA5H', pg_temp.rolling_day('2026-07-24'), NULL, true, pg_temp.rolling('2026-07-24 13:21:00+03'), pg_temp.rolling('2026-07-24 13:21:00+03')),
  ('00000000-0000-4000-8000-012000000124', NULL, 15500.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-07-25'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-07-25 14:28:00+03'), pg_temp.rolling('2026-07-25 14:28:00+03')),
  ('00000000-0000-4000-8000-012000000125', '00000000-0000-4000-8000-010000000004', 4500.00, 'tithe', 'check', 'CHQ-000206', pg_temp.rolling_day('2026-07-28'), NULL, true, pg_temp.rolling('2026-07-28 15:35:00+03'), pg_temp.rolling('2026-07-28 15:35:00+03')),
  ('00000000-0000-4000-8000-012000000126', '00000000-0000-4000-8000-010000000006', 600.00, 'offering', 'mpesa', 'UW4UGE3G4U', pg_temp.rolling_day('2026-07-28'), NULL, true, pg_temp.rolling('2026-07-28 16:42:00+03'), pg_temp.rolling('2026-07-28 16:42:00+03')),
  ('00000000-0000-4000-8000-012000000127', '00000000-0000-4000-8000-010000000006', 2500.00, 'tithe', 'mpesa', 'UWFLHKSF9D', pg_temp.rolling_day('2026-07-28'), NULL, true, pg_temp.rolling('2026-07-28 17:49:00+03'), pg_temp.rolling('2026-07-28 17:49:00+03')),
  ('00000000-0000-4000-8000-012000000128', '00000000-0000-4000-8000-010000000001', 10800.00, 'tithe', 'mpesa', 'UCPKQS5ZA6', pg_temp.rolling_day('2026-07-28'), NULL, true, pg_temp.rolling('2026-07-28 10:56:00+03'), pg_temp.rolling('2026-07-28 10:56:00+03')),
  ('00000000-0000-4000-8000-012000000129', '00000000-0000-4000-8000-010000000007', 7000.00, 'tithe', 'mpesa', 'U2ZNMSMJMQ', pg_temp.rolling_day('2026-07-28'), NULL, true, pg_temp.rolling('2026-07-28 11:03:00+03'), pg_temp.rolling('2026-07-28 11:03:00+03')),
  ('00000000-0000-4000-8000-012000000130', '00000000-0000-4000-8000-010000000004', 4500.00, 'tithe', 'check', 'CHQ-000208', pg_temp.rolling_day('2026-08-03'), NULL, true, pg_temp.rolling('2026-08-03 12:10:00+03'), pg_temp.rolling('2026-08-03 12:10:00+03')),
  ('00000000-0000-4000-8000-012000000131', '00000000-0000-4000-8000-010000000011', 1300.00, 'offering', 'mpesa', 'U5NM7RWHEY', pg_temp.rolling_day('2026-08-03'), NULL, true, pg_temp.rolling('2026-08-03 13:17:00+03'), pg_temp.rolling('2026-08-03 13:17:00+03')),
  ('00000000-0000-4000-8000-012000000132', '00000000-0000-4000-8000-010000000011', 9350.00, 'tithe', 'mpesa', 'UU6DKES5HW', pg_temp.rolling_day('2026-08-03'), NULL, true, pg_temp.rolling('2026-08-03 14:24:00+03'), pg_temp.rolling('2026-08-03 14:24:00+03')),
  ('00000000-0000-4000-8000-012000000133', '00000000-0000-4000-8000-010000000005', 7200.00, 'tithe', 'mpesa', 'U6GLQCJ6CP', pg_temp.rolling_day('2026-08-03'), NULL, true, pg_temp.rolling('2026-08-03 15:31:00+03'), pg_temp.rolling('2026-08-03 15:31:00+03')),
  ('00000000-0000-4000-8000-012000000134', '00000000-0000-4000-8000-010000000010', 2000.00, 'tithe', 'mpesa', 'UQ3W6U6Y8E', pg_temp.rolling_day('2026-08-07'), NULL, true, pg_temp.rolling('2026-08-07 16:38:00+03'), pg_temp.rolling('2026-08-07 16:38:00+03')),
  ('00000000-0000-4000-8000-012000000135', '00000000-0000-4000-8000-010000000001', 1800.00, 'offering', 'mpesa', 'UTSRQ64SQZ', pg_temp.rolling_day('2026-08-07'), NULL, true, pg_temp.rolling('2026-08-07 17:45:00+03'), pg_temp.rolling('2026-08-07 17:45:00+03')),
  ('00000000-0000-4000-8000-012000000136', '00000000-0000-4000-8000-010000000001', 13200.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-08-07'), 'YYMM') || '001165', pg_temp.rolling_day('2026-08-07'), NULL, true, pg_temp.rolling('2026-08-07 10:52:00+03'), pg_temp.rolling('2026-08-07 10:52:00+03')),
  ('00000000-0000-4000-8000-012000000137', NULL, 14400.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-08-08'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-08-08 11:59:00+03'), pg_temp.rolling('2026-08-08 11:59:00+03')),
  ('00000000-0000-4000-8000-012000000138', '00000000-0000-4000-8000-010000000001', 20000.00, 'building_fund', 'mpesa', 'U6N6JT386C', pg_temp.rolling_day('2026-08-10'), 'Church hall project', true, pg_temp.rolling('2026-08-10 12:06:00+03'), pg_temp.rolling('2026-08-10 12:06:00+03')),
  ('00000000-0000-4000-8000-012000000139', '00000000-0000-4000-8000-010000000007', 5000.00, 'building_fund', 'mpesa', 'UTY9RG43SX', pg_temp.rolling_day('2026-08-10'), 'Church hall project', true, pg_temp.rolling('2026-08-10 13:13:00+03'), pg_temp.rolling('2026-08-10 13:13:00+03')),
  ('00000000-0000-4000-8000-012000000140', '00000000-0000-4000-8000-010000000003', 15000.00, 'building_fund', 'mpesa', 'U5C7EQJPSL', pg_temp.rolling_day('2026-08-10'), 'Church hall project', true, pg_temp.rolling('2026-08-10 14:20:00+03'), pg_temp.rolling('2026-08-10 14:20:00+03')),
  ('00000000-0000-4000-8000-012000000141', '00000000-0000-4000-8000-010000000003', 10450.00, 'tithe', 'mpesa', 'U6JMJRKNQQ', pg_temp.rolling_day('2026-08-10'), NULL, true, pg_temp.rolling('2026-08-10 15:27:00+03'), pg_temp.rolling('2026-08-10 15:27:00+03')),
  ('00000000-0000-4000-8000-012000000142', '00000000-0000-4000-8000-010000000007', 700.00, 'offering', 'mpesa', 'UUKNLJMDFN', pg_temp.rolling_day('2026-08-14'), NULL, true, pg_temp.rolling('2026-08-14 16:34:00+03'), pg_temp.rolling('2026-08-14 16:34:00+03')),
  ('00000000-0000-4000-8000-012000000143', '00000000-0000-4000-8000-010000000007', 7700.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-08-14'), 'YYMM') || '001183', pg_temp.rolling_day('2026-08-14'), NULL, true, pg_temp.rolling('2026-08-14 17:41:00+03'), pg_temp.rolling('2026-08-14 17:41:00+03')),
  ('00000000-0000-4000-8000-012000000144', '00000000-0000-4000-8000-010000000002', 8000.00, 'tithe', 'mpesa', 'UY7M5TZWDP', pg_temp.rolling_day('2026-08-17'), NULL, true, pg_temp.rolling('2026-08-17 10:48:00+03'), pg_temp.rolling('2026-08-17 10:48:00+03')),
  ('00000000-0000-4000-8000-012000000145', NULL, 14500.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-08-22'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-08-22 11:55:00+03'), pg_temp.rolling('2026-08-22 11:55:00+03')),
  ('00000000-0000-4000-8000-012000000146', '00000000-0000-4000-8000-010000000009', 600.00, 'offering', 'mpesa', 'UXLNHHENMR', pg_temp.rolling_day('2026-08-28'), NULL, true, pg_temp.rolling('2026-08-28 12:02:00+03'), pg_temp.rolling('2026-08-28 12:02:00+03')),
  ('00000000-0000-4000-8000-012000000147', '00000000-0000-4000-8000-010000000009', 3000.00, 'tithe', 'mpesa', 'U7DQ9PGSGZ', pg_temp.rolling_day('2026-08-28'), NULL, true, pg_temp.rolling('2026-08-28 13:09:00+03'), pg_temp.rolling('2026-08-28 13:09:00+03')),
  ('00000000-0000-4000-8000-012000000148', '00000000-0000-4000-8000-010000000004', 450.00, 'offering', 'mpesa', 'UPYKTWM74Q', pg_temp.rolling_day('2026-09-03'), NULL, true, pg_temp.rolling('2026-09-03 14:16:00+03'), pg_temp.rolling('2026-09-03 14:16:00+03')),
  ('00000000-0000-4000-8000-012000000149', '00000000-0000-4000-8000-010000000004', 4950.00, 'tithe', 'mpesa', 'U2W9ZF5V6Q', pg_temp.rolling_day('2026-09-03'), NULL, true, pg_temp.rolling('2026-09-03 15:23:00+03'), pg_temp.rolling('2026-09-03 15:23:00+03')),
  ('00000000-0000-4000-8000-012000000150', NULL, 11300.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-09-12'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-09-12 16:30:00+03'), pg_temp.rolling('2026-09-12 16:30:00+03')),
  ('00000000-0000-4000-8000-012000000151', '00000000-0000-4000-8000-010000000001', 10800.00, 'tithe', 'mpesa', 'URHGDGBDVB', pg_temp.rolling_day('2026-09-14'), NULL, true, pg_temp.rolling('2026-09-14 17:37:00+03'), pg_temp.rolling('2026-09-14 17:37:00+03')),
  ('00000000-0000-4000-8000-012000000152', '00000000-0000-4000-8000-010000000002', 8800.00, 'tithe', 'mpesa', 'UMZ6V264XH', pg_temp.rolling_day('2026-09-17'), NULL, true, pg_temp.rolling('2026-09-17 10:44:00+03'), pg_temp.rolling('2026-09-17 10:44:00+03')),
  ('00000000-0000-4000-8000-012000000153', '00000000-0000-4000-8000-010000000009', 300.00, 'offering', 'mpesa', 'U34RUVQ3LQ', pg_temp.rolling_day('2026-09-21'), NULL, true, pg_temp.rolling('2026-09-21 11:51:00+03'), pg_temp.rolling('2026-09-21 11:51:00+03')),
  ('00000000-0000-4000-8000-012000000154', '00000000-0000-4000-8000-010000000009', 2700.00, 'tithe', 'check', 'CHQ-000210', pg_temp.rolling_day('2026-09-21'), NULL, true, pg_temp.rolling('2026-09-21 12:58:00+03'), pg_temp.rolling('2026-09-21 12:58:00+03')),
  ('00000000-0000-4000-8000-012000000155', '00000000-0000-4000-8000-010000000007', 6300.00, 'tithe', 'check', 'CHQ-000209', pg_temp.rolling_day('2026-09-21'), NULL, true, pg_temp.rolling('2026-09-21 13:05:00+03'), pg_temp.rolling('2026-09-21 13:05:00+03')),
  ('00000000-0000-4000-8000-012000000156', '00000000-0000-4000-8000-010000000005', 1500.00, 'offering', 'mpesa', 'UW5XHC4JDJ', pg_temp.rolling_day('2026-09-21'), NULL, true, pg_temp.rolling('2026-09-21 14:12:00+03'), pg_temp.rolling('2026-09-21 14:12:00+03')),
  ('00000000-0000-4000-8000-012000000157', '00000000-0000-4000-8000-010000000005', 6600.00, 'tithe', 'mpesa', 'UZK4BPYHJ7', pg_temp.rolling_day('2026-09-21'), NULL, true, pg_temp.rolling('2026-09-21 15:19:00+03'), pg_temp.rolling('2026-09-21 15:19:00+03')),
  ('00000000-0000-4000-8000-012000000158', '00000000-0000-4000-8000-010000000010', 500.00, 'offering', 'mpesa', 'UA5V2SW3MQ', pg_temp.rolling_day('2026-09-24'), NULL, true, pg_temp.rolling('2026-09-24 16:26:00+03'), pg_temp.rolling('2026-09-24 16:26:00+03')),
  ('00000000-0000-4000-8000-012000000159', '00000000-0000-4000-8000-010000000010', 2000.00, 'tithe', 'check', 'CHQ-000211', pg_temp.rolling_day('2026-09-24'), NULL, true, pg_temp.rolling('2026-09-24 17:33:00+03'), pg_temp.rolling('2026-09-24 17:33:00+03')),
  ('00000000-0000-4000-8000-012000000160', NULL, 11100.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-09-26'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-09-26 10:40:00+03'), pg_temp.rolling('2026-09-26 10:40:00+03')),
  ('00000000-0000-4000-8000-012000000161', NULL, 26000.00, 'missions', 'cash', NULL, pg_temp.rolling_day('2026-09-27'), 'Sabbath School mission offering', true, pg_temp.rolling('2026-09-27 11:47:00+03'), pg_temp.rolling('2026-09-27 11:47:00+03')),
  ('00000000-0000-4000-8000-012000000162', '00000000-0000-4000-8000-010000000004', 450.00, 'offering', 'mpesa', 'UA2BDS4RGM', pg_temp.rolling_day('2026-10-03'), NULL, true, pg_temp.rolling('2026-10-03 12:54:00+03'), pg_temp.rolling('2026-10-03 12:54:00+03')),
  ('00000000-0000-4000-8000-012000000163', '00000000-0000-4000-8000-010000000004', 5400.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-10-03'), 'YYMM') || '001203', pg_temp.rolling_day('2026-10-03'), NULL, true, pg_temp.rolling('2026-10-03 13:01:00+03'), pg_temp.rolling('2026-10-03 13:01:00+03')),
  ('00000000-0000-4000-8000-012000000164', '00000000-0000-4000-8000-010000000010', 300.00, 'offering', 'mpesa', 'UKDCH6PXPP', pg_temp.rolling_day('2026-10-03'), NULL, true, pg_temp.rolling('2026-10-03 14:08:00+03'), pg_temp.rolling('2026-10-03 14:08:00+03')),
  ('00000000-0000-4000-8000-012000000165', '00000000-0000-4000-8000-010000000010', 2000.00, 'tithe', 'mpesa', 'U9RFLHH68C', pg_temp.rolling_day('2026-10-03'), NULL, true, pg_temp.rolling('2026-10-03 15:15:00+03'), pg_temp.rolling('2026-10-03 15:15:00+03')),
  ('00000000-0000-4000-8000-012000000166', '00000000-0000-4000-8000-010000000002', 9600.00, 'tithe', 'check', 'CHQ-000212', pg_temp.rolling_day('2026-10-03'), NULL, true, pg_temp.rolling('2026-10-03 16:22:00+03'), pg_temp.rolling('2026-10-03 16:22:00+03')),
  ('00000000-0000-4000-8000-012000000167', NULL, 11900.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-10-10'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-10-10 17:29:00+03'), pg_temp.rolling('2026-10-10 17:29:00+03')),
  ('00000000-0000-4000-8000-012000000168', '00000000-0000-4000-8000-010000000009', 2700.00, 'tithe', 'mpesa', 'UABCJE3TWN', pg_temp.rolling_day('2026-10-14'), NULL, true, pg_temp.rolling('2026-10-14 10:36:00+03'), pg_temp.rolling('2026-10-14 10:36:00+03')),
  ('00000000-0000-4000-8000-012000000169', '00000000-0000-4000-8000-010000000002', 5000.00, 'special_project', 'mpesa', 'UXUTDFDWJB', pg_temp.rolling_day('2026-10-18'), 'Welfare food drive', true, pg_temp.rolling('2026-10-18 11:43:00+03'), pg_temp.rolling('2026-10-18 11:43:00+03')),
  ('00000000-0000-4000-8000-012000000170', '00000000-0000-4000-8000-010000000001', 1200.00, 'offering', 'mpesa', 'UGTB2BXZCN', pg_temp.rolling_day('2026-10-21'), NULL, true, pg_temp.rolling('2026-10-21 12:50:00+03'), pg_temp.rolling('2026-10-21 12:50:00+03')),
  ('00000000-0000-4000-8000-012000000171', '00000000-0000-4000-8000-010000000001', 13200.00, 'tithe', 'mpesa', 'U6H8PSQDVN', pg_temp.rolling_day('2026-10-21'), NULL, true, pg_temp.rolling('2026-10-21 13:57:00+03'), pg_temp.rolling('2026-10-21 13:57:00+03')),
  ('00000000-0000-4000-8000-012000000172', NULL, 12200.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-10-24'), 'Loose offering, counted by the deacons', true, pg_temp.rolling('2026-10-24 14:04:00+03'), pg_temp.rolling('2026-10-24 14:04:00+03')),
  ('00000000-0000-4000-8000-012000000173', '00000000-0000-4000-8000-010000000003', 1900.00, 'offering', 'mpesa', 'ULXZN9JFS6', pg_temp.rolling_day('2026-10-24'), NULL, true, pg_temp.rolling('2026-10-24 15:11:00+03'), pg_temp.rolling('2026-10-24 15:11:00+03')),
  ('00000000-0000-4000-8000-012000000174', '00000000-0000-4000-8000-010000000003', 11400.00, 'tithe', 'mpesa', 'US26C5M5W4', pg_temp.rolling_day('2026-10-24'), NULL, true, pg_temp.rolling('2026-10-24 16:18:00+03'), pg_temp.rolling('2026-10-24 16:18:00+03')),
  ('00000000-0000-4000-8000-012000000175', '00000000-0000-4000-8000-010000000004', 1100.00, 'offering', 'mpesa', 'UNTM3PBCZV', pg_temp.rolling_day('2026-11-03'), NULL, true, pg_temp.rolling('2026-11-03 17:25:00+03'), pg_temp.rolling('2026-11-03 17:25:00+03')),
  ('00000000-0000-4000-8000-012000000176', '00000000-0000-4000-8000-010000000004', 4500.00, 'tithe', 'mpesa', 'UQL993X3RU', pg_temp.rolling_day('2026-11-03'), NULL, true, pg_temp.rolling('2026-11-03 10:32:00+03'), pg_temp.rolling('2026-11-03 10:32:00+03')),
  ('00000000-0000-4000-8000-012000000177', '00000000-0000-4000-8000-010000000009', 3000.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-11-10'), 'YYMM') || '001254', pg_temp.rolling_day('2026-11-10'), NULL, true, pg_temp.rolling('2026-11-10 11:39:00+03'), pg_temp.rolling('2026-11-10 11:39:00+03')),
  ('00000000-0000-4000-8000-012000000178', '00000000-0000-4000-8000-010000000001', 10000.00, 'building_fund', 'mpesa', 'UVEX44KRFM', pg_temp.rolling_day('2026-11-10'), 'Church hall project', true, pg_temp.rolling('2026-11-10 12:46:00+03'), pg_temp.rolling('2026-11-10 12:46:00+03')),
  ('00000000-0000-4000-8000-012000000179', '00000000-0000-4000-8000-010000000007', 5000.00, 'building_fund', 'mpesa', 'UCJP3DK4R6', pg_temp.rolling_day('2026-11-10'), 'Church hall project', true, pg_temp.rolling('2026-11-10 13:53:00+03'), pg_temp.rolling('2026-11-10 13:53:00+03')),
  ('00000000-0000-4000-8000-012000000180', '00000000-0000-4000-8000-010000000003', 10000.00, 'building_fund', 'mpesa', 'UJLHDSSPPS', pg_temp.rolling_day('2026-11-10'), 'Church hall project', true, pg_temp.rolling('2026-11-10 14:00:00+03'), pg_temp.rolling('2026-11-10 14:00:00+03')),
  ('00000000-0000-4000-8000-012000000181', NULL, 9500.00, 'offering', 'cash', NULL, pg_temp.rolling_day('2026-11-14'), 'Loose offering, counted by the deacons', false, pg_temp.rolling('2026-11-14 15:07:00+03'), pg_temp.rolling('2026-11-14 15:07:00+03')),
  ('00000000-0000-4000-8000-012000000182', '00000000-0000-4000-8000-010000000007', 7000.00, 'tithe', 'cash', NULL, pg_temp.rolling_day('2026-11-14'), NULL, false, pg_temp.rolling('2026-11-14 16:14:00+03'), pg_temp.rolling('2026-11-14 16:14:00+03')),
  ('00000000-0000-4000-8000-012000000183', '00000000-0000-4000-8000-010000000003', 1400.00, 'offering', 'mpesa', 'UUWR5ZC3KL', pg_temp.rolling_day('2026-11-14'), NULL, false, pg_temp.rolling('2026-11-14 17:21:00+03'), pg_temp.rolling('2026-11-14 17:21:00+03')),
  ('00000000-0000-4000-8000-012000000184', '00000000-0000-4000-8000-010000000003', 8550.00, 'tithe', 'bank_transfer', 'FT' || to_char(pg_temp.rolling_day('2026-11-14'), 'YYMM') || '001214', pg_temp.rolling_day('2026-11-14'), NULL, false, pg_temp.rolling('2026-11-14 10:28:00+03'), pg_temp.rolling('2026-11-14 10:28:00+03')),
  ('00000000-0000-4000-8000-012000000185', '00000000-0000-4000-8000-010000000002', 8800.00, 'tithe', 'check', 'CHQ-000213', pg_temp.rolling_day('2026-11-21'), NULL, false, pg_temp.rolling('2026-11-21 11:35:00+03'), pg_temp.rolling('2026-11-21 11:35:00+03')),
  ('00000000-0000-4000-8000-012000000186', NULL, 3000.00, 'tithe', 'equity_bank', 'EQ_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-06 11:40:00+03')) || '_K7P2QX', pg_temp.rolling_day('2026-11-06'), 'Online giving via Equity Bank from 254700***101', true, pg_temp.rolling('2026-11-06 11:40:19+03'), pg_temp.rolling('2026-11-06 11:40:19+03')),
  ('00000000-0000-4000-8000-012000000187', NULL, 1500.00, 'offering', 'equity_bank', 'EQ_' || pg_temp.epoch_ms(pg_temp.rolling('2026-11-15 13:00:00+03')) || '_Z3M9RA', pg_temp.rolling_day('2026-11-15'), 'Online giving via Equity Bank from 254700***102', true, pg_temp.rolling('2026-11-15 13:00:17+03'), pg_temp.rolling('2026-11-15 13:00:17+03'))
ON CONFLICT DO NOTHING;

-- Budgets for this year (ids 0140002026NN) and last year (0140002025NN), one per category.
INSERT INTO public.budgets (id, category, allocated_amount, year, description) VALUES
  ('00000000-0000-4000-8000-014000202501', 'pastoral_care', 162000.00, pg_temp.budget_year() - 1, 'Visitation, counselling and pastoral support'),
  ('00000000-0000-4000-8000-014000202502', 'worship_music', 108000.00, pg_temp.budget_year() - 1, 'Choir, sound equipment and worship materials'),
  ('00000000-0000-4000-8000-014000202503', 'youth_ministry', 135000.00, pg_temp.budget_year() - 1, 'AY programmes, camps and Pathfinders'),
  ('00000000-0000-4000-8000-014000202504', 'children_ministry', 81000.00, pg_temp.budget_year() - 1, 'Children''s Sabbath School materials and VBS'),
  ('00000000-0000-4000-8000-014000202505', 'outreach_evangelism', 225000.00, pg_temp.budget_year() - 1, 'Evangelistic campaigns and literature'),
  ('00000000-0000-4000-8000-014000202506', 'building_maintenance', 360000.00, pg_temp.budget_year() - 1, 'Repairs and maintenance of the church buildings'),
  ('00000000-0000-4000-8000-014000202507', 'utilities', 130000.00, pg_temp.budget_year() - 1, 'Electricity, water and internet'),
  ('00000000-0000-4000-8000-014000202508', 'office_supplies', 54000.00, pg_temp.budget_year() - 1, 'Stationery, printing and office equipment'),
  ('00000000-0000-4000-8000-014000202509', 'missions', 90000.00, pg_temp.budget_year() - 1, 'Support for mission projects and church plants'),
  ('00000000-0000-4000-8000-014000202510', 'special_events', 117000.00, pg_temp.budget_year() - 1, 'Thanksgiving, camp meeting and year-end programmes'),
  ('00000000-0000-4000-8000-014000202511', 'other', 45000.00, pg_temp.budget_year() - 1, 'Contingencies'),
  ('00000000-0000-4000-8000-014000202601', 'pastoral_care', 180000.00, pg_temp.budget_year(), 'Visitation, counselling and pastoral support'),
  ('00000000-0000-4000-8000-014000202602', 'worship_music', 120000.00, pg_temp.budget_year(), 'Choir, sound equipment and worship materials'),
  ('00000000-0000-4000-8000-014000202603', 'youth_ministry', 150000.00, pg_temp.budget_year(), 'AY programmes, camps and Pathfinders'),
  ('00000000-0000-4000-8000-014000202604', 'children_ministry', 90000.00, pg_temp.budget_year(), 'Children''s Sabbath School materials and VBS'),
  ('00000000-0000-4000-8000-014000202605', 'outreach_evangelism', 250000.00, pg_temp.budget_year(), 'Evangelistic campaigns and literature'),
  ('00000000-0000-4000-8000-014000202606', 'building_maintenance', 400000.00, pg_temp.budget_year(), 'Repairs and maintenance of the church buildings'),
  ('00000000-0000-4000-8000-014000202607', 'utilities', 144000.00, pg_temp.budget_year(), 'Electricity, water and internet'),
  ('00000000-0000-4000-8000-014000202608', 'office_supplies', 60000.00, pg_temp.budget_year(), 'Stationery, printing and office equipment'),
  ('00000000-0000-4000-8000-014000202609', 'missions', 100000.00, pg_temp.budget_year(), 'Support for mission projects and church plants'),
  ('00000000-0000-4000-8000-014000202610', 'special_events', 130000.00, pg_temp.budget_year(), 'Thanksgiving, camp meeting and year-end programmes'),
  ('00000000-0000-4000-8000-014000202611', 'other', 50000.00, pg_temp.budget_year(), 'Contingencies')
ON CONFLICT DO NOTHING;

-- Expenses over the past year (rolling), each against its own year's budget line (last year's when
-- older); the three newest await approval. Months named in a description are computed.
INSERT INTO public.expenses (id, budget_id, category, amount, description, expense_date, receipt_url, is_approved, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-015000000001', pg_temp.budget_line('2025-11-11', '07'), 'utilities', 11200.00, 'Kenya Power electricity bill, ' || to_char(pg_temp.rolling_day('2025-11-11'), 'FMMonth YYYY'), pg_temp.rolling_day('2025-11-11'), NULL, true, pg_temp.rolling('2025-11-11 16:00:00+03'), pg_temp.rolling('2025-11-11 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000002', pg_temp.budget_line('2025-11-25', '06'), 'building_maintenance', 150000.00, 'Church hall roofing, first phase', pg_temp.rolling_day('2025-11-25'), NULL, true, pg_temp.rolling('2025-11-25 16:00:00+03'), pg_temp.rolling('2025-11-25 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000003', pg_temp.budget_line('2025-12-06', '10'), 'special_events', 48000.00, 'Officers'' appreciation lunch and certificates', pg_temp.rolling_day('2025-12-06'), NULL, true, pg_temp.rolling('2025-12-06 16:00:00+03'), pg_temp.rolling('2025-12-06 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000004', pg_temp.budget_line('2025-12-10', '02'), 'worship_music', 22000.00, 'Music Sabbath programme printing and decorations', pg_temp.rolling_day('2025-12-10'), NULL, true, pg_temp.rolling('2025-12-10 16:00:00+03'), pg_temp.rolling('2025-12-10 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000005', pg_temp.budget_line('2025-12-15', '04'), 'children_ministry', 14500.00, 'Children''s Bible drama costumes', pg_temp.rolling_day('2025-12-15'), NULL, true, pg_temp.rolling('2025-12-15 16:00:00+03'), pg_temp.rolling('2025-12-15 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000006', pg_temp.budget_line('2026-01-12', '07'), 'utilities', 11850.00, 'Kenya Power electricity bill, ' || to_char(pg_temp.rolling_day('2026-01-12'), 'FMMonth'), pg_temp.rolling_day('2026-01-12'), NULL, true, pg_temp.rolling('2026-01-12 16:00:00+03'), pg_temp.rolling('2026-01-12 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000007', pg_temp.budget_line('2026-01-14', '07'), 'utilities', 3400.00, 'Nakuru water bill, ' || to_char(pg_temp.rolling_day('2026-01-14'), 'FMMonth'), pg_temp.rolling_day('2026-01-14'), NULL, true, pg_temp.rolling('2026-01-14 16:00:00+03'), pg_temp.rolling('2026-01-14 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000008', pg_temp.budget_line('2026-01-17', '10'), 'special_events', 42000.00, 'Fellowship lunch for the closing Sabbath of the prayer evenings', pg_temp.rolling_day('2026-01-17'), NULL, true, pg_temp.rolling('2026-01-17 16:00:00+03'), pg_temp.rolling('2026-01-17 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000009', pg_temp.budget_line('2026-01-20', '08'), 'office_supplies', 8600.00, 'Stationery and printer toner for the church office', pg_temp.rolling_day('2026-01-20'), NULL, true, pg_temp.rolling('2026-01-20 16:00:00+03'), pg_temp.rolling('2026-01-20 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000010', pg_temp.budget_line('2026-01-31', '01'), 'pastoral_care', 15000.00, 'Pastoral visitation fuel and transport, ' || to_char(pg_temp.rolling_day('2026-01-31'), 'FMMonth'), pg_temp.rolling_day('2026-01-31'), NULL, true, pg_temp.rolling('2026-01-31 16:00:00+03'), pg_temp.rolling('2026-01-31 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000011', pg_temp.budget_line('2026-02-11', '07'), 'utilities', 12400.00, 'Kenya Power electricity bill, ' || to_char(pg_temp.rolling_day('2026-02-11'), 'FMMonth'), pg_temp.rolling_day('2026-02-11'), NULL, true, pg_temp.rolling('2026-02-11 16:00:00+03'), pg_temp.rolling('2026-02-11 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000012', pg_temp.budget_line('2026-02-21', '02'), 'worship_music', 36500.00, 'Choir robes (15 pieces)', pg_temp.rolling_day('2026-02-21'), NULL, true, pg_temp.rolling('2026-02-21 16:00:00+03'), pg_temp.rolling('2026-02-21 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000013', pg_temp.budget_line('2026-03-09', '06'), 'building_maintenance', 68000.00, 'Repair of the sanctuary roof gutters', pg_temp.rolling_day('2026-03-09'), NULL, true, pg_temp.rolling('2026-03-09 16:00:00+03'), pg_temp.rolling('2026-03-09 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000014', pg_temp.budget_line('2026-03-12', '07'), 'utilities', 11900.00, 'Kenya Power electricity bill, ' || to_char(pg_temp.rolling_day('2026-03-12'), 'FMMonth'), pg_temp.rolling_day('2026-03-12'), NULL, true, pg_temp.rolling('2026-03-12 16:00:00+03'), pg_temp.rolling('2026-03-12 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000015', pg_temp.budget_line('2026-03-18', '04'), 'children_ministry', 12800.00, 'Children''s Sabbath School quarterlies for the coming quarter', pg_temp.rolling_day('2026-03-18'), NULL, true, pg_temp.rolling('2026-03-18 16:00:00+03'), pg_temp.rolling('2026-03-18 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000016', pg_temp.budget_line('2026-03-21', '03'), 'youth_ministry', 24500.00, 'Youth revival week materials and speaker transport', pg_temp.rolling_day('2026-03-21'), NULL, true, pg_temp.rolling('2026-03-21 16:00:00+03'), pg_temp.rolling('2026-03-21 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000017', pg_temp.budget_line('2026-04-22', '05'), 'outreach_evangelism', 95000.00, 'Tent hire and public address for the evangelistic campaign', pg_temp.rolling_day('2026-04-22'), NULL, true, pg_temp.rolling('2026-04-22 16:00:00+03'), pg_temp.rolling('2026-04-22 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000018', pg_temp.budget_line('2026-04-24', '05'), 'outreach_evangelism', 28000.00, 'Bible study guides and literature for the campaign', pg_temp.rolling_day('2026-04-24'), NULL, true, pg_temp.rolling('2026-04-24 16:00:00+03'), pg_temp.rolling('2026-04-24 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000019', pg_temp.budget_line('2026-05-12', '07'), 'utilities', 12600.00, 'Kenya Power electricity bill, ' || to_char(pg_temp.rolling_day('2026-05-12'), 'FMMonth'), pg_temp.rolling_day('2026-05-12'), NULL, true, pg_temp.rolling('2026-05-12 16:00:00+03'), pg_temp.rolling('2026-05-12 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000020', pg_temp.budget_line('2026-06-02', '09'), 'missions', 50000.00, 'Support for the church plant in Lanet', pg_temp.rolling_day('2026-06-02'), NULL, true, pg_temp.rolling('2026-06-02 16:00:00+03'), pg_temp.rolling('2026-06-02 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000021', pg_temp.budget_line('2026-06-30', '01'), 'pastoral_care', 15000.00, 'Pastoral visitation fuel and transport, ' || to_char(pg_temp.rolling_day('2026-06-30'), 'FMMonth'), pg_temp.rolling_day('2026-06-30'), NULL, true, pg_temp.rolling('2026-06-30 16:00:00+03'), pg_temp.rolling('2026-06-30 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000022', pg_temp.budget_line('2026-07-15', '06'), 'building_maintenance', 45500.00, 'Painting of the children''s hall', pg_temp.rolling_day('2026-07-15'), NULL, true, pg_temp.rolling('2026-07-15 16:00:00+03'), pg_temp.rolling('2026-07-15 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000023', pg_temp.budget_line('2026-07-18', '03'), 'youth_ministry', 38000.00, 'Pathfinder camping equipment', pg_temp.rolling_day('2026-07-18'), NULL, true, pg_temp.rolling('2026-07-18 16:00:00+03'), pg_temp.rolling('2026-07-18 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000024', pg_temp.budget_line('2026-08-03', '04'), 'children_ministry', 21500.00, 'Children''s Bible club craft materials and snacks', pg_temp.rolling_day('2026-08-03'), NULL, true, pg_temp.rolling('2026-08-03 16:00:00+03'), pg_temp.rolling('2026-08-03 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000025', pg_temp.budget_line('2026-08-09', '10'), 'special_events', 55000.00, 'Transport for members to the district rally', pg_temp.rolling_day('2026-08-09'), NULL, true, pg_temp.rolling('2026-08-09 16:00:00+03'), pg_temp.rolling('2026-08-09 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000026', pg_temp.budget_line('2026-08-11', '07'), 'utilities', 13100.00, 'Kenya Power electricity bill, ' || to_char(pg_temp.rolling_day('2026-08-11'), 'FMMonth'), pg_temp.rolling_day('2026-08-11'), NULL, true, pg_temp.rolling('2026-08-11 16:00:00+03'), pg_temp.rolling('2026-08-11 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000027', pg_temp.budget_line('2026-09-05', '02'), 'worship_music', 27800.00, 'Repair of the keyboard and two wireless microphones', pg_temp.rolling_day('2026-09-05'), NULL, true, pg_temp.rolling('2026-09-05 16:00:00+03'), pg_temp.rolling('2026-09-05 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000028', pg_temp.budget_line('2026-09-23', '08'), 'office_supplies', 6200.00, 'Membership cards and certificates printing', pg_temp.rolling_day('2026-09-23'), NULL, true, pg_temp.rolling('2026-09-23 16:00:00+03'), pg_temp.rolling('2026-09-23 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000029', pg_temp.budget_line('2026-10-05', '07'), 'utilities', 4800.00, 'Internet for live-streaming, ' || to_char(pg_temp.rolling_day('2026-10-05'), 'FMMonth'), pg_temp.rolling_day('2026-10-05'), NULL, true, pg_temp.rolling('2026-10-05 16:00:00+03'), pg_temp.rolling('2026-10-05 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000030', pg_temp.budget_line('2026-10-20', '06'), 'building_maintenance', 32000.00, 'Plumbing repairs in the fellowship hall washrooms', pg_temp.rolling_day('2026-10-20'), NULL, true, pg_temp.rolling('2026-10-20 16:00:00+03'), pg_temp.rolling('2026-10-20 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000031', pg_temp.budget_line('2026-10-28', '01'), 'pastoral_care', 12000.00, 'Hospital visitation and welfare support', pg_temp.rolling_day('2026-10-28'), NULL, true, pg_temp.rolling('2026-10-28 16:00:00+03'), pg_temp.rolling('2026-10-28 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000032', pg_temp.budget_line('2026-11-10', '07'), 'utilities', 12950.00, 'Kenya Power electricity bill, ' || to_char(pg_temp.rolling_day('2026-11-10'), 'FMMonth'), pg_temp.rolling_day('2026-11-10'), NULL, true, pg_temp.rolling('2026-11-10 16:00:00+03'), pg_temp.rolling('2026-11-10 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000033', pg_temp.budget_line('2026-11-18', '10'), 'special_events', 38000.00, 'Refreshments for the Friday evening vespers (deposit to caterer)', pg_temp.rolling_day('2026-11-18'), NULL, false, pg_temp.rolling('2026-11-18 16:00:00+03'), pg_temp.rolling('2026-11-18 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000034', pg_temp.budget_line('2026-11-19', '03'), 'youth_ministry', 17500.00, 'AY programme guest speaker honorarium and transport', pg_temp.rolling_day('2026-11-19'), NULL, false, pg_temp.rolling('2026-11-19 16:00:00+03'), pg_temp.rolling('2026-11-19 16:00:00+03')),
  ('00000000-0000-4000-8000-015000000035', pg_temp.budget_line('2026-11-20', '11'), 'other', 9500.00, 'Replacement of lost church gate keys and locks', pg_temp.rolling_day('2026-11-20'), NULL, false, pg_temp.rolling('2026-11-20 16:00:00+03'), pg_temp.rolling('2026-11-20 16:00:00+03'))
ON CONFLICT DO NOTHING;

-- Messages: one or more per Communication Hub category, in every status, from the past weeks
-- (rolling). Dates and months in the texts and the attachments' paths are computed.
INSERT INTO public.messages (id, subject, message, sender_name, sender_email, sender_phone, recipient_name, recipient_role, recipient_email, department, submission_type, attachments, status, source, priority, read_at, email_sent_at, email_error, email_simulated, completed_at, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-016000000001', 'Hospital visit for my mother', 'My mother, Mrs. Jane Wambui, was admitted to the county referral hospital on Wednesday after a fall. She would be greatly encouraged by a visit and prayer.

--- VISITATION DETAILS ---
Type: hospital
Preferred Date: ' || to_char(pg_temp.rolling_day('2026-11-24'), 'YYYY-MM-DD') || '
Preferred Time: afternoon (12PM-5PM)
Address: County Referral Hospital, Ward 6', 'Beatrice Wambui', 'beatrice.wambui@example.org', '+254700400101', 'Pastoral Care Team', 'Pastoral Care', 'visitation@example.org', 'Pastoral Care', 'Visitation Request', '[]'::jsonb, 'pending', 'website', 'normal', NULL, NULL, NULL, false, NULL, pg_temp.rolling('2026-11-21 19:12:00+03'), pg_temp.rolling('2026-11-21 19:12:00+03')),
  ('00000000-0000-4000-8000-016000000002', 'Request for premarital counselling', 'My fiancée and I plan to wed in ' || to_char(pg_temp.rolling_day('2027-04-10'), 'FMMonth YYYY') || ' and would like to begin premarital counselling.

--- COUNSELING DETAILS ---
Type: marriage
Urgency: normal (within a week)
Preferred Counselor: senior-pastor
Preferred Contact: email', 'Kelvin Mwita', 'kelvin.mwita@example.org', '+254700400102', 'Pastor', 'Senior Pastor', 'pastor@example.org', 'Pastoral', 'Counseling Request', '[]'::jsonb, 'read', 'website', 'normal', pg_temp.rolling('2026-11-16 12:30:00+03'), NULL, NULL, false, NULL, pg_temp.rolling('2026-11-16 08:45:00+03'), pg_temp.rolling('2026-11-16 08:45:00+03')),
  ('00000000-0000-4000-8000-016000000003', 'Youth Ministry report for ' || to_char((date_trunc('month', pg_temp.rolling_day('2026-11-03')::timestamp) - interval '1 month'), 'FMMonth YYYY'), 'Please find attached the youth ministry report for ' || to_char((date_trunc('month', pg_temp.rolling_day('2026-11-03')::timestamp) - interval '1 month'), 'FMMonth') || ': attendance, the AY programmes and the youth camp budget.

Report Type: monthly
Report Period: ' || to_char((date_trunc('month', pg_temp.rolling_day('2026-11-03')::timestamp) - interval '1 month'), 'FMMonth YYYY'), 'Brian Ochieng', 'brian.ochieng@example.org', '+254700100113', 'Church Secretary', 'Church Secretary', 'secretary@example.org', 'youth', 'Department Report', jsonb_build_array(pg_temp.attachment('reports', 'k3j9x2', 'youth-report-' || lower(to_char((date_trunc('month', pg_temp.rolling_day('2026-11-03')::timestamp) - interval '1 month'), 'FMMonth-YYYY')) || '.pdf', 482133, 'application/pdf', pg_temp.rolling('2026-11-03 17:20:00+03'))), 'completed', 'website', 'normal', pg_temp.rolling('2026-11-04 09:00:00+03'), NULL, NULL, false, pg_temp.rolling('2026-11-04 09:05:00+03'), pg_temp.rolling('2026-11-03 17:20:00+03'), pg_temp.rolling('2026-11-03 17:20:00+03')),
  ('00000000-0000-4000-8000-016000000004', 'Proposal: Youth Sports and Health Day', 'We propose a sports and health day for the youth and the neighbourhood, with a health talk, screening and football and netball matches.

--- EVENT DETAILS ---
Event Title: Youth Sports and Health Day
Proposed Date: ' || to_char(pg_temp.rolling_day('2027-02-07'), 'YYYY-MM-DD') || '
Proposed Time: 9:00 AM
Location: Church Grounds
Estimated Budget: KES 45,000
Expected Attendees: 150', 'Agnes Chepkoech', 'agnes.chepkoech@example.org', '+254700200004', 'Events Committee', 'Events', 'events@example.org', 'youth', 'Event Proposal', '[]'::jsonb, 'pending', 'website', 'normal', NULL, NULL, NULL, false, NULL, pg_temp.rolling('2026-11-18 21:05:00+03'), pg_temp.rolling('2026-11-18 21:05:00+03')),
  ('00000000-0000-4000-8000-016000000005', 'Leaking roof above the fellowship hall kitchen', 'Rain water is leaking through the roof above the kitchen and onto the electrical sockets. The kitchen has been closed until it is repaired.

--- MAINTENANCE DETAILS ---
Location: kitchen
Priority: urgent', 'Simon Cheruiyot', 'simon.cheruiyot@example.org', '+254700100111', 'Facilities Team', 'Facilities', 'facilities@example.org', 'deacons', 'Maintenance Request', jsonb_build_array(pg_temp.attachment('maintenance', 'p8d2w1', 'kitchen-roof-leak.jpg', 1843221, 'image/jpeg', pg_temp.rolling('2026-11-20 07:50:00+03'))), 'pending', 'website', 'urgent', NULL, NULL, NULL, false, NULL, pg_temp.rolling('2026-11-20 07:50:00+03'), pg_temp.rolling('2026-11-20 07:50:00+03')),
  ('00000000-0000-4000-8000-016000000006', 'Service times for visitors', 'I am moving to town next month. What time does the Sabbath service start, and is there a class for visitors?', 'Lydia Chebet', 'lydia.chebet@example.org', NULL, 'Church Leadership', 'Administrative Team', 'clerk@example.org', NULL, 'General Request', '[]'::jsonb, 'sent', 'website', 'normal', pg_temp.rolling('2026-11-09 11:00:00+03'), pg_temp.rolling('2026-11-09 11:32:00+03'), NULL, true, NULL, pg_temp.rolling('2026-11-09 10:14:00+03'), pg_temp.rolling('2026-11-09 10:14:00+03')),
  ('00000000-0000-4000-8000-016000000007', 'Thank you for the visit', 'Thank you, Elder, for visiting and praying with us last week. My leg is healing well and I hope to be in church soon.', 'Samuel Mutua', 'samuel.mutua@example.org', '+254700200005', 'Elder Joseph Otieno', 'First Elder', 'joseph.otieno@example.org', NULL, NULL, '[]'::jsonb, 'read', 'website', 'normal', pg_temp.rolling('2026-10-31 07:15:00+03'), NULL, NULL, false, NULL, pg_temp.rolling('2026-10-30 18:40:00+03'), pg_temp.rolling('2026-10-30 18:40:00+03')),
  ('00000000-0000-4000-8000-016000000008', 'Urgent: need to talk to a pastor', 'I am going through a very difficult time at home and need to speak to a pastor today.

--- COUNSELING DETAILS ---
Type: family
Urgency: emergency (same day)
Preferred Counselor: female-counselor
Preferred Contact: phone', 'Anonymous', NULL, NULL, 'Pastor', 'Senior Pastor', 'pastor@example.org', 'Pastoral', 'Counseling Request', '[]'::jsonb, 'pending', 'website', 'urgent', NULL, NULL, NULL, false, NULL, pg_temp.rolling('2026-11-21 22:40:00+03'), pg_temp.rolling('2026-11-21 22:40:00+03')),
  ('00000000-0000-4000-8000-016000000009', 'Wedding booking enquiry (phone call)', 'Called the office to ask about booking the sanctuary for a wedding on ' || to_char(pg_temp.rolling_day('2027-04-17'), 'FMDD FMMonth YYYY') || '. Clerk to confirm availability with the church board.', 'Esther Wairimu', 'esther.wairimu@example.org', '+254700400109', 'Church Secretary', 'Church Secretary', 'secretary@example.org', NULL, 'General Request', '[]'::jsonb, 'completed', 'admin', 'low', NULL, NULL, NULL, false, pg_temp.rolling('2026-10-22 15:00:00+03'), pg_temp.rolling('2026-10-21 10:00:00+03'), pg_temp.rolling('2026-10-21 10:00:00+03')),
  ('00000000-0000-4000-8000-016000000010', 'Request for baptismal class materials', 'Could I get the lessons for the baptismal class by e-mail? I missed the first two sessions.', 'Naomi Atieno', 'naomi.atieno@example.org', '+254700200012', 'Church Leadership', 'Administrative Team', 'clerk@example.org', NULL, 'General Request', '[]'::jsonb, 'failed', 'website', 'normal', pg_temp.rolling('2026-11-13 08:00:00+03'), NULL, 'Mailbox unavailable: naomi.atieno@example.org', false, NULL, pg_temp.rolling('2026-11-12 20:30:00+03'), pg_temp.rolling('2026-11-12 20:30:00+03'))
ON CONFLICT DO NOTHING;
-- The visitor's question about service times was answered by e-mail from the back office
-- (replied_at, when the reply was sent: the Communication Hub's average response time counts it).
UPDATE public.messages SET replied_at = email_sent_at
 WHERE id = '00000000-0000-4000-8000-016000000006' AND replied_at IS NULL;

-- Message templates (placeholders {name}, {date}, {event_name}).
INSERT INTO public.message_templates (id, name, type, category, content) VALUES
  ('00000000-0000-4000-8000-017000000001', 'Payment Confirmation', 'sms', 'payment', 'Dear {name}, thank you for your faithful giving received on {date}. May God bless you abundantly.'),
  ('00000000-0000-4000-8000-017000000002', 'Event Reminder', 'sms', 'event', 'Hello {name}, this is a reminder of {event_name} on {date}. We look forward to seeing you!'),
  ('00000000-0000-4000-8000-017000000003', 'Birthday Wishes', 'sms', 'birthday', 'Happy birthday, {name}! Your church family thanks God for you. The LORD bless thee, and keep thee (Numbers 6:24).'),
  ('00000000-0000-4000-8000-017000000004', 'Attendance Follow-up', 'sms', 'attendance', 'Dear {name}, we missed you in church on {date}. We are praying for you. Call the church office if you need anything.'),
  ('00000000-0000-4000-8000-017000000005', 'Event Invitation', 'email', 'event', 'Dear {name},

You are warmly invited to {event_name} on {date}. Come with your family and friends.

Blessings,
The Church Office'),
  ('00000000-0000-4000-8000-017000000006', 'Welcome New Member', 'email', 'general', 'Dear {name},

Welcome to our church family! We are glad you joined us on {date}. The clerk will contact you about Sabbath School classes and ministries you may join.

In Christ,
The Pastoral Team')
ON CONFLICT DO NOTHING;

-- Prayer requests in every status, from the past months (rolling); one anonymous. None is assigned
-- (the seed creates no staff accounts).
INSERT INTO public.prayer_requests (id, title, description, urgency, status, privacy_level, submitter_name, submitter_email, submitter_phone, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-018000000001', 'Prayer Request - health', 'Please pray for my father who is undergoing surgery at the county hospital on Tuesday.', 'high', 'open', 'public', 'Beatrice Wambui', 'beatrice.wambui@example.org', '+254700400101', pg_temp.rolling('2026-11-21 19:20:00+03'), pg_temp.rolling('2026-11-21 19:20:00+03')),
  ('00000000-0000-4000-8000-018000000002', 'Job interview on Monday', 'I have a job interview on Monday after eight months without work. Please pray for God''s will to be done.', 'normal', 'open', 'private', 'Dennis Kiprop', 'dennis.kiprop@example.org', '+254700200009', pg_temp.rolling('2026-11-20 22:05:00+03'), pg_temp.rolling('2026-11-20 22:05:00+03')),
  ('00000000-0000-4000-8000-018000000003', 'Prayer Request - family', 'Pray for reconciliation in our family.', 'urgent', 'open', 'leadership_only', NULL, NULL, NULL, pg_temp.rolling('2026-11-21 22:15:00+03'), pg_temp.rolling('2026-11-21 22:15:00+03')),
  ('00000000-0000-4000-8000-018000000004', 'Exams for our candidates', 'Please pray for the students preparing for the national secondary school examinations.', 'normal', 'in_progress', 'public', 'Teresa Mutiso', 'teresa.mutiso@example.org', '+254700100125', pg_temp.rolling('2026-11-02 09:30:00+03'), pg_temp.rolling('2026-11-02 09:30:00+03')),
  ('00000000-0000-4000-8000-018000000005', 'Safe delivery', 'Thank God with us: our daughter was born safely last week after a difficult pregnancy.', 'normal', 'answered', 'public', 'Wycliffe Omondi', 'wycliffe.omondi@example.org', '+254700200003', pg_temp.rolling('2026-10-05 14:10:00+03'), pg_temp.rolling('2026-10-05 14:10:00+03')),
  ('00000000-0000-4000-8000-018000000006', 'Prayer Request - financial', 'Pray for God''s provision for school fees for next term.', 'high', 'answered', 'private', 'Peter Njuguna', 'peter.njuguna@example.org', '+254700200007', pg_temp.rolling('2026-09-14 08:00:00+03'), pg_temp.rolling('2026-09-14 08:00:00+03')),
  ('00000000-0000-4000-8000-018000000007', 'Rain for our farm', 'Please pray for rain for our farm in Subukia.', 'low', 'closed', 'public', 'Grace Moraa', 'grace.moraa@example.org', '+254700200010', pg_temp.rolling('2026-08-20 16:40:00+03'), pg_temp.rolling('2026-08-20 16:40:00+03'))
ON CONFLICT DO NOTHING;

-- System entries of the activity log (admin_id NULL: done by the server, not by a person), of the
-- last days (rolling).
INSERT INTO public.admin_activity_logs (id, action, details, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-019000000001', 'backup_created', '{"kind": "scheduled", "frequency": "daily", "size_bytes": 13008896}'::jsonb, pg_temp.rolling('2026-11-20 02:00:05+03'), pg_temp.rolling('2026-11-20 02:00:05+03')),
  ('00000000-0000-4000-8000-019000000002', 'system_maintenance', '{"task": "payment reconciliation", "rows_checked": 1, "marked_timeout": 1}'::jsonb, pg_temp.rolling('2026-11-20 12:45:00+03'), pg_temp.rolling('2026-11-20 12:45:00+03')),
  ('00000000-0000-4000-8000-019000000003', 'backup_created', '{"kind": "scheduled", "frequency": "daily", "size_bytes": 12976128}'::jsonb, pg_temp.rolling('2026-11-21 02:00:04+03'), pg_temp.rolling('2026-11-21 02:00:04+03'))
ON CONFLICT DO NOTHING;

-- The online gifts above came from the two demo-mode payments: linked to them, and like every
-- demo payment's gift (migration 0015) shown as demo and left out of financial totals; a demo
-- gift has no receipt number (migration 0018), so the one it got as a verified gift is taken back.
UPDATE public.giving_records g
   SET payment_id = p.id, is_simulated = p.is_simulated,
       receipt_no = CASE WHEN p.is_simulated THEN NULL ELSE g.receipt_no END
  FROM public.payment_logs p
 WHERE g.transaction_id = p.transaction_id AND g.payment_id IS NULL;

-- The date helpers are this file's own.
DROP FUNCTION pg_temp.attachment, pg_temp.epoch_ms, pg_temp.sw_days, pg_temp.sw_day,
  pg_temp.en_days, pg_temp.en_day, pg_temp.budget_line, pg_temp.budget_year, pg_temp.yearly,
  pg_temp.yearly_day, pg_temp.yearly_shift, pg_temp.rolling, pg_temp.rolling_day,
  pg_temp.rolling_shift, pg_temp.demo_today;
