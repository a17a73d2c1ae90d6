#!/bin/bash
# Front-door smoke check (docs/deploy.md): three instances on ports 5001-5003 behind
# deploy/nginx.conf on :8080, one fresh database on the local PostgreSQL, NATS at 127.0.0.1:4222.
# Needs nginx (Debian package nginx-light). Prints readiness, stream frames seen through the
# proxy, and how the books are spread over the instances; cleans up after itself.
cd "$(dirname "$0")/.."
DB=meridian_smoke_$$
psql -h 127.0.0.1 -U postgres -qc "create database $DB"
PIDS=()
for n in 1 2 3; do
  NODE_ENV=production PORT=500$n HOST=127.0.0.1 PUBLIC_URL=http://localhost:8080 DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB \
  NATS_URL=nats://127.0.0.1:4222 INSTANCE_NAME=$(echo abc | cut -c$n) DEMO_MODE=true LIQUIDITY_PROVIDER=true LOG_LEVEL=warn \
  BETTER_AUTH_SECRET=smoke-secret-smoke-secret-smoke-secret TRUST_PROXY=true \
  node --import tsx apps/server/src/main.ts > /tmp/meridian-smoke-smoke-$n.log 2>&1 &
  PIDS+=($!)
done
nginx -c "$PWD/deploy/nginx.conf" -g "pid /tmp/meridian-smoke-nginx.pid; error_log /tmp/meridian-smoke-nginx-err.log;"
for i in $(seq 1 240); do
  ok=0; for n in 1 2 3; do curl -sf localhost:500$n/api/ready >/dev/null && ok=$((ok+1)); done
  [ $ok = 3 ] && break; sleep 1
done
echo "ready: $ok instances after ${i}s"
node --input-type=module -e "
import WebSocket from 'ws';
const base='http://127.0.0.1:8080', origin='http://localhost:8080';
const signIn = async (email) => { const r = await fetch(base+'/api/auth/sign-in/email',{method:'POST',headers:{'content-type':'application/json',origin},body:JSON.stringify({email,password:'meridian-demo'})}); return r.headers.getSetCookie().map(c=>c.split(';')[0]).join('; '); };
const cookie = await signIn('investor@meridian.test');
const ws = new WebSocket('ws://127.0.0.1:8080/api/stream',{headers:{cookie,origin}});
const frames=[]; ws.on('message',d=>frames.push(JSON.parse(d.toString())));
await new Promise((res,rej)=>{ws.once('open',res);ws.once('error',rej)});
const md = await (await fetch(base+'/api/market-data',{headers:{cookie}})).json();
console.log('market-data instruments via proxy:', md.length);
await new Promise(r=>setTimeout(r,12000));
const types = {}; for (const f of frames) types[f.type]=(types[f.type]??0)+1;
const seqOk = frames.filter(f=>f.seq!==undefined).length;
console.log('stream frames through the proxy in 12 s:', JSON.stringify(types), 'with seq:', seqOk);
ws.close();
"
psql -h 127.0.0.1 -U postgres -d $DB -Atc "select owner_prefix, count(*) from (select split_part(owner,'-',1) as owner_prefix from instrument_leases where expires_at > now()) x group by 1 order by 1"
psql -h 127.0.0.1 -U postgres -d $DB -Atc "select count(*) as lp_open_orders from orders where status='open'"
echo "liquidity provider lock holders: $(psql -h 127.0.0.1 -U postgres -d $DB -Atc "select count(*) from pg_locks where locktype = 'advisory' and objid = 1297219586 and database = (select oid from pg_database where datname = current_database())")"
kill $(cat /tmp/meridian-smoke-nginx.pid)
for p in "${PIDS[@]}"; do kill $p; done
wait
psql -h 127.0.0.1 -U postgres -qc "drop database $DB with (force)"
