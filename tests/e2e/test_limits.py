"""Hostile content in bounded time and memory, and never a traceback (issue 10, items 7-19).

Each test runs the real command line in a subprocess whose address space is capped
(``RLIMIT_AS``): the inputs are modest, but without their limit each one would parse, expand
or enumerate far past the cap (or never finish). Every failure is checked for the message at
its place (``PATH:LINE:COL: error: MESSAGE``), exit status 1 and no traceback; a failing build
leaves the previous site as it was.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.content import rolltables, yamlpos
from generator.content.models import MAX_MAP_SIZE
from generator.content.symbols import MAX_SYMBOL_BYTES
from generator.dice import MAX_SIDES
from generator.site import config as mkdocs_config
from tests.conftest import made_once

from campaign_factory import TABLE, find, load, write_campaign

ROOT = Path(__file__).resolve().parents[2]
#: Address space for one command (Python with MkDocs and pydantic imported needs ~150 MB)
MEMORY = 500 * 1024 * 1024


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def hexcrawl(*args: str, cwd: Path, capped: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                            capture_output=True, text=True, check=False, timeout=600,
                            preexec_fn=_cap_memory if capped else None)
    result.cwd = cwd  # type: ignore[attr-defined]
    return result


def fails_with(result: subprocess.CompletedProcess[str], where: Path | str,
               message: str, line: int | None = None, col: int | None = None) -> str:
    """Assert exit 1, no traceback, and one error line at ``where`` (line, col if given)
    containing ``message``; return that line."""
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Traceback" not in output, output
    # paths print relative to the working directory when inside it
    prefix = str(where)
    if Path(where).is_absolute() and Path(where).is_relative_to(result.cwd):  # type: ignore
        prefix = os.path.relpath(where, result.cwd)  # type: ignore[attr-defined]
    if line is not None:
        prefix += f":{line}"
        if col is not None:
            prefix += f":{col}"
    found = [x for x in result.stderr.splitlines()
             if x.startswith(prefix + ":") and ": error: " in x and message in x]
    assert found, f"no error at {prefix} with {message!r} in:\n{result.stderr}"
    return found[0]


def check(root: Path) -> subprocess.CompletedProcess[str]:
    return hexcrawl("check", "--content", str(root), cwd=root.parent)


def session(log: str, number: int = 2) -> dict[str, str | None]:
    return {f"sessions/{number:02d}.yaml": f"session: {number}\n" + log}


# ---------------------------------------------------------------------------------------------
# 7, 8, 15: YAML past its limits, stopped while reading


@pytest.mark.parametrize("text", [
    "title: " + "[" * 1000 + "]" * 1000 + "\n",
    "title: " + "{a: " * 1000 + "1" + "}" * 1000 + "\n",
    "gm:\n" + "".join("  " * i + "- \n" for i in range(1, 1001)),
    "gm:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 1001)) + "  " * 1001 + "x\n",
], ids=["flow-lists", "flow-mappings", "block-lists", "block-mappings"])
def test_nesting_1000_deep_is_an_error_at_the_101st_level(tmp_path: Path, text: str) -> None:
    root = write_campaign(tmp_path / "c", files=session(text))
    result = check(root)
    error = fails_with(result, root / "sessions" / "02.yaml",
                       f"YAML nesting is deeper than {yamlpos.MAX_DEPTH} levels")
    line = int(error.split(":")[1])
    assert line <= 3 + yamlpos.MAX_DEPTH  # it stopped there, not at the end of the file


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    """A 9 MB list of 2.3 million rows: parsed whole it would need gigabytes."""
    big = "id: big\nname: Big\nrows:\n" + "- {result: x}\n" * 650_000
    assert len(big) > yamlpos.MAX_FILE_BYTES
    root = write_campaign(tmp_path / "c", files={"tables/big.yaml": big})
    fails_with(check(root), root / "tables" / "big.yaml",
               "error: the file is larger than 8 MiB, the limit for one file (split it into "
               "several files)")


def test_the_value_limit_stops_parsing_where_it_is_passed(tmp_path: Path) -> None:
    """2 MB, 500,000 values: the error comes at the value past the limit (line ~250,000),
    so the rest of the file is never parsed."""
    rows = "".join(f"  - {i}\n" for i in range(500_000))
    root = write_campaign(tmp_path / "c", files=session("gm:\n" + rows))
    error = fails_with(check(root), root / "sessions" / "02.yaml",
                       f"more than {yamlpos.MAX_VALUES} values in one file: split it into "
                       f"several files")
    line = int(error.split(":")[1])
    assert yamlpos.MAX_VALUES - 10 < line < yamlpos.MAX_VALUES + 10


def test_aliased_rows_count_every_value_they_repeat(tmp_path: Path) -> None:
    """300,000 aliases of one row in 1.2 MB expand to 1.5 million values: stopped at the
    alias that passes the limit (a row is five values: itself and two keys with values)."""
    text = "id: al\nname: Al\nrows:\n  - &r {result: x, reaction: true}\n" + "  - *r\n" * 300_000
    root = write_campaign(tmp_path / "c", files={"tables/al.yaml": text})
    error = fails_with(check(root), root / "tables" / "al.yaml",
                       "counting every value an alias repeats each time it is used", col=5)
    line = int(error.split(":")[1])
    assert line < 4 + yamlpos.MAX_VALUES // 5 + 2


def test_a_billion_laughs_in_content_is_stopped(tmp_path: Path) -> None:
    lines = ["lol: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    root = write_campaign(tmp_path / "c", files=session("gm:\n  " + "\n  ".join(lines) + "\n"))
    fails_with(check(root), root / "sessions" / "02.yaml", "counting every value an alias "
               "repeats", 8, 18)


def test_an_oversized_map_symbol_is_not_read_whole(tmp_path: Path) -> None:
    """A symbol file larger than the address space left: only the limit's worth is read."""
    root = write_campaign(tmp_path / "c")
    (root / "symbols").mkdir()
    with (root / "symbols" / "forest.svg").open("wb") as fh:
        fh.truncate(2 * MEMORY)  # sparse: 1 GB of nothing on disk
    fails_with(check(root), root / "symbols" / "forest.svg",
               f"too large for a map symbol (at most {MAX_SYMBOL_BYTES} bytes")


