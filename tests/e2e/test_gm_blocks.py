"""GM blocks fail closed (docs/security.md): every way a GM may write a GM block, with a
marker word in its text, is either GM-only in the players' build or reported by ``hexcrawl
check`` at its line and column (an error; or a warning that ``check --strict`` makes an
error).

The variants are generated: kinds of block (``!!! gm``, ``??? gm``, ``???+ gm``, ``!!! GM``,
with and without a title, ``!!! note "GM only"``, ``## Secrets``, ``**GM:**``...) by the way
their text is written (not indented, two spaces, four, a tab, after a blank line, in a list,
in a block quote, with CR LF line ends). Each is a location of its own, revealed to the
players, and a subset is also written in hex descriptions (YAML). One campaign holds them
all and is built once (what ``check`` calls an error fails the build, so those variants are
built apart from the others: the build that has them fails and writes nothing). It is done
on a copy of the example campaign and on the campaign ``hexcrawl new`` writes.
"""

from __future__ import annotations

import gzip
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml
from click.testing import CliRunner

from generator import cli
from generator.content.loader import load_campaign
from generator.content.place import place_of

ROOT = Path(__file__).resolve().parents[2]

#: (block's first line, what it is: "gm" a GM block, "warn" public text that reads as
#: GM-only, "loose" a line that looks like a GM block but is none)
KINDS: tuple[tuple[str, str], ...] = (
    ("!!! gm", "gm"),
    ('!!! gm "Secrets"', "gm"),
    ("??? gm", "gm"),
    ('???+ gm "Hidden things"', "gm"),
    ("!!! GM", "gm"),
    ("!!!gm", "gm"),
    ('!!! note "GM only"', "warn"),
    ('!!! warning "Secret"', "warn"),
    ('??? danger "For the GM"', "warn"),
    ("## Secrets", "warn"),
    ("**GM:**", "warn"),
    ("**Secret:** the truth", "warn"),
    ("### Для мастера", "warn"),
    ('!!! note "Таємниця"', "warn"),
    ('!!! "GM"', "loose"),
)
#: The ways the text under the first line is written: axis -> (lines, CR LF line ends),
#: ``{head}`` the first line, ``{text}`` the text with the marker.
AXES: dict[str, tuple[tuple[str, ...], bool]] = {
    "none": (("{head}", "{text}"), False),
    "two-spaces": (("{head}", "  {text}"), False),
    "four-spaces": (("{head}", "    {text}"), False),
    "tab": (("{head}", "\t{text}"), False),
    "blank-line": (("{head}", "", "{text}"), False),
    "blank-line-indented": (("{head}", "", "    {text}"), False),
    "list": (("- An item of a list.", "", "    {head}", "        {text}"), False),
    "list-flat": (("- An item of a list.", "", "    {head}", "    {text}"), False),
    "quote": (("> {head}", ">     {text}"), False),
    "quote-flat": (("> {head}", "> {text}"), False),
    "crlf": (("{head}", "    {text}"), True),
    "crlf-flat": (("{head}", "{text}"), True),
}
#: ways of writing a GM block's text under it that Markdown reads as inside it
INDENTED = frozenset({"four-spaces", "tab", "blank-line-indented", "list", "quote", "crlf"})
#: the variants also written as hex descriptions (a YAML ``|`` block)
HEX_KINDS = ("!!! gm", '!!! gm "Secrets"', "??? gm", "## Secrets", "**GM:**",
             '!!! note "GM only"', '!!! "GM"')
HEX_AXES = ("none", "four-spaces", "tab", "blank-line", "blank-line-indented", "quote-flat")
DIAGNOSTIC = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning): ")


@dataclass(frozen=True)
class Variant:
    """One way of writing a GM block, with its marker word, in one file of the campaign."""

    marker: str
    head: str
    what: str
    axis: str
    #: where it is written: a location's id, or a hex label
    location: str | None = None
    hex: str | None = None

    def lines(self) -> tuple[list[str], int, int, bool]:
        """Its lines, the index of its first line (the head) among them, the head's
        column, and whether the file has CR LF line ends."""
        shape, crlf = AXES[self.axis]
        text = f"{self.marker} is what the players must not read."
        lines = [s.format(head=self.head, text=text) for s in shape]
        index = next(i for i, s in enumerate(shape) if "{head}" in s)
        return lines, index, shape[index].index("{head}") + 1, crlf

    def expected(self) -> str:
        """What it should be: "hidden" (GM-only), "error" or "warning"."""
        if self.what == "gm":
            return "hidden" if self.axis in INDENTED else "error"
        return "error" if self.what == "loose" else "warning"


def variants(hexes: list[str]) -> list[Variant]:
    """Every kind by every axis as a location, and some as hex descriptions (one per hex
    of ``hexes``, free hexes of the campaign)."""
    out: list[Variant] = []
    for k, (head, what) in enumerate(KINDS):
        for a, axis in enumerate(AXES):
            n = len(out)
            out.append(Variant(f"zmark{n:03d}q", head, what, axis, location=f"gmv-{k}-{a}"))
    pairs = [(head, axis) for head in HEX_KINDS for axis in HEX_AXES]
    kinds = dict(KINDS)
    for label, (head, axis) in zip(hexes, pairs, strict=False):
        n = len(out)
        out.append(Variant(f"zmark{n:03d}q", head, kinds[head], axis, hex=label))
    return out


