-- wrk script for scripts/bench-submissions.sh: anonymous request submissions, each from its own
-- client address (X-Forwarded-For through the trusted loopback proxy), as many visitors on
-- many phones would send them — so the per-address abuse limit measures its cost without
-- refusing the load. Prints the same BENCH line as wrk.lua.
wrk.method = "POST"
wrk.body = os.getenv("BENCH_BODY")
request = function()
  local address = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255),
    math.random(1, 254))
  return wrk.format(nil, nil, { ["X-Forwarded-For"] = address })
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d duration_us=%d p50_us=%d p99_us=%d status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
