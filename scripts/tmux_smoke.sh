#!/usr/bin/env bash
# Drive the real app in a real terminal: write a note, find it by a paraphrase, capture a second
# note with Enter straight from the search (it must not land in the first), quit.
# Usage: scripts/tmux_smoke.sh   (REMEN_PYTHON selects the interpreter; default: python3)
set -euo pipefail

python_bin="${REMEN_PYTHON:-python3}"
home="$(mktemp -d)"
session="remen-smoke-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$home"' EXIT

screen() { tmux capture-pane -p -t "$session"; }

wait_for() {  # wait_for TEXT SECONDS
  local deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.2
  done
  echo "FAIL: '$1' did not appear within $2 s. Screen:" >&2
  screen >&2
  exit 1
}

tmux new-session -d -s "$session" -x 100 -y 30 \
  "REMEN_HOME='$home' '$python_bin' -m remen; echo REMEN-EXITED; sleep 30"
wait_for "Search, or type a title" 15
wait_for "model ready" 30

tmux send-keys -t "$session" -l "Weekend hike plan"
sleep 0.5
tmux send-keys -t "$session" C-n
wait_for "Related" 10
tmux send-keys -t "$session" -l "Take the ridge trail up Mount Tamalpais, bring water, sunscreen and snacks for the summit."
sleep 1.5
tmux send-keys -t "$session" Escape
wait_for "1 note " 10
tmux send-keys -t "$session" Escape
wait_for "Recent notes" 10

tmux send-keys -t "$session" -l "walking in the mountains"
wait_for "Weekend hike plan" 10
wait_for "1 result" 10
screen

# Capture: a title sharing no word with the hike note, Enter, the body typed straight away.
tmux send-keys -t "$session" Escape
wait_for "Recent notes" 10
tmux send-keys -t "$session" -l "Plumber quote"
tmux send-keys -t "$session" Enter
tmux send-keys -t "$session" -l "Leak under the sink: 180 euros."
wait_for "Leak under the sink" 10
sleep 1.5
tmux send-keys -t "$session" Escape
wait_for "2 notes" 10

tmux send-keys -t "$session" C-q
wait_for "REMEN-EXITED" 10
REMEN_HOME="$home" "$python_bin" - <<'PY'
import json, subprocess, sys
notes = json.loads(subprocess.run([sys.executable, "-m", "remen", "list", "--json"], capture_output=True, text=True, check=True).stdout)
bodies = {n["title"]: n["body"] for n in notes}
assert bodies == {
    "Weekend hike plan": "# Weekend hike plan\n\nTake the ridge trail up Mount Tamalpais, bring water, sunscreen and snacks for the summit.\n",
    "Plumber quote": "# Plumber quote\n\nLeak under the sink: 180 euros.\n",
}, bodies
PY
echo "tmux smoke test passed"