def free_hexes(root: Path) -> tuple[list[str], str, int]:
    """Land hexes with no entry in hexes/*.yaml; a hex to put the locations in; the number
    of the session after the last."""
    campaign, diags = load_campaign(root)
    assert campaign is not None, diags.sorted()
    defined = set()
    for path in (root / "hexes").glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        defined |= {str(k) for k in data if k not in ("legend", "terrain_rows")}
    free = []
    for info in sorted(campaign.hexes.values(), key=lambda info: info.label):
        if info.label not in defined and info.terrain not in ("lake", "sea"):
            free.append(info.label)
    home = free.pop()
    return free, home, max(s.number for s in campaign.sessions) + 1


def write_variants(root: Path, chosen: list[Variant], home: str, session: int,
                   terrain: dict[str, str]) -> dict[str, tuple[Path, int, int]]:
    """The variants written into the campaign (the previous ones replaced), revealed by a
    new session; marker -> (file, line, column) of its head."""
    for old in root.glob("locations/gmv-*.md"):
        old.unlink()
    where: dict[str, tuple[Path, int, int]] = {}
    for v in chosen:
        if v.location is None:
            continue
        lines, index, col, crlf = v.lines()
        front = ["---", f"id: {v.location}", f"name: Variant {v.location}", f'hex: "{home}"',
                 "---", "An ordinary place by the road.", ""]
        path = root / "locations" / f"{v.location}.md"
        path.write_bytes(("\r\n" if crlf else "\n").join([*front, *lines, ""]).encode())
        where[v.marker] = (path, len(front) + index + 1, col)
    hex_file = root / "hexes" / "zz-gm-variants.yaml"
    text: list[str] = []
    for v in chosen:
        if v.hex is None:
            continue
        lines, index, col, _ = v.lines()
        text += [f'"{v.hex}":', f"  terrain: {terrain[v.hex]}", "  description: |",
                 "    A stretch of open country.", ""]
        where[v.marker] = (hex_file, len(text) + index + 1, 4 + col)
        text += [f"    {s}" if s else "" for s in lines]
    hex_file.write_text("\n".join(text) + "\n", encoding="utf-8")
    reveal = [v.location or v.hex for v in chosen]
    (root / "sessions" / "99-gm-variants.yaml").write_text(yaml.safe_dump(
        {"session": session, "title": "Variants", "log": [{"reveal": reveal}]},
        allow_unicode=True), encoding="utf-8")
    return where


def diagnostics(output: str) -> dict[tuple[Path, int, int], str]:
    """(file, line, column) -> severity of each diagnostic printed."""
    found: dict[tuple[Path, int, int], str] = {}
    for line in output.splitlines():
        m = DIAGNOSTIC.match(line)
        if m:
            key = (Path(m["path"]).resolve(), int(m["line"]), int(m["col"]))
            found[key] = "error" if found.get(key) == "error" else m["sev"]
    return found


def site_text(site: Path) -> dict[str, str]:
    """Every file of a built site as text (the gzipped sitemap unpacked)."""
    out = {}
    for path in site.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if path.suffix == ".gz":
                data = gzip.decompress(data)
            out[path.relative_to(site).as_posix()] = data.decode("utf-8", "replace")
    return out


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.main, list(args))
    return result.exit_code, result.output


def check_variants(root: Path) -> None:
    """The property of the module docstring, for the campaign in ``root``."""
    free, home, session = free_hexes(root)
    campaign, _ = load_campaign(root)
    assert campaign is not None
    terrain = {info.label: info.terrain for info in campaign.hexes.values()}
    every = variants(free)
    assert len([v for v in every if v.hex]) >= 20
    where = write_variants(root, every, home, session, terrain)
    code, checked = run("check", "--content", str(root))
    assert code == 1, checked
    found = diagnostics(checked)
    strict_code, strict = run("check", "--strict", "--content", str(root))
    assert strict_code == 1
    strictly = diagnostics(strict)
    build_code, built = run("build", "--audience", "players", "--content", str(root))
    site = place_of(root).site_dir / "players"
    assert build_code == 1 and not site.exists(), built

    reported = {}
    for v in every:
        path, line, col = where[v.marker]
        reported[v.marker] = found.get((path.resolve(), line, col), "hidden")
        if reported[v.marker] == "warning":
            assert strictly.get((path.resolve(), line, col)) == "error", v
    unexpected = {v: reported[v.marker] for v in every if reported[v.marker] != v.expected()}
    assert not unexpected, unexpected
    # nothing else is reported: one diagnostic per variant that has one, none elsewhere
    heads = {(p.resolve(), line, col) for p, line, col in where.values()}
    assert set(found) <= heads, sorted(set(found) - heads)

    kept = [v for v in every if reported[v.marker] != "error"]
    write_variants(root, kept, home, session, terrain)
    build_code, built = run("build", "--audience", "players", "--content", str(root))
    assert build_code == 0, built
    files = site_text(site)
    assert any(name.endswith(".svg") for name in files)
    assert {"search/search_index.json", "sitemap.xml"} <= set(files)
    # every kept variant's page is on the site, so its marker had the chance to leak
    for v in kept:
        if v.location is not None:
            assert f"locations/{v.location}/index.html" in files, v
    for v in kept:
        leaked = sorted(name for name, text in files.items() if v.marker in text)
        if reported[v.marker] == "hidden":
            assert not leaked, (v, leaked)
    assert any(v.marker in files["search/search_index.json"] for v in kept
               if reported[v.marker] == "warning")


def test_every_way_of_writing_a_gm_block_on_the_example(tmp_path: Path) -> None:
    repo = tmp_path / "example"
    shutil.copytree(ROOT / "content", repo / "content")
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    check_variants(repo / "content")


def test_every_way_of_writing_a_gm_block_on_a_new_campaign(tmp_path: Path) -> None:
    code, output = run("new", str(tmp_path / "campaign"))
    assert code == 0, output
    check_variants(tmp_path / "campaign")
