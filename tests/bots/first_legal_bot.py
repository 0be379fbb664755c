"""A bot program outside daimyo, as a user would write one (docs/bot-protocol.md): it reads one JSON
line per message and answers each decision with its first legal action. Arguments change its manners
for the tests: ``--json`` answers {"action": ...}, ``--nonsense`` answers something illegal,
``--sleep`` never answers."""

import json
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else ""
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "decide":
        continue
    if mode == "--sleep":
        time.sleep(60)
    if mode == "--nonsense":
        print("fly to the moon", flush=True)
    elif mode == "--json":
        print(json.dumps({"action": message["legal"][0]}), flush=True)
    else:
        print(message["legal"][0], flush=True)
