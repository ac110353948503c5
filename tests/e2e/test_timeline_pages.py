"""A long timeline in pages (``generator.render.pages.TIMELINE_DAYS``).

A campaign whose in-world days run past the first 30 gets a timeline index (one row per page:
its days, its sessions, the places found and, for the GM, the encounters) and a page per 30
days, so that no page grows with the campaign and a note redraws one page. Real MkDocs
builds of a small synthetic campaign (bench/synthetic.py: 20 sessions, 40 in-world days);
every day of each audience's view must be on exactly one page, the one whose days hold it,
and every link must resolve (MkDocs warns of a broken one).
"""

from __future__ import annotations

import html
import importlib.util
import re
import shutil
from pathlib import Path

import pytest

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.knowledge import DayView, view_for
from generator.render.pages import TIMELINE_DAYS, render_docs, timeline_periods
from generator.replay import replay
from generator.site import build_sites

ROOT = Path(__file__).resolve().parents[2]
AUDIENCES = ("gm", "players")


def write_synthetic(content: Path, language: str = "en") -> None:
    spec = importlib.util.spec_from_file_location("synthetic", ROOT / "bench" / "synthetic.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.write(content, columns=10, rows=8, locations=20, sessions=20)
    if language != "en":
        config = content / "campaign.yaml"
        text = config.read_text(encoding="utf-8")
        assert "language: en\n" in text
        config.write_text(text.replace("language: en\n", f"language: {language}\n"),
                          encoding="utf-8")


def loaded(content: Path) -> tuple[Campaign, object]:
    campaign, diags = load_campaign(content)
    assert campaign is not None and not diags.has_errors(), diags.sorted()
    chronicle, rdiags = replay(campaign)
    assert not rdiags.has_errors()
    return campaign, chronicle


class Built:
    def __init__(self, base: Path) -> None:
        self.base = base
        self.campaign, self.chronicle = loaded(base / "content")

    def doc(self, audience: str, path: str) -> str:
        return (self.base / "build" / audience / "docs" / path).read_text(encoding="utf-8")

    def page(self, audience: str, url: str) -> str:
        path = self.base / "site" / audience / url / "index.html"
        return html.unescape(path.read_text(encoding="utf-8"))

    def days(self, audience: str) -> list[int]:
        view = view_for(self.campaign, self.chronicle,  # type: ignore[arg-type]
                        "gm" if audience == "gm" else "players")
        return [d.day for d in view.timeline]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("timeline")
    write_synthetic(base / "content")
    shutil.copy(ROOT / "mkdocs.yml", base / "mkdocs.yml")
    campaign, chronicle = loaded(base / "content")
    report = build_sites(campaign, chronicle, out_dir=base / "site",  # type: ignore[arg-type]
                         build_root=base / "build", repo_config=base / "mkdocs.yml")
    assert report.warnings == []  # every link of every page resolves
    return Built(base)


def bounds(day: int) -> tuple[int, int]:
    first = (day - 1) // TIMELINE_DAYS * TIMELINE_DAYS + 1
    return first, first + TIMELINE_DAYS - 1


def test_the_synthetic_campaign_runs_past_one_page(built: Built) -> None:
    for audience in AUDIENCES:
        assert max(built.days(audience)) > TIMELINE_DAYS


@pytest.mark.parametrize("audience", AUDIENCES)
def test_every_day_is_on_the_one_page_of_its_days(built: Built, audience: str) -> None:
    docs = built.base / "build" / audience / "docs"
    assert not (docs / "timeline.md").exists()
    days = built.days(audience)
    expected = {"days-{}-{}.md".format(*bounds(d)) for d in days}
    found = {p.name for p in (docs / "timeline").glob("days-*.md")}
    assert found == expected
    for day in days:
        heading = f"## Day {day} {{ #day-{day} }}"
        holders = [name for name in found if heading in built.doc(audience, f"timeline/{name}")]
        assert holders == ["days-{}-{}.md".format(*bounds(day))], (day, holders)
        first, last = bounds(day)
        page = built.page(audience, f"timeline/days-{first}-{last}")
        assert f'id="day-{day}"' in page
        assert f"Timeline: days {first}–{last}" in page


@pytest.mark.parametrize("audience", AUDIENCES)
def test_the_index_lists_each_page_with_its_sessions_and_finds(built: Built,
                                                               audience: str) -> None:
    view = view_for(built.campaign, built.chronicle,  # type: ignore[arg-type]
                    "gm" if audience == "gm" else "players")
    periods = timeline_periods(view.timeline)
    index = built.page(audience, "timeline")
    body = re.search(r"<tbody>(.*?)</tbody>", index, re.S)
    assert body is not None
    rows = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r,
                                                                   re.S)]
            for r in re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)]
    assert [r[0] for r in rows] == [f"Days {p.first}–{p.last}" for p in periods]
    for row, p in zip(rows, periods, strict=True):
        assert f'href="days-{p.first}-{p.last}/"' in index
        sessions = sorted({s for d in p.days for s in d.sessions})
        assert row[1] == (f"{sessions[0]} – {sessions[-1]}" if len(sessions) > 1
                          else str(sessions[0]))
        moments = [m for d in view.timeline if p.first <= d.day <= p.last for m in d.moments]
        assert int(row[2]) == sum(len(m.locations) for m in moments if m.kind == "found")
        if audience == "gm":
            assert int(row[3]) == sum(1 for m in moments if m.kind == "encounter")
        else:
            assert len(row) == 3
    assert bool(re.search(r"<th[^>]*>Encounters</th>", index)) == (audience == "gm")
    # the home page, the navigation and each page's own links lead through the pages
    assert 'href="timeline/"' in built.page(audience, "")
    nav_titles = re.findall(r'<span class="md-ellipsis">\s*(Days [^<]*?)\s*</span>', index)
    assert nav_titles == [f"Days {p.first}–{p.last}" for p in periods]
    first, second = periods[0], periods[1]
    one = built.page(audience, f"timeline/days-{first.first}-{first.last}")
    assert f'href="../days-{second.first}-{second.last}/"' in one and "← Days" not in one
    two = built.page(audience, f"timeline/days-{second.first}-{second.last}")
    assert f'href="../days-{first.first}-{first.last}/"' in two
    assert f"Days {first.first}–{first.last}" in two
    assert 'href="../"' in two  # back to the index


