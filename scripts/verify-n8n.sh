#!/usr/bin/env bash
# Checks that the n8n installed in folder $1 really runs: sqlite3's native binding loads, `n8n --version`
# answers, and the start, execute and import:workflow commands load (n8n reports a command that fails to
# load as "not found", so they are loaded directly to see the real error). The last line on stderr says
# what failed. Used by install-n8n.sh before it marks an install good, and again each time it is used.
set -euo pipefail
dir=$1
node=node
[ -f "$dir/.node-bin" ] && node="$(cat "$dir/.node-bin")/node"
exec "$node" "$(dirname "$0")/lib/verifyN8n.cjs" "$dir"
