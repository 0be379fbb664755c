#!/usr/bin/env bash
# The capacity figure of issue 30 (docs/benchmarks.md): 1,000 live four-player games, 4,000 WebSockets, against
# `daimyo serve --workers 2` pinned to two cores (its router, its workers and its database writer process), the
# simulated players on the machine's other cores; prints the load test's summary (scripts/loadtest.py). The target:
# the acknowledgement's p99 under 100 ms.
#
# Needs no network: every package comes from the wheels in .whl/ (CPython 3.12, manylinux x86_64, the native
# engine's included), installed into a folder of their own ($SITE), never into the system's Python.
#
#   scripts/capacity.sh                  # on a machine of 4 cores or more; about 3 minutes
#
# REBUILD=1 builds the daimyo wheel (the native engine) from this checkout first, offline (a C++17 compiler needed);
# so does a missing one. Settings by environment: PYTHON (python3.12, else python3), SITE (/tmp/site), WHEELS (.whl), GAMES (1000),
# DURATION (seconds of play, 80), WARMUP (seconds not measured while the games connect, 30), RAMP (seconds over
# which the games start, 20), SERVER_CPUS (0,1), CLIENT_CPUS (2 to the last core), CLIENTS (client processes:
# one per client core, at most 8), WORKERS (the server's worker processes, 2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON=${PYTHON:-$(command -v python3.12 || command -v python3)}
SITE=${SITE:-/tmp/site}
WHEELS=${WHEELS:-.whl}
GAMES=${GAMES:-1000}
DURATION=${DURATION:-80}
WARMUP=${WARMUP:-30}
RAMP=${RAMP:-20}
WORKERS=${WORKERS:-2}
SERVER_CPUS=${SERVER_CPUS:-0,1}
cores=$(nproc --all)
if [ "$cores" -lt 4 ] && [ -z "${CLIENT_CPUS:-}" ]; then
    echo "capacity.sh: $cores cores; the server takes $SERVER_CPUS and the clients need others (set CLIENT_CPUS)" >&2
    exit 2
fi
CLIENT_CPUS=${CLIENT_CPUS:-2-$((cores - 1))}
client_cores=$(( cores - 2 ))
CLIENTS=${CLIENTS:-$(( client_cores < 8 ? client_cores : 8 ))}

version=$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
if ! ls "$WHEELS"/*-cp${version/./}-*.whl >/dev/null 2>&1; then
    echo "capacity.sh: $PYTHON is Python $version; the wheels in $WHEELS are for another version" >&2
    exit 2
fi

pip_wheel=$(ls "$WHEELS"/pip-*.whl | head -n 1)
if [ "${REBUILD:-0}" = 1 ] || ! ls "$WHEELS"/daimyo-*-cp${version/./}-*.whl >/dev/null 2>&1; then
    # the daimyo wheel (its native engine) built from this checkout, offline: scikit-build-core, nanobind, CMake and
    # Ninja come from $WHEELS too; a C++17 compiler is needed (a few minutes)
    echo "== building the daimyo wheel (the native engine) from this checkout into $WHEELS" >&2
    rm -f "$WHEELS"/daimyo-*-cp${version/./}-*.whl
    "$PYTHON" "$pip_wheel/pip" wheel --quiet --disable-pip-version-check --no-index --find-links "$WHEELS" \
        --no-deps -w "$WHEELS" .
fi

echo "== installing the server's and the load test's packages from $WHEELS into $SITE (no network)" >&2
# pip run from its own wheel: the machine's Python needs no pip of its own
"$PYTHON" "$pip_wheel/pip" install --quiet --disable-pip-version-check --root-user-action=ignore --no-index \
    --find-links "$WHEELS" \
    --target "$SITE" --upgrade daimyo
export PYTHONPATH="$PWD:$SITE"   # this checkout's daimyo; the packages (and the native engine) from $SITE
"$PYTHON" - <<'EOF'
import sys

from daimyo.rokugan.native import available

if not available():
    sys.exit("capacity.sh: the native engine (_daimyo_native) did not install; the figure would be the Python engine's")
import uvloop  # noqa: F401  (the event loop the server runs on)
EOF

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'); $cores cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs));" \
     "Python $version; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "== $GAMES games, $WORKERS workers on cores $SERVER_CPUS, $CLIENTS client processes on cores $CLIENT_CPUS," \
     "$DURATION s of play (the first $WARMUP s not measured)" >&2
exec taskset -c "$CLIENT_CPUS" "$PYTHON" scripts/loadtest.py --games "$GAMES" --seconds "$DURATION" --think 1.0 \
    --ramp "$RAMP" --measure-after "$WARMUP" --clients "$CLIENTS" --workers "$WORKERS" --server-cpus "$SERVER_CPUS"
