#!/usr/bin/env bash
# Container smoke test: builds the image from the Dockerfile and checks what an agency relies on.
#
#   bash tests/container/smoke.sh
#
# - Uses podman (installed from Debian's packages when missing and run as root).
# - When the base image (node:24-bookworm-slim) cannot be pulled, builds a stand-in once from Debian packages
#   (mmdebstrap minbase) plus Node 24 (.ci/use-node.sh: this machine's, or the npm registry's), and keeps it in
#   podman's storage for the next run.
# - Builds the app image, runs it with a named volume, waits for health, seeds, signs in over HTTP, creates a
#   company, restarts and re-creates the container, checks the data survived, the user is `node` and no
#   compiler is in the image. Prints build time and image size.
# - Where no container engine can run here, it says so and exits 0 ("SKIPPED"); it never reports a pass it
#   did not see. Any failed check exits 1.
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE=docker.io/library/node:24-bookworm-slim
IMAGE=localhost/clientflow:smoke
NAME=clientflow-smoke
VOLUME=clientflow-smoke-data
PORT=${SMOKE_PORT:-3990}
WORK=$(mktemp -d)
say() { printf '[container] %s\n' "$*"; }
skip() { say "SKIPPED: $*"; exit 0; }
fail() { say "FAIL: $*"; podman logs "$NAME" 2>&1 | tail -n 30 || true; exit 1; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }

if ! command -v podman >/dev/null 2>&1 || ! command -v mmdebstrap >/dev/null 2>&1 || [ ! -x /usr/lib/podman/netavark ]; then
  say "podman is missing: installing it from Debian's packages"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends podman buildah mmdebstrap runc netavark aardvark-dns >/dev/null 2>&1 ||
    { as_root apt-get update >/dev/null 2>&1 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends podman buildah mmdebstrap runc netavark aardvark-dns >/dev/null 2>&1; } ||
    skip "podman could not be installed, so no container engine can run here"
fi
[ "$(id -u)" = 0 ] || skip "this script runs podman as root and is not root"

