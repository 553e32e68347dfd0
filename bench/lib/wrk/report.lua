-- Prints wrk's summary as one JSON line (read by bench/lib/wrk.ts).
-- With WRK_BODIES=<file> in the environment, every request POSTs the next line of the
-- file (one JSON body a line), in turn, starting over when all were sent.
local bodies = nil
local sent = 0
local headers = { ["content-type"] = "application/json" }

function init(args)
  local file = os.getenv("WRK_BODIES")
  if file then
    bodies = {}
    for line in io.lines(file) do
      if #line > 0 then bodies[#bodies + 1] = line end
    end
  end
end

function request()
  if not bodies then return wrk.request() end
  sent = sent + 1
  -- Once every body was sent, they are sent again: a repeated token records nothing (and a
  -- body wrk built for a connection it then reopened is sent after all). The plays recorded
  -- are counted on the server, so repeats do not inflate the rate.
  return wrk.format("POST", nil, headers, bodies[((sent - 1) % #bodies) + 1])
end

function done(summary, latency, requests)
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"non2xx":%d,"errors":%d,"timeouts":%d,"latencyP50Us":%d,"latencyP99Us":%d}\n',
    summary.requests, summary.duration, summary.bytes, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write, summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
