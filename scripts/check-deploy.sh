#!/usr/bin/env bash
# The container image's steps without a container runtime: the Dockerfile's two stages run as plain commands in
# fresh folders, then the runtime folder's server starts with the compose file's environment against a fresh
# PostgreSQL database and must answer /healthz and a sign-in. Needs the npm registry (or a warm npm cache) and
# PostgreSQL (CHECK_DEPLOY_PG, default postgres://postgres@127.0.0.1:5432). Takes about a minute or two.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
pg="${CHECK_DEPLOY_PG:-postgres://postgres@127.0.0.1:5432}"
work="$(mktemp -d "${TMPDIR:-/tmp}/pqe-deploy-XXXXXX")"
db="pqe_deploy_$$_$RANDOM"
server_pid=""
npm_flags=(--prefer-offline --no-audit --no-fund --loglevel=error)
started=$SECONDS
# The image's build stage sets no NODE_ENV (a test runner's NODE_ENV=test must not change the build).
unset NODE_ENV

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  psql "$pg/postgres" -qAtc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

step() { printf 'check-deploy: %s (%ss)\n' "$1" "$((SECONDS - started))"; }

# The build context: the checkout's files (tracked and new, not ignored), less what .dockerignore leaves out.
step "copying the build context to $work/build"
mkdir -p "$work/build" "$work/runtime"
(cd "$root" && git ls-files -co --exclude-standard -z) \
  | grep -zv -e '^\.ci/' -e '^deploy/' -e '^Dockerfile$' -e '^\.dockerignore$' \
  | (cd "$root" && tar --null -T - -cf -) \
  | tar -C "$work/build" -xf -

step "build stage: npm ci"
(cd "$work/build" && npm ci "${npm_flags[@]}")
step "build stage: npm run build"
(cd "$work/build" && npm run build --silent >/dev/null)

step "runtime stage: npm ci --omit=dev with dist/ only"
cp "$work/build/package.json" "$work/build/package-lock.json" "$work/runtime/"
(cd "$work/runtime" && npm ci --omit=dev "${npm_flags[@]}")
cp -R "$work/build/dist" "$work/runtime/dist"
rm -rf "$work/build"
for dev_only in vite vitest typescript tsx esbuild; do
  if [ -e "$work/runtime/node_modules/$dev_only" ]; then
    echo "check-deploy: the runtime has the development package $dev_only" >&2
    exit 1
  fi
done

step "fresh PostgreSQL database $db"
psql "$pg/postgres" -qAtc "create database $db" >/dev/null

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
step "starting node dist/server/main.js on port $port with the compose environment"
(
  cd "$work/runtime"
  # The compose file's environment (deploy/compose.yaml); the demo users stand in for the first administrator.
  exec env -i PATH="$PATH" NODE_ENV=production HOST=127.0.0.1 PORT="$port" \
    DATABASE_URL="$pg/$db" \
    SESSION_SECRET="check-deploy-session-secret-of-at-least-32-chars" \
    PUBLIC_URL="http://127.0.0.1:$port" TRUST_PROXY=1 SEED_DEMO=true LOG_LEVEL=warn \
    node dist/server/main.js
) >"$work/server.log" 2>&1 &
server_pid=$!

for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "check-deploy: the server exited:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.2
done

health="$(curl -fsS "http://127.0.0.1:$port/healthz")"
[ "$health" = '{"status":"ok"}' ] || { echo "check-deploy: /healthz answered $health" >&2; cat "$work/server.log" >&2; exit 1; }
step "/healthz answered $health"

status="$(curl -sS -o "$work/login.json" -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/auth/login" \
  -H 'content-type: application/json' -H "origin: http://127.0.0.1:$port" \
  -d '{"email":"underwriter@example.com","password":"Underwriter-Demo-2026"}')"
[ "$status" = 200 ] || { echo "check-deploy: sign-in answered $status: $(cat "$work/login.json")" >&2; cat "$work/server.log" >&2; exit 1; }
step "sign-in answered 200"

index="$(curl -fsS "http://127.0.0.1:$port/")"
case "$index" in *'<div id="root">'*|*'id="root"'*) ;; *) echo "check-deploy: / did not serve the web app" >&2; exit 1 ;; esac
step "the web app is served"

# The build's brotli copy of the main script reaches the runtime stage and is sent to a client that accepts it.
script="$(printf '%s' "$index" | grep -o '/assets/[^"]*\.js' | head -n 1)"
encoding="$(curl -fsS -o /dev/null -D - -H 'accept-encoding: br' "http://127.0.0.1:$port$script" | tr -d '\r' | awk -F': ' 'tolower($1) == "content-encoding" { print $2 }')"
[ "$encoding" = br ] || { echo "check-deploy: $script came with content-encoding '$encoding', not br" >&2; exit 1; }
step "the main script is sent precompressed (br)"

kill -TERM "$server_pid"
if wait "$server_pid"; then server_pid=""; else echo "check-deploy: the server did not stop cleanly on SIGTERM" >&2; cat "$work/server.log" >&2; exit 1; fi
step "stopped cleanly on SIGTERM; all good"