def test_the_players_pages_hold_only_their_moments(built: Built) -> None:
    """The GM's timeline pages show encounters and getting lost; the players' never do."""
    gm = "".join(built.doc("gm", f"timeline/{p.name}")
                 for p in (built.base / "build" / "gm" / "docs" / "timeline").glob("*.md"))
    players = "".join(built.doc("players", f"timeline/{p.name}") for p in
                      (built.base / "build" / "players" / "docs" / "timeline").glob("*.md"))
    assert "**Encounter**" in gm
    for secret in ("**Encounter**", "Encounters", "strays off course"):
        assert secret not in players


def day(n: int) -> DayView:
    return DayView(day=n, sessions=(1,), activities=(), moments=(), gap=1)


def test_a_timeline_of_one_page_is_not_split() -> None:
    assert timeline_periods(()) == []
    assert timeline_periods((day(1), day(TIMELINE_DAYS))) == []
    periods = timeline_periods((day(2), day(TIMELINE_DAYS + 1), day(3 * TIMELINE_DAYS + 5)))
    # a page for each stretch of 30 days that has any day of the timeline, none for others
    assert [(p.first, p.last, p.start, p.stop) for p in periods] == [
        (1, 30, 0, 1), (31, 60, 1, 2), (91, 120, 2, 3)]


@pytest.mark.parametrize(("language", "index_row", "heading"), [
    ("ru", "Дни 1–30", "# Хронология: дни 31–60"),
    ("uk", "Дні 1–30", "# Хронологія: дні 31–60"),
])
def test_the_pages_speak_the_campaigns_language(tmp_path: Path, language: str, index_row: str,
                                                heading: str) -> None:
    write_synthetic(tmp_path / "content", language)
    campaign, chronicle = loaded(tmp_path / "content")
    tree = render_docs(view_for(campaign, chronicle, "gm"))  # type: ignore[arg-type]
    assert f"[{index_row}](days-1-30.md)" in tree.files["timeline/index.md"]
    assert heading in tree.files["timeline/days-31-60.md"]
    timeline = [item for item in tree.nav_config() if "Хронология" in item or "Хронологія" in item]
    assert len(timeline) == 1
