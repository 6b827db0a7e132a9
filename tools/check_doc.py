"""Write a system's checker rule page from its rule set (``docs/checks/<system>.md``).

    python tools/check_doc.py percentile > docs/checks/percentile.md

The page is the rule list itself: each rule's id, where the rule text states it, the
passage quoted, and what the checker verifies; then the passages a log cannot show. A
test compares the page in the repository with what this prints.
"""

from __future__ import annotations

import argparse
import importlib
import sys


def render(system: str) -> str:
    """The Markdown page of ``system``'s rule set."""
    module = importlib.import_module(f"timedcombat.checks.{system}")
    ruleset = module.RULESET
    lines = [f"# The checker's rules of `{system}`", "",
             f"`timedcombat check` applies these {len(ruleset.rules)} rules to a log whose "
             f"`start` names `{system}`;", f"they come from {ruleset.source}.", ""]
    intro = getattr(module, "DOC_INTRO", "")
    if intro:
        lines += [intro.rstrip(), ""]
    text = ruleset.source.split(" (")[0]
    lines += ["## The rules", "",
              f"Each rule: its id, the passage of {text} it comes from (quoted as the text "
              "spells it, scanning slips included; separate passages apart), and what is "
              "checked.", ""]
    for rule in ruleset.rules:
        lines += [f"#### `{rule.id}`", "", f"{text[:1].upper()}{text[1:]}, {rule.section}:", ""]
        for k, part in enumerate(rule.quote.split(" / ")):
            lines += [">"] * (k > 0) + [f"> {part}"]
        lines += ["", f"Checked: {rule.checks}", ""]
    skipped = getattr(module, "NOT_CHECKED", ())
    if skipped:
        lines += ["## What a log cannot show", ""]
        for quote, why in skipped:
            lines += [f"> {quote}", "", why, ""]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system", help="a system id with a rule set in timedcombat.checks")
    args = parser.parse_args(argv)
    sys.stdout.write(render(args.system))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
