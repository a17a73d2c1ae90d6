-- wrk script of bench:orders: the order stream of orders-workload.mjs (limit orders around
-- 100.00, buys 99.50..100.05, sells 99.95..100.50, 1..10 units), each connection cycling
-- through the traders' session cookies. Reads the market from the JSON file named by
-- BENCH_MARKET ({ instrumentId, origin, cookies }); prints the status counts at the end.
-- bench:cluster adds `instrumentIds`: orders spread over several books, 40% of them on the first,
-- and `route`: follow the owner hint (decision 0085): remember the `meridian-owner` answer header
-- per book and send it back as `meridian-route`, which the proxy routes by.
local file = assert(io.open(os.getenv('BENCH_MARKET')))
local market = file:read('*a')
file:close()
local instrument = market:match('"instrumentId"%s*:%s*"([^"]+)"')
local instruments = {}
local list = market:match('"instrumentIds"%s*:%s*%[(.-)%]')
if list then for id in list:gmatch('"([^"]+)"') do instruments[#instruments + 1] = id end end
local origin = market:match('"origin"%s*:%s*"([^"]+)"')
local route = market:match('"route"%s*:%s*true') ~= nil
local owners = {}
local cookies = {}
for cookie in market:match('"cookies"%s*:%s*%[(.-)%]'):gmatch('"([^"]+)"') do cookies[#cookies + 1] = cookie end

local threads = {}
function setup(thread)
  thread:set('seed', #threads + 1)
  threads[#threads + 1] = thread
end

statuses = {}
sent = 0
function init()
  math.randomseed(1000 + seed)
end

function request()
  sent = sent + 1
  local buy = math.random() < 0.5
  local offset = math.random(0, 55)
  local cents = buy and (9950 + offset) or (10050 - offset)
  if #instruments > 1 then
    instrument = math.random() < 0.4 and instruments[1] or instruments[math.random(2, #instruments)]
  end
  local body = string.format('{"instrumentId":"%s","orderType":"%s","type":"limit","quantity":%d,"price":"%d.%02d"}',
    instrument, buy and 'buy' or 'sell', math.random(1, 10), math.floor(cents / 100), cents % 100)
  local headers = { ['content-type'] = 'application/json', origin = origin, cookie = cookies[(sent % #cookies) + 1] }
  if route and owners[instrument] then headers['meridian-route'] = owners[instrument] end
  return wrk.format('POST', '/api/orders', headers, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if route and status == 201 then
    local id = body:match('"instrumentId"%s*:%s*"([^"]+)"')
    if id then owners[id] = headers['meridian-owner'] end
  end
end

function done(summary, latency)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get('statuses')) do counts[status] = (counts[status] or 0) + n end
  end
  local parts = {}
  for status, n in pairs(counts) do parts[#parts + 1] = string.format('"%d":%d', status, n) end
  io.write(string.format('BENCH {"requests":%d,"seconds":%.6f,"p50":%.3f,"p99":%.3f,"errors":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, table.concat(parts, ',')))
end
