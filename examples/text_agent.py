"""An agent that plays any daimyo game from the text alone, as a language model would (docs/bot-protocol.md).

Run it as ``exec-text:python3 examples/text_agent.py`` in the arena, or with ``daimyo bot connect URL --text --cmd
"python3 examples/text_agent.py"`` in a live game. It reads one JSON line per message from standard input:

* ``start``: the game's static facts and rules in brief, in ``text`` (a model would keep it as its system prompt);
* ``decide``: the seat's view in words, ending with its legal actions, in ``text``; the answer is one action;
* ``end``: the final view and the result.

The decision is made by :func:`choose`, a rule-based stand-in for a model: it reads the legal actions at the end of
the text (the indented lines after the last line that is not indented), expands ``{a|b}`` alternatives and the
Rising Sun bid's rule, and picks one with a seeded generator, preferring an action that is not a pass. Put the call
to a language model in :func:`ask_model`: give it ``prompt`` and return its answer; the agent checks the answer is
among the legal actions and falls back to the rule when it is not.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import sys

BID = re.compile(r"^bid S H R P \(S\+H\+R\+P <= (\d+)\)")
PASSES = ("pass", "decline")


def legal_actions(text: str) -> list[str]:
    """Every legal action the text lists: its trailing indented lines, each ``action`` or ``action: words``."""
    lines = text.split("\n")
    block: list[str] = []
    for line in reversed(lines):
        if not line.startswith("  "):
            break
        block.append(line.strip())
    actions: list[str] = []
    for line in reversed(block):
        bid = BID.match(line)
        if bid:
            most = int(bid.group(1))
            actions += [f"bid {' '.join(map(str, c))}" for c in itertools.product(range(most + 1), repeat=4) if sum(c) <= most]
            continue
        action = line.split(": ", 1)[0]
        parts = [p[1:-1].split("|") if p.startswith("{") and p.endswith("}") else [p] for p in action.split(" ")]
        actions += [" ".join(choice) for choice in itertools.product(*parts)]
    return actions


def ask_model(prompt: str) -> str | None:
    """Where a language model is called: send ``prompt`` (the game's facts, the events and the decision in words)
    and return its answer, one action. This stand-in has no model and returns None."""
    return None


def choose(facts: str, message: dict, rng: random.Random) -> str:
    """One legal action for the decision ``message``, from its text alone."""
    text = message["text"]
    prompt = "\n\n".join([facts, "\n".join(message.get("events", [])), text, message.get("error", "")])
    legal = legal_actions(text)
    answer = ask_model(prompt)
    if answer is not None and " ".join(answer.split()) in legal:
        return " ".join(answer.split())
    acting = [a for a in legal if a.split(" ")[0] not in PASSES] or legal
    return rng.choice(acting)


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    facts = ""
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            facts = message["text"]
        elif message["type"] == "decide":
            print(choose(facts, message, rng), flush=True)
        elif message["type"] == "end":
            print(f"the game is over: {json.dumps(message['result'])}", file=sys.stderr)


if __name__ == "__main__":
    main()
