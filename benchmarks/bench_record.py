"""Game records at their limits: how long a large record takes to be read, checked and refused.

Prints figures; never fails on time. Run: ``.venv/bin/python benchmarks/bench_record.py``.

1. A record of a real game, its actions repeated to just under the 8 MiB limit
   (:data:`kuhtheory.record.MAX_RECORD_BYTES`): the time to parse it, to validate it (one schema
   pass) and to replay it up to its first illegal action. Before the limits, a 40 MB record took
   27 s to reach its error (every action schema-checked twice).
2. A record one byte over the limit, and ``/dev/zero``: refused after reading the limit.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from kuhtheory import record as rec
from kuhtheory.agents.random import random_playout
from kuhtheory.engine import new_game
from kuhtheory.errors import InvalidRecordError


def _timed(label: str, action: object) -> object:
    start = time.process_time()
    try:
        result = action()  # type: ignore[operator]
    except InvalidRecordError as exc:
        result = exc
    print(f"  {label:34s} {time.process_time() - start:7.3f} s CPU")
    return result


def main() -> None:
    end = random_playout(new_game(players=4, seed=3), 3)
    record = rec.record_from_state(end)
    copies = (rec.MAX_RECORD_BYTES - 4096) // (len(json.dumps(record["actions"])) + 2)
    big = {**record, "actions": record["actions"] * copies}
    del big["result"]
    text = json.dumps(big)
    print(
        f"a record of {len(big['actions']):,} actions, {len(text) / 2**20:.1f} MiB "
        f"(limit {rec.MAX_RECORD_BYTES / 2**20:.0f} MiB)"
    )
    data = _timed("parse", lambda: rec.parse(text))
    _timed("validate (one schema pass)", lambda: rec.validate(data))
    error = _timed("replay to the first illegal action", lambda: rec.replay(data))
    print(f"  -> {str(error)[:90]}")
    print("refused at the limit")
    with tempfile.TemporaryDirectory() as folder:
        over = Path(folder) / "over.json"
        over.write_bytes(b" " * (rec.MAX_RECORD_BYTES + 1))
        _timed("a file one byte over the limit", lambda: rec.load(over))
    _timed("/dev/zero", lambda: rec.load("/dev/zero"))


if __name__ == "__main__":
    main()
