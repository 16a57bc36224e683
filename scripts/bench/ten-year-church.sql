-- Ten years of a 2,000-member church, for the benchmarks (scripts/bench-finance.sh,
-- scripts/bench-backups.sh): 2,000 members in 12 ministries, about 150,000 gifts, budgets and
-- 2,400 expenses, 520 Sabbaths, 30,000 messages, 100 sends of 2,000 texts and 1,000 e-mails.
-- Every member gives about weekly for ten years (tithe most, then offerings and the rest); one
-- gift in eight is anonymous, one in twenty is still unverified.
  INSERT INTO public.members (membership_number, first_name, last_name, is_active, date_of_birth,
                              created_at)
  SELECT 'F-' || lpad(i::text, 5, '0'),
         (ARRAY['Grace','Peter','Mary','John','Achieng','Kamau','Wanjiru','Otieno','Ruth','James'])[1 + i % 10],
         (ARRAY['Wanjiru','Otieno','Ochieng','Kamau','Achieng','Mwangi','Njeri','Odhiambo','Kiprop','Chebet'])[1 + (i / 10) % 10] || i,
         i % 17 <> 0, make_date(1940 + i % 80, 1 + i % 12, 1 + i % 28),
         now() - make_interval(days => i % 3650)
  FROM generate_series(1, 2000) AS i;
  INSERT INTO public.ministries (name, category)
  SELECT 'Bench Ministry ' || k, 'support' FROM generate_series(1, 12) AS k;
  INSERT INTO public.member_ministries (member_id, ministry_id)
  SELECT m.id, mi.id FROM public.members m
    JOIN public.ministries mi ON mi.name = 'Bench Ministry ' || (1 + abs(hashtext(m.id::text)) % 12);
  INSERT INTO public.attendance_aggregates (attendance_date, sabbath_school_count,
    divine_children_count, divine_youth_count, divine_adults_count)
  SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date - 7 * w - extract(dow FROM now())::int - 1,
         300 + w % 97, 80 + w % 31, 120 + w % 43, 600 + w % 211
  FROM generate_series(0, 519) AS w
  ON CONFLICT (attendance_date) DO NOTHING;
  INSERT INTO public.messages (subject, message, sender_name, source, status, created_at, replied_at)
  SELECT 'Bench message ' || i, 'Please pray for us.', 'Sender ' || i,
         (ARRAY['website','website','admin'])[1 + i % 3],
         (ARRAY['pending','sent','read','completed','failed'])[1 + i % 5],
         now() - make_interval(days => i % 3650),
         CASE WHEN i % 3 = 0 THEN now() - make_interval(days => i % 3650) + interval '3 hours' END
  FROM generate_series(1, 30000) AS i;
  INSERT INTO kanisa.broadcasts (channels, audience, audience_label, body, created_at)
  SELECT ARRAY['sms','email'], '{"group": "all"}', 'All members', 'Bench send ' || b,
         now() - make_interval(days => b * 36)
  FROM generate_series(1, 100) AS b;
  INSERT INTO kanisa.sms_deliveries (purpose, broadcast_id, phone, body, status, created_at)
  SELECT 'message', b.id, '+2547' || lpad(n::text, 8, '0'), b.body,
         (ARRAY['sent','delivered','delivered','failed','simulated'])[1 + n % 5], b.created_at
  FROM kanisa.broadcasts b, generate_series(1, 2000) AS n;
  INSERT INTO kanisa.email_deliveries (broadcast_id, recipient_name, email, subject, body, status,
                                       created_at)
  SELECT b.id, 'Member ' || n, 'member' || n || '@bench.test', 'Bench', b.body,
         (ARRAY['sent','sent','failed','simulated'])[1 + n % 4], b.created_at
  FROM kanisa.broadcasts b, generate_series(1, 1000) AS n;
  CREATE TEMP TABLE givers AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM public.members;
  INSERT INTO public.giving_records (member_id, amount, giving_type, payment_method, giving_date, is_verified)
  SELECT CASE WHEN i % 8 = 0 THEN NULL ELSE (SELECT id FROM givers WHERE n = 1 + i % 2000) END,
         50 + (i * 37) % 4950,
         (ARRAY['tithe','tithe','tithe','offering','offering','special_project','building_fund','missions'])[1 + i % 8],
         (ARRAY['mpesa','mpesa','cash','bank_transfer','check'])[1 + i % 5],
         (now() AT TIME ZONE 'Africa/Nairobi')::date - (i % 3650),
         i % 20 <> 0
  FROM generate_series(1, 150000) AS i;
  INSERT INTO public.budgets (category, allocated_amount, year)
  SELECT c, 50000 + length(c) * 1000, y
  FROM unnest(ARRAY['pastoral_care','worship_music','youth_ministry','children_ministry',
                    'outreach_evangelism','building_maintenance','utilities','office_supplies',
                    'missions','special_events','other']) AS c,
       generate_series(2020, 2030) AS y
  ON CONFLICT (year, category) DO NOTHING;
  INSERT INTO public.expenses (budget_id, category, amount, description, expense_date, is_approved)
  SELECT b.id, b.category, 500 + (i * 13) % 5000, 'bench expense ' || i,
         make_date(b.year, 1 + i % 12, 1 + i % 28), i % 3 <> 0
  FROM generate_series(1, 2400) AS i
  JOIN LATERAL (SELECT id, category, year FROM public.budgets
                 ORDER BY id OFFSET i % 121 LIMIT 1) b ON true;
VACUUM ANALYZE public.members, public.giving_records, public.budgets, public.expenses,
  public.member_ministries, public.attendance_aggregates, public.messages, kanisa.sms_deliveries,
  kanisa.email_deliveries;