# What podman needs on this machine kind (see the team's TOOLCHAIN notes): limits it may set, cgroupfs, runc.
cat >"$WORK/containers.conf" <<'EOF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
runtime = "runc"
[network]
network_backend = "netavark"
EOF
export CONTAINERS_CONF="$WORK/containers.conf"
cleanup() {
  podman rm -f "$NAME" >/dev/null 2>&1 || true
  podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
podman info >/dev/null 2>&1 || skip "podman is installed but cannot run containers here: $(podman info 2>&1 | tail -n 1)"

# ---- base image: the real one, else a stand-in built once from Debian packages and this machine's Node.
if ! podman image exists "$BASE"; then
  if timeout 60 podman pull -q "$BASE" >/dev/null 2>&1; then
    say "pulled $BASE"
  else
    command -v mmdebstrap >/dev/null || skip "mmdebstrap is missing, so no stand-in base image can be built"
    # The stand-in carries the Node the real image would: Node 24, from the npm registry if this machine's is older.
    . .ci/use-node.sh
    say "$BASE cannot be pulled: building a stand-in (Debian bookworm minbase + this machine's Node $(node --version))"
    mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
    mirror=${mirror:-http://deb.debian.org/debian}
    node_bin=$(readlink -f "$(command -v node)")
    npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
    headers=$(dirname "$node_bin")/../include/node
    # The registry is reached through a TLS-intercepting proxy here: the stand-in (only) trusts the same CAs.
    mmdebstrap --quiet --variant=minbase --include=ca-certificates \
      --customize-hook="cp /usr/local/share/ca-certificates/*.crt \"\$1/usr/local/share/ca-certificates/\" 2>/dev/null || true; chroot \"\$1\" update-ca-certificates >/dev/null" \
      --customize-hook="mkdir -p \"\$1/usr/local/bin\" \"\$1/usr/local/lib/node_modules\" \"\$1/usr/local/include\" && cp \"$node_bin\" \"\$1/usr/local/bin/node\" && cp -a \"$npm_dir\" \"\$1/usr/local/lib/node_modules/npm\" && cp -a \"$headers\" \"\$1/usr/local/include/node\" && ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\" && ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"" \
      --customize-hook="echo 'node:x:1000:1000::/home/node:/bin/sh' >> \"\$1/etc/passwd\"; echo 'node:x:1000:' >> \"\$1/etc/group\"; mkdir -p \"\$1/home/node\"; chown 1000:1000 \"\$1/home/node\"" \
      bookworm "$WORK/base.tar" "$mirror" || fail "mmdebstrap could not build the stand-in base image"
    podman import --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["node"]' \
      "$WORK/base.tar" "$BASE" >/dev/null || fail "podman import of the stand-in failed"
    say "stand-in base image built and kept as $BASE"
  fi
fi

# ---- build
start=$(date +%s)
podman build --quiet --format docker --pull=never --network=host -t "$IMAGE" . >"$WORK/build.log" 2>&1 ||
  { tail -n 40 "$WORK/build.log"; fail "the image did not build"; }
build_s=$(( $(date +%s) - start ))
size_mb=$(( $(podman image inspect --format '{{.Size}}' "$IMAGE") / 1000000 ))
say "built $IMAGE in ${build_s} s; image size ${size_mb} MB"

# ---- run with a volume; wait for health
run() { podman run -d --name "$NAME" --network=host -e PORT="$PORT" -e PUBLIC_URL="http://127.0.0.1:$PORT" -v "$VOLUME:/data" "$IMAGE" >/dev/null; }
wait_healthy() {
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && return 0
    sleep 1
  done
  fail "no healthy answer on /healthz within 60 s"
}
api() { curl -fsS -H 'content-type: application/json' "$@"; }
podman rm -f "$NAME" >/dev/null 2>&1 || true
podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
run
wait_healthy
say "healthy: migrations applied at start"
podman exec "$NAME" sh -c 'ls /data/app.db' >/dev/null || fail "no database in the /data volume"

# ---- seed, sign in, write something
podman exec "$NAME" npm run seed --silent >"$WORK/seed.log" 2>&1 || { tail -n 20 "$WORK/seed.log"; fail "npm run seed failed in the container"; }
token=$(api -X POST "http://127.0.0.1:$PORT/auth/v1/login" -d '{"email":"admin@demo.test","password":"clientflow-demo"}' |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).authToken||""))') || fail "sign-in failed"
[ -n "$token" ] || fail "sign-in answered no token"
say "seeded and signed in as the demo owner"
marker="Smoke Test Studio $(date +%s)"
api -X POST "http://127.0.0.1:$PORT/companies/v1" -H "authorization: Bearer $token" -d "{\"name\":\"$marker\"}" >/dev/null || fail "creating a company failed"
has_marker() { api "http://127.0.0.1:$PORT/api/companies?search=$(node -p 'encodeURIComponent(process.argv[1])' "$marker")" -H "authorization: Bearer $token" | grep -q "$marker"; }
has_marker || fail "the new company is not listed"
curl -fsS "http://127.0.0.1:$PORT/hub/login" | grep -q '<div id="root">' || fail "the UI is not served"

# ---- restart, then re-create on the same volume: the data (and the session) survive
podman restart "$NAME" >/dev/null
wait_healthy
has_marker || fail "the company did not survive a restart"
podman rm -f "$NAME" >/dev/null
run
wait_healthy
has_marker || fail "the company did not survive re-creating the container"
say "data survived a restart and a re-created container"

# ---- user and compilers
user=$(podman exec "$NAME" id -un)
[ "$user" = node ] || fail "the app runs as $user, not node"
compilers=$(podman exec "$NAME" sh -c 'for c in gcc g++ cc c++ make python3; do command -v "$c"; done' || true)
[ -z "$compilers" ] || fail "compilers or build tools in the image: $compilers"
podman exec "$NAME" node -e "require('node:fs').accessSync('/data', require('node:fs').constants.W_OK)" || fail "/data is not writable by the app"
say "runs as node; no compilers or build tools in the image"
podman rm -f "$NAME" >/dev/null

