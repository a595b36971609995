"""`python -m game query`: answer rules questions about a battlefield as JSON (contracts/query.md), in the
ruleset the scenario names; each ruleset answers through its ``query_answers()``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from game.engine.scenario import QueryError, Scenario, listed
from game.rulesets import RULESETS, ruleset

DEFAULT_RULESET = "4e"


def answer(data: Any, base_dir: Path) -> dict[str, Any]:
    name = data.get("ruleset", DEFAULT_RULESET) if isinstance(data, dict) else DEFAULT_RULESET
    if not isinstance(name, str) or name not in RULESETS:
        raise QueryError(f"unknown ruleset {str(name)[:40]!r} (known: {', '.join(RULESETS)})")
    rules = ruleset(name).query_answers()
    scenario = Scenario(data, base_dir, rules)
    queries = rules.answers
    results = []
    for index, query in enumerate(listed(data.get("queries", []), "queries")):
        if not isinstance(query, dict) or query.get("q") not in queries:
            name = query.get("q") if isinstance(query, dict) else query
            raise QueryError(f"queries[{index}]: unknown query {name!r} (known: {', '.join(queries)})")
        try:
            results.append(queries[query["q"]](scenario, query))
        except QueryError as err:
            raise QueryError(f"queries[{index}] ({query['q']}): {err}") from None
    return {"results": results}


def run(source: str, stdin_text: Callable[[], str]) -> str:
    """Read the scenario (a path, or "-" for standard input) and return the JSON answer text."""
    if source == "-":
        text, base_dir = stdin_text(), Path.cwd()
    else:
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise QueryError(f"{source}: cannot read the scenario ({err.strerror or err})") from None
        except UnicodeDecodeError:
            raise QueryError(f"{source}: the scenario is not UTF-8 text") from None
        base_dir = path.parent
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise QueryError(f"{source}: not valid JSON: {err}") from None
    return json.dumps(answer(data, base_dir))