# ---------------------------------------------------------------------------------------------
# 9: the map's size


def test_a_map_larger_than_the_cap_is_refused_with_the_reason(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", campaign_overrides={"map": {"columns": 999,
                                                                      "rows": 999}})
    line, col = find(root, "campaign.yaml", "999")
    fails_with(check(root), root / "campaign.yaml",
               f"columns: a map has at most {MAX_MAP_SIZE} columns, because every hex is drawn "
               f"on the SVG maps and a larger map would exhaust the build's memory", line, col)


def test_a_map_at_the_cap_loads() -> None:
    from generator.content.models import MapSpec

    assert MapSpec(columns=MAX_MAP_SIZE, rows=MAX_MAP_SIZE).columns == MAX_MAP_SIZE


# ---------------------------------------------------------------------------------------------
# 10: encounter_check


@pytest.mark.parametrize(("chance", "message"), [
    ("1 in d0", f"encounter_check '1 in d0': the die needs 2 to {MAX_SIDES} sides"),
    ("1 in d1", f"encounter_check '1 in d1': the die needs 2 to {MAX_SIDES} sides"),
    ("9 in d6", "encounter_check '9 in d6': 9 must be below 6 (the die's highest face is the "
                "keyed encounter), such as '5 in d6' at most"),
    ("6 in d6", "encounter_check '6 in d6': 6 must be below 6"),
    ("1 in d99999999999", "encounter_check is 'd12' or a chance such as '1 in d8'"),
])
def test_impossible_encounter_chances_are_errors(tmp_path: Path, chance: str,
                                                 message: str) -> None:
    root = write_campaign(tmp_path / "c", campaign_overrides={"rules": {"encounter_check":
                                                                        chance}})
    line, col = find(root, "campaign.yaml", chance)
    fails_with(check(root), root / "campaign.yaml", message, line, col)


@pytest.mark.parametrize("chance", ["5 in d6", "0 in d6", "1 in d20"])
def test_possible_encounter_chances_replay(tmp_path: Path, chance: str) -> None:
    root = write_campaign(tmp_path / "c", campaign_overrides={"rules": {"encounter_check":
                                                                        chance}})
    result = check(root)
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------------------------------------
# 11, 12: dice


@pytest.mark.parametrize("dice", ["1d100000000", "1d1000000000000", "101d6", "1d0", "0d6"])
def test_dice_past_the_cap_are_errors_at_the_dice(tmp_path: Path, dice: str) -> None:
    table = TABLE.replace("dice: 1d8", f"dice: {dice}").replace("4-8", "4-1000000000000")
    root = write_campaign(tmp_path / "c", files={"tables/thornwood-day.yaml": table})
    fails_with(check(root), root / "tables" / "thornwood-day.yaml",
               f"'{dice}' is not a sensible roll", 3, 7)