# ---- the same image on PostgreSQL (DATABASE_URL) with its files in an S3 bucket (STORAGE=s3): a fresh database,
# and an S3-protocol server on this machine (tests/support/s3-server.ts), as several instances would share them.
pg_admin=${POSTGRES_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
if ! command -v psql >/dev/null 2>&1 || ! psql "$pg_admin" -qAtc 'select 1' >/dev/null 2>&1; then
  skip "PostgreSQL is not reachable at $pg_admin, so the PostgreSQL + S3 run cannot start (the SQLite run above passed)"
fi
pg_db="clientflow_smoke_$$"
psql "$pg_admin" -qc "CREATE DATABASE $pg_db" >/dev/null || fail "could not create the database $pg_db"
pg_url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.toString())' "$pg_admin" "$pg_db")
node --import tsx tests/container/s3-server.ts >"$WORK/s3.json" 2>"$WORK/s3.log" &
s3_pid=$!
for _ in $(seq 1 30); do [ -s "$WORK/s3.json" ] && break; sleep 0.5; done
[ -s "$WORK/s3.json" ] || fail "the S3-protocol server did not start: $(tail -n 5 "$WORK/s3.log")"
s3_field() { node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"))[process.argv[2]])' "$WORK/s3.json" "$1"; }
s3_endpoint=$(s3_field endpoint); s3_bucket=$(s3_field bucket); s3_dir=$(s3_field directory)
cleanup_pg() {
  kill "$s3_pid" 2>/dev/null || true
  psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  cleanup
}
trap cleanup_pg EXIT
podman run -d --name "$NAME" --network=host -e PORT="$PORT" -e PUBLIC_URL="http://127.0.0.1:$PORT" \
  -e DATABASE_URL="$pg_url" -e STORAGE=s3 -e S3_ENDPOINT="$s3_endpoint" -e S3_BUCKET="$s3_bucket" -e S3_REGION=us-east-1 \
  -e S3_ACCESS_KEY_ID=S3RVER -e S3_SECRET_ACCESS_KEY=S3RVER -e S3_FORCE_PATH_STYLE=true "$IMAGE" >/dev/null
wait_healthy
ready=$(curl -sS "http://127.0.0.1:$PORT/readyz") || fail "/readyz did not answer"
echo "$ready" | grep -q '"database":true,"storage":true' || fail "/readyz on PostgreSQL + S3: $ready"
say "PostgreSQL + S3: migrations applied at start, /readyz $ready"
podman exec "$NAME" npm run seed --silent >"$WORK/seed-pg.log" 2>&1 || { tail -n 20 "$WORK/seed-pg.log"; fail "npm run seed failed on PostgreSQL"; }
token=$(api -X POST "http://127.0.0.1:$PORT/auth/v1/login" -d '{"email":"admin@demo.test","password":"clientflow-demo"}' |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).authToken||""))') || fail "sign-in failed on PostgreSQL"
company=$(api -X POST "http://127.0.0.1:$PORT/companies/v1" -H "authorization: Bearer $token" -d '{"name":"Bucket Test Studio"}' |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(String(JSON.parse(s).id||"")))') || fail "creating a company failed on PostgreSQL"
head -c 3000000 /dev/urandom >"$WORK/upload.bin"
doc=$(curl -fsS -H "authorization: Bearer $token" -F companyId="$company" -F "file=@$WORK/upload.bin;type=application/octet-stream" \
  "http://127.0.0.1:$PORT/api/documents/upload" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(String(JSON.parse(s).id||"")))') || fail "the upload failed on S3"
curl -fsS -H "authorization: Bearer $token" -o "$WORK/download.bin" "http://127.0.0.1:$PORT/api/documents/$doc/download" || fail "the download failed on S3"
cmp -s "$WORK/upload.bin" "$WORK/download.bin" || fail "the downloaded file differs from the uploaded one"
find "$s3_dir/$s3_bucket" -name '*._S3rver_object' | grep -q . || fail "no object in the bucket after the upload"
[ -z "$(podman exec "$NAME" sh -c 'ls -A /data/uploads 2>/dev/null')" ] || fail "STORAGE=s3 still wrote to /data/uploads"
say "PostgreSQL + S3: seeded, signed in, a 3 MB file went into the bucket and came back byte for byte"
say "PASS (build ${build_s} s, image ${size_mb} MB)"
