-- wrk script for scripts/bench-members.sh: the back office's member search as staff type it —
-- a page of 25 with the exact total, over name, membership number, e-mail and phone — each
-- request searching for another term. Prints a BENCH line with p50, p95 and p99.
local terms = { "wanjiru", "otieno", "M-01", "gmail", "0712", "grace", "kam", "ach", "M-4", "peter", "ochieng", "72" }
local n = 0
request = function()
  n = n + 1
  local t = terms[(n % #terms) + 1]
  local q = string.format('"*%s*"', t)
  local filter = string.format(
    "or=(first_name.ilike.%s,last_name.ilike.%s,full_name.ilike.%s,membership_number.ilike.%s,email.ilike.%s,phone.ilike.%s)",
    q, q, q, q, q, q)
  local path = "/rest/v1/members?select=id,membership_number,first_name,last_name,phone,email,is_active&" ..
    filter:gsub('"', "%%22"):gsub(" ", "%%20") .. "&order=last_name.asc,first_name.asc,id.asc&limit=25&offset=0"
  return wrk.format("GET", path)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d duration_us=%d p50_us=%d p95_us=%d p99_us=%d status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