def test_table_dice_roll_at_most_a_thousand_results(tmp_path: Path) -> None:
    table = TABLE.replace("dice: 1d8", "dice: 11d100").replace("4-8", "4-1100")
    root = write_campaign(tmp_path / "c", files={"tables/thornwood-day.yaml": table})
    fails_with(check(root), root / "tables" / "thornwood-day.yaml",
               f"11d100 rolls up to 1100: a table's dice roll at most "
               f"{rolltables.MAX_RESULTS}", 3, 7)


def test_the_largest_table_dice_are_checked_and_printed_quickly(tmp_path: Path) -> None:
    """10d100 has 991 results and a bell curve: coverage works on ranges and the chance of
    each row comes from a running-sum convolution, not from every combination."""
    table = TABLE.replace("dice: 1d8", "dice: 10d100").replace("1-2", "10-200") \
        .replace("roll: 3,", "roll: 201-900,").replace("4-8", "901-1000")
    root = write_campaign(tmp_path / "c", files={"tables/thornwood-day.yaml": table})
    result = check(root)
    assert result.returncode == 0, result.stderr
    from generator.reference.sheets import dice_distribution

    dist = dice_distribution("10d100")
    assert (min(dist), max(dist), sum(dist.values())) == (10, 1000, 1)


def test_coverage_is_computed_on_ranges() -> None:
    """A trillion results cost no more than six (the loader caps table dice; this is the
    check itself)."""
    huge = 10 ** 12
    assert rolltables.coverage([(1, huge)], 1, huge).exact
    found = rolltables.coverage([(1, 10), (5, huge), (huge + 1, huge + 5)], 1, huge)
    assert found.outside == (2,)
    assert found.overlaps == ((1, 0, 5, 10),)
    assert rolltables.coverage([(1, 3), (huge - 1, huge)], 1, huge).gaps == ((4, huge - 2),)


def test_gaps_are_shown_as_ranges(tmp_path: Path) -> None:
    table = TABLE.replace("dice: 1d8", "dice: 1d100").replace("4-8", "40-50")
    root = write_campaign(tmp_path / "c", files={"tables/thornwood-day.yaml": table})
    fails_with(check(root), root / "tables" / "thornwood-day.yaml",
               "table 'thornwood-day': no row for 4-39, 51-100 (the dice roll 1-100)")


ONE_ROW = "id: one\nname: One\nrows:\n  - {result: The only answer}\n"


