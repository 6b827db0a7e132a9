"""Every fenced code block of README.md and docs/ (docs/*.md, docs/rules/*.md,
docs/checks/*.md) runs, by its language (issue 23: the scenario page's sample did not
load):

- ``toml``: a scenario (it has a ``[scenario]`` table) is loaded and fought for a few
  tenths; any other TOML is parsed;
- ``sh``: each command runs with ``bash`` in a temporary directory that holds the
  project's ``scenarios/`` and ``tools/``, with ``timedcombat`` and ``python`` on PATH (this
  interpreter), and must exit 0;
- ``console``: the ``$`` lines run as one ``bash`` script there; what they print is the
  block's other lines, exactly, and nothing goes to standard error;
- ``python``: the blocks of a file run in order, in one namespace (one interpreter), in
  that directory, after the file's ``sh`` and ``console`` blocks (which make their inputs:
  a log, a Parquet table);
- ``jsonl``: each line is a JSON object;
- a block marked ``<!-- file: NAME -->`` on the line just above is written to ``NAME``
  in that directory before anything of its file runs (a hand-written log a command
  reads);
- ``text`` (or any block shown, not run: a diagram, an illustration) must say so on the
  line just above, ``<!-- WHAT, not run -->`` (``<!-- a diagram, not run -->``); a block
  with no language or another one fails; a block of a language that runs is not run
  when so marked (an excerpt of a file, tested where the file lives).

Substitutions made here, and only here, to keep the suite fast (about half a minute for
every page): ``--runs N`` runs at most :data:`RUNS` runs, and the fuzz's ``--scenarios N``
and ``--logs N`` as many cases; ``python tools/bench.py`` runs
with ``--quick`` and ``--sizes 2`` (so the page's four bench lines are two commands: a
command the same as one before it, arguments in any order, runs once); ``pip install …
&&`` is dropped (the package is installed: that is how this runs) and ``pytest`` (this
suite itself) is not run.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from timedcombat import simulate
from timedcombat.loading import parse_scenario

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
         *sorted((ROOT / "docs" / "rules").glob("*.md")),
         *sorted((ROOT / "docs" / "checks").glob("*.md"))]
RUNS = 5
"""The most runs a documented ``batch --runs N`` makes here."""
SHOWN = re.compile(r"^<!-- [^<>]*, not run -->$")
FILE = re.compile(r"^<!-- file: ([\w.-]+) -->$")
FENCE = re.compile(r"^(```+|~~~+)\s*([\w-]*)\s*$")
RUN_LANGS = ("toml", "sh", "console", "python", "jsonl")


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence, from 1
    lang: str
    text: str
    above: str  # the line just above the fence

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks_of(page: Path) -> list[Block]:
    """The fenced blocks of a page, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        fence, lang = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines) and not lines[j].startswith(fence[0] * len(fence)):
            j += 1
        assert j < len(lines), f"{page.relative_to(ROOT)}:{i + 1}: the block is not closed"
        out.append(Block(page, i + 1, lang, "\n".join(lines[i + 1:j]) + "\n",
                         lines[i - 1].strip() if i else ""))
        i = j + 1
    return out


def commands(text: str) -> list[str]:
    """The commands of an ``sh`` block (continued lines joined), as they run here."""
    out: list[str] = []
    pending = ""
    for raw in text.splitlines():
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        line, pending = (pending + raw).strip(), ""
        if not line or line.startswith("#"):
            continue
        line = substitute(line)
        if line:
            out.append(line)
    return out


def substitute(line: str) -> str:
    """A documented command as this suite runs it (see the module docstring)."""
    line = re.sub(r"^pip install [^&]*&&\s*", "", line)
    if re.match(r"^(pip install|pytest)\b", line):
        return ""  # installed already; the test suite is what runs this
    line = re.sub(r"--runs (\d+)", lambda m: f"--runs {min(int(m.group(1)), RUNS)}", line)
    # the fuzz's long run: a handful of its cases (the suite runs a sample in test_fuzz.py)
    line = re.sub(r"--(scenarios|logs) (\d+)",
                  lambda m: f"--{m.group(1)} {min(int(m.group(2)), RUNS)}", line)
    if re.match(r"^python tools/bench\.py\b", line):
        line = re.sub(r"\s*--sizes \S+", "", line)
        line = line.replace("tools/bench.py", "tools/bench.py --quick --sizes 2", 1)
    return line


