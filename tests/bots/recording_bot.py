"""A bot program (docs/bot-protocol.md) that writes every message it gets to the file named by its first argument,
one JSON line each, and answers each decision with its first legal action."""

import json
import sys

with open(sys.argv[1], "a", encoding="utf-8") as out:
    for line in sys.stdin:
        out.write(line)
        out.flush()
        message = json.loads(line)
        if message["type"] == "decide":
            print(message["legal"][0], flush=True)