def test_a_one_row_table_without_dice_rolls(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", files={"tables/one.yaml": ONE_ROW})
    result = hexcrawl("roll", "one", "--content", str(root), "--seed", "3", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "One: The only answer" in result.stdout
    assert "1d1" in result.stdout


def test_an_encounter_on_a_one_row_table_replays(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", files={
        "tables/one.yaml": ONE_ROW, **session("log:\n  - encounter: {table: one}\n")})
    result = hexcrawl("replay", "--json", "--content", str(root), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "The only answer" in result.stdout


def test_weights_add_up_to_at_most_a_thousand(tmp_path: Path) -> None:
    table = "id: w\nname: W\nrows:\n  - {result: a, weight: 600}\n  - {result: b, weight: 601}\n"
    root = write_campaign(tmp_path / "c", files={"tables/w.yaml": table})
    fails_with(check(root), root / "tables" / "w.yaml",
               "the weights add up to 1201: a table's weights add up to at most 1000", 3, 1)
    table = "id: w\nname: W\nrows:\n  - {result: a, weight: 999999999}\n"
    root = write_campaign(tmp_path / "d", files={"tables/w.yaml": table})
    fails_with(check(root), root / "tables" / "w.yaml",
               "weight: Input should be less than or equal to 1000", 4, 25)


# ---------------------------------------------------------------------------------------------
# 13: visible_from


def test_visible_from_is_clamped_to_the_map(tmp_path: Path) -> None:
    tower = textwrap.dedent("""\
        ---
        id: tower
        name: The Tower
        hex: "0101"
        visibility: visible
        visible_from: 100000
        ---
        A tower seen from everywhere.
        """)
    root = write_campaign(tmp_path / "c", files={"locations/tower.md": tower})
    result = hexcrawl("replay", "--json", "--content", str(root), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"tower"' in result.stdout  # seen from the start, far across the map
    campaign, _ = load(root)
    assert campaign is not None
    # 0101 to the far corner 0808 of the 8 x 8 map
    assert campaign.locations["tower"].visible_from == 11


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_clamp_measures_the_border_only_when_a_corner_is_nearer(orientation: str) -> None:
    """The clamp takes the shortcut (a value no farther than a map corner stands) and the
    full measure to the border alike: min(visible_from, the farthest hex), for every hex
    of a 7 x 5 map and every value up to past the far edge."""
    from generator.content.refs import Refs
    from generator.diagnostics import Diagnostics
    from generator.hexgrid import Grid, distance

    grid = Grid(7, 5, "flat" if orientation == "flat" else "pointy")
    refs = Refs(Diagnostics(), grid)
    every = [grid.from_offset(c, r) for c in range(1, 8) for r in range(1, 6)]
    for h in every:
        farthest = max(distance(h, other) for other in every)
        assert refs.farthest(h) == farthest
        for value in range(farthest + 3):
            assert refs.farthest(h, value) == min(value, farthest), (h, value)


# ---------------------------------------------------------------------------------------------
# 14: nested tables


def chain(n: int) -> dict[str, str | None]:
    files: dict[str, str | None] = {
        f"tables/t{i}.yaml": f"id: t{i}\nname: T{i}\nrows:\n  - {{result: x, table: t{i + 1}}}\n"
        for i in range(n)}
    files[f"tables/t{n}.yaml"] = f"id: t{n}\nname: End\nrows:\n  - {{result: end}}\n"
    return files


def test_tables_nested_deeper_than_the_limit_are_an_error(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", files=chain(rolltables.MAX_NESTING + 1))
    fails_with(check(root), root / "tables" / "t0.yaml",
               f"tables nest 11 deep (t0 -> t1 -> t2 -> ... -> t10 -> t11); a table may lead "
               f"to others at most {rolltables.MAX_NESTING} deep", 4, 24)


def test_tables_nested_to_the_limit_roll_to_the_end(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", files=chain(rolltables.MAX_NESTING))
    result = hexcrawl("roll", "t0", "--content", str(root), "--seed", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("table ") == rolltables.MAX_NESTING + 1
    assert "end" in result.stdout.splitlines()[-1]


def test_a_chain_of_10000_tables_is_checked_once(tmp_path: Path) -> None:
    """The issue's case (2000 took 13.7 s, 10000 never finished): one error, at the top."""
    root = write_campaign(tmp_path / "c", files=chain(10_000))
    result = check(root)
    fails_with(result, root / "tables" / "t0.yaml",
               "tables nest 10000 deep (t0 -> t1 -> t2 -> ... -> t9999 -> t10000)", 4, 24)
    assert result.stderr.count(": error: ") == 1


def test_nesting_checks_are_linear_and_iterative() -> None:
    """100,000 tables in a chain and in one cycle: no recursion, no path copies."""
    n = 100_000
    edges = {f"t{i:06d}": [f"t{i + 1:06d}"] for i in range(n)} | {f"t{n:06d}": []}
    found = rolltables.nesting(edges)
    assert found.cycles == () and len(found.too_deep) == 1 and len(found.too_deep[0]) == n + 1
    edges[f"t{n:06d}"] = ["t000000"]
    found = rolltables.nesting(edges)
    assert found.too_deep == () and len(found.cycles) == 1 and len(found.cycles[0]) == n + 2


def test_every_cycle_is_reported_once_from_its_first_table() -> None:
    edges = {"a": ["b"], "b": ["c", "a"], "c": ["a"], "d": ["d"], "e": ["a"], "f": []}
    assert rolltables.nesting(edges).cycles == (("a", "b", "a"), ("d", "d"))


# ---------------------------------------------------------------------------------------------
# 18, 19: files and folders in the wrong place


@pytest.mark.parametrize("args", [("new", "/dev/null/x"), ("schema", "--out", "/dev/null/x")])
def test_writing_under_a_file_is_a_clean_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    result = hexcrawl(*args, cwd=tmp_path)
    fails_with(result, "/dev/null/x", "here: Not a directory")


@pytest.mark.parametrize("name", ["paths.yaml", "regions.yaml", "terrain.yaml"])
def test_a_folder_where_a_file_belongs_is_an_error_naming_it(tmp_path: Path, name: str) -> None:
    root = write_campaign(tmp_path / "c", files={name: None})
    (root / name).mkdir()
    result = check(root)
    fails_with(result, root / name, "a file was expected here, but this is a folder", 1, 1)
    assert result.stderr.count(": error: ") == 1  # nothing blamed on the files that use it


def test_a_file_where_the_sessions_folder_belongs_is_an_error(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", files={"sessions/01.yaml": None})
    shutil.rmtree(root / "sessions", ignore_errors=True)
    (root / "sessions").write_text("session: 1\n", "utf-8")
    fails_with(check(root), root / "sessions",
               "this should be a folder of sessions/*.yaml files, but it is a file")


@pytest.mark.parametrize(("name", "holds"), [
    ("templates", "template overrides"), ("templates/reference", "reference sheet overrides"),
    ("symbols", "map symbols")])
def test_a_file_where_an_optional_folder_belongs_is_an_error(tmp_path: Path, name: str,
                                                             holds: str) -> None:
    root = write_campaign(tmp_path / "c")
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).write_text("x\n", "utf-8")
    result = check(root)
    fails_with(result, root / name, f"this should be a folder of {holds}", 1, 1)
    assert result.stderr.count(": error: ") == 1


# ---------------------------------------------------------------------------------------------
# 16, 17: templates and the campaign's mkdocs.yml; the previous site stays


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small campaign with both sites built, once per test run however many pytest-xdist
    workers run this module's tests. Tests copy it to build again."""
    def make(repo: Path) -> None:
        write_campaign(repo / "content")
        result = hexcrawl("build", cwd=repo, capped=False)
        assert result.returncode == 0, result.stderr

    return made_once(tmp_path_factory, "limits-built", make)


def _snapshot(site: Path) -> dict[Path, bytes]:
    return {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}


BILLION_LAUGHS = "\n".join(
    ["extra:", "  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"  {n}: &{n} [" + ", ".join([f"*{p}"] * 9) + "]"
       for p, n in zip("abcdefgh", "bcdefghi", strict=True)]) + "\n"


def _failing(name: str) -> list[tuple[str, bytes, tuple[int, int], str]]:
    """A template override that fails: by dividing by zero, by not being UTF-8, by including
    itself."""
    own = name.rsplit("/", 1)[-1].encode()
    return [
        (name, b"# Title\n\n{{ 1/0 }}\n", (3, 1),
         "the template failed: ZeroDivisionError: division by zero"),
        (name, b"# Title\n\ncaf\xe9\n", (3, 4),
         "not UTF-8 text: invalid continuation byte (byte 0xe9); save the file as UTF-8"),
        (name, b"# Title\n{% include '" + own + b"' %}\n", (2, 1),
         "templates include each other without end"),
    ]


@pytest.mark.parametrize(("name", "data", "at", "message"), [
    *_failing("templates/home.md"),
    ("templates/home.md", b"# Home\n{% include 'nowhere.md' %}\n", (2, 1),
     "TemplateNotFound: nowhere.md"),
    ("templates/home.md", b"# Home\n\n{% if %}\n", (3, 1), "template syntax: Expected an "
     "expression"),
    ("templates/location.md", b"{{ location.nope }}\n", (1, 1), "UndefinedError"),
    ("templates/home.md/", b"", (1, 1), "a file was expected here, but this is a folder"),
    # the reference sheets' overrides are read and run the same way
    *_failing("templates/reference/travel.md"),
    ("mkdocs.yml", b"extra:\n  x: " + b"[" * 1200 + b"]" * 1200 + b"\n", (2, 69),
     f"YAML nesting is deeper than {mkdocs_config.MAX_DEPTH} levels"),
    ("mkdocs.yml", b"site_author: \xff\n", (1, 14), "not UTF-8 text: invalid start byte"),
    ("mkdocs.yml", BILLION_LAUGHS.encode(), (7, 10),
     f"more than {mkdocs_config.MAX_NODES} values in one file, counting every value an alias "
     f"repeats each time it is used"),
], ids=["zero-division", "not-utf8", "includes-itself", "include-missing", "syntax",
        "undefined", "folder", "sheet-zero-division", "sheet-not-utf8", "sheet-includes-itself",
        "mkdocs-deep", "mkdocs-not-utf8", "mkdocs-alias-bomb"])
def test_a_broken_template_or_config_fails_at_its_place_and_keeps_the_site(
        built: Path, tmp_path: Path, name: str, data: bytes, at: tuple[int, int],
        message: str) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(built, repo)
    before = _snapshot(repo / "site")
    target = repo / "content" / name
    if name.endswith("/"):  # a folder in the file's place
        target.mkdir(parents=True)
        name = name.rstrip("/")
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    result = hexcrawl("build", cwd=repo)
    fails_with(result, Path("content") / name, message, *at)
    assert "the previous site in site is untouched" in result.stderr
    assert _snapshot(repo / "site") == before


def test_roll_table_doctests() -> None:
    """The roll tables' ranges read the content format (generator.content.rolltables)."""
    import doctest

    assert doctest.testmod(rolltables).failed == 0