@pytest.fixture(scope="module")
def shim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory of ``timedcombat`` and ``python`` commands that are this interpreter."""
    bin_dir = tmp_path_factory.mktemp("bin")
    for name, run in (("timedcombat", f"{shlex.quote(sys.executable)} -m timedcombat"),
                      ("python", shlex.quote(sys.executable))):
        path = bin_dir / name
        path.write_text(f'#!/bin/sh\nexec {run} "$@"\n')
        path.chmod(0o755)
    return bin_dir


def _env(shim: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "COV_"))}
    env.update(PATH=f"{shim}{os.pathsep}{env.get('PATH', '')}", MPLBACKEND="Agg",
               COLUMNS="140", PYTHONPATH=str(ROOT))
    return env


def _bash(script: str, cwd: Path, shim: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=_env(shim), text=True,
                          capture_output=True, timeout=300, check=False)


def check_toml(block: Block) -> None:
    data = tomllib.loads(block.text)
    if "scenario" in data:
        scenario = parse_scenario(block.text, f"{block.where}.toml")
        simulate(scenario, until=5)


def check_sh(block: Block, cwd: Path, shim: Path, done: set[tuple[str, ...]]) -> None:
    """Each command once: one that is the same as one before it once substituted (the
    bench's lines) is not run again."""
    for command in commands(block.text):
        argv = tuple(sorted(set(shlex.split(command, comments=True))))
        if argv in done:
            continue
        done.add(argv)
        proc = _bash(command, cwd, shim)
        assert proc.returncode == 0, \
            f"{block.where}: `{command}` exited {proc.returncode}:\n{proc.stderr[-2000:]}"


def check_console(block: Block, cwd: Path, shim: Path) -> None:
    lines = block.text.splitlines()
    script = [substitute(line[2:]) for line in lines if line.startswith("$ ")]
    proc = _bash("\n".join(script), cwd, shim)
    assert proc.stderr == "", f"{block.where}: {proc.stderr}"
    assert proc.stdout.splitlines() == [x for x in lines if not x.startswith("$ ")], \
        f"{block.where}: the commands print\n{proc.stdout}"


RUNNER = """\
import sys, traceback
ns = {"__name__": "__main__"}
for path in sys.argv[1:]:
    try:
        exec(compile(open(path, encoding="utf-8").read(), path, "exec"), ns)
    except BaseException:
        print("FAILED " + path, file=sys.stderr)
        traceback.print_exc()
        sys.exit(1)
"""


def check_python(blocks: list[Block], cwd: Path, shim: Path) -> None:
    files = []
    for n, block in enumerate(blocks):
        path = cwd / f"_block{n}_{block.line}.py"
        path.write_text(block.text, encoding="utf-8")
        files.append(str(path))
    (cwd / "_runner.py").write_text(RUNNER, encoding="utf-8")
    proc = subprocess.run([sys.executable, "_runner.py", *files], cwd=cwd, env=_env(shim),
                          text=True, capture_output=True, timeout=300, check=False)
    if proc.returncode != 0:
        failed = re.search(r"FAILED .*_block\d+_(\d+)\.py", proc.stderr)
        line = failed.group(1) if failed else "?"
        page = blocks[0].page.relative_to(ROOT)
        pytest.fail(f"{page}:{line}: the python block fails:\n{proc.stderr[-3000:]}")


def check_jsonl(block: Block) -> None:
    for n, line in enumerate(block.text.splitlines(), 1):
        assert isinstance(json.loads(line), dict), f"{block.where}+{n}: not a JSON object"


def _prepare(cwd: Path) -> None:
    for name in ("scenarios", "tools"):
        (cwd / name).symlink_to(ROOT / name)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_block_of_the_page_runs(page: Path, tmp_path: Path, shim: Path) -> None:
    blocks = blocks_of(page)
    _prepare(tmp_path)
    for block in blocks:
        named = FILE.match(block.above)
        if named:
            (tmp_path / named.group(1)).write_text(block.text, encoding="utf-8")
        elif block.lang not in RUN_LANGS:
            assert SHOWN.match(block.above), (
                f"{block.where}: a ```{block.lang} block is neither run nor marked as shown "
                "only: give it a language this test runs (toml, sh, console, python, jsonl) "
                "or write <!-- WHAT, not run --> on the line above")
    done: set[tuple[str, ...]] = set()
    for block in blocks:
        if SHOWN.match(block.above):
            continue  # shown only (an excerpt of a file tested where it lives)
        if block.lang == "toml":
            check_toml(block)
        elif block.lang == "jsonl":
            check_jsonl(block)
        elif block.lang == "sh":
            check_sh(block, tmp_path, shim, done)
        elif block.lang == "console":
            check_console(block, tmp_path, shim)
    python = [b for b in blocks if b.lang == "python" and not SHOWN.match(b.above)]
    if python:
        check_python(python, tmp_path, shim)


def test_the_harness_reads_blocks_and_commands_as_documented(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("text\n\n<!-- a diagram, not run -->\n```text\n  a\n```\n"
                    "```sh\nx --runs 2000 \\\n  --out f  # note\n# only a comment\n```\n",
                    encoding="utf-8")
    first, second = blocks_of(page)
    assert (first.lang, first.text, first.above) == ("text", "  a\n", "<!-- a diagram, not run -->")
    assert SHOWN.match(first.above)
    assert commands(second.text) == [f"x --runs {RUNS}    --out f  # note"]
    assert substitute("pip install -e . && timedcombat run a.toml") == "timedcombat run a.toml"
    assert substitute("pip install -e '.[test]' && pytest") == ""
    assert substitute("python tools/bench.py --sizes 2,400,4000") == \
        "python tools/bench.py --quick --sizes 2"


def test_the_pages_have_blocks_of_every_kind_this_test_runs() -> None:
    langs = {b.lang for page in PAGES for b in blocks_of(page)}
    assert {"toml", "sh", "console", "python", "jsonl"} <= langs


def test_the_scenario_page_s_sample_loads_and_fights_with_every_key_it_shows() -> None:
    """Its sample had a shield beside two weapons in hand and ``aware = false`` without
    ``[rules] surprise``: it did not load."""
    page = ROOT / "docs" / "scenario.md"
    sample = next(b for b in blocks_of(page) if b.lang == "toml")
    scenario = parse_scenario(sample.text, "sample.toml")
    data = tomllib.loads(sample.text)
    keys = {k for c in data["combatant"] for k in c}
    assert {"style", "aware", "shield", "body", "policy", "plan", "weapons"} <= keys
    assert data["rules"]["surprise"] is True
    result = simulate(scenario)
    assert result.end > 0 and [c.id for c in scenario.combatants] == ["ana", "bo"]
