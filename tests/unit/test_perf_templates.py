"""The page templates' faster paths write what the templates wrote before them.

The GM's session page took its roll rows, hex references and swatches from Python helpers
(``roll_rows``, ``hex_ref``, ``hex_refs``, ``swatch``; ``FAST_SESSION_GM``, the page before
its compact watch table, still does), the hex key its plain hexes' rows
(``plain_hex_rows``), the templates' gettext callables skip the Jinja extension's context
round trips and the site translator memoises its words. A campaign's own copy of the
templates as they were (``OLD_SESSION_GM``, ``OLD_REGION``) must still render every page
exactly as the fast ones do (``FAST_SESSION_GM``, the shipped ``region.md``), in English and
in Russian, and a campaign's own
``_macros.md`` keeps its ``hexref`` in use.
"""

from __future__ import annotations

import dataclasses
import html
import shutil
from pathlib import Path

import jinja2
import pytest
from markupsafe import Markup

from generator import i18n
from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.dice import said
from generator.i18n import Translator
from generator.knowledge import gm_view
from generator.render.pages import PAGE_TEMPLATES, render_docs
from generator.replay import replay

REPO = Path(__file__).resolve().parents[2]

#: site_templates/pages/session-gm.md before the faster paths (a campaign's old override)
OLD_SESSION_GM = r"""{% import "_macros.md" as m with context %}
{% set s = session %}
# {{ _("Session %(n)s: %(title)s", n=s.number, title=s.title) }}

<div class="hexcrawl-meta" markdown="1">
{% if s.date %}**{{ _("Played") }}:** {{ t.date(s.date) }} · {% endif %}**{{ _("In the game") }}:** {{ t.when(s.start_day, s.start_watch) }} → {{ t.when(s.end_day, s.end_watch) }} · **{{ _("Time passed") }}:** {{ t.duration(s.elapsed_watches) }} · **{{ _("Distance") }}:** {{ t.count(s.miles, "mile") }}{% if s.members %} · **{{ _("Party") }}:** {{ s.members | join(", ") }}{% endif %} · **{{ _("Source") }}:** <code>{{ s.source }}</code>

</div>

{% if s.summary %}
{{ s.summary }}

{% endif %}
{% if s.gm %}
{{ m.gm_box(s.gm) }}

{% endif %}
{% if route %}
<figure class="hexmap route" markdown="0">{{ route }}</figure>

<p class="hexmap-hint">{{ maps.track_swatch(maps.TRACK_COLOURS[0], "true") }} {{ _("true track") }} · {{ maps.track_swatch(maps.TRACK_COLOURS[0], "believed") }} {{ _("believed track") }}</p>

{% endif %}
| | {{ _("True") }} | {{ _("Believed") }} |
|---|---|---|
| {{ _("Start") }} | {{ m.place(s.start_hex) | cell }} | {{ m.place(s.believed_start) | cell }} |
| {{ _("At the end") }} | {{ m.place(s.end.hex) | cell }} | {{ m.place(s.believed_end) | cell }} |

{% if s.found %}
**{{ _("Places found") }}:** {{ m.location_links(s.found) }}

{% endif %}
{% for note in s.opening_notes %}
{{ note | quoted }}

{% endfor %}
{% if s.warnings %}
!!! warning "{{ _("Warnings") }}"
{% for index, text in s.warnings %}
    - [{{ index + 1 }}](#watch-{{ index + 1 }}): {{ text }}
{% endfor %}

{% endif %}
{% if explored_svg %}
## {{ _("The map at the end of the session") }} { #explored-map }

{{ _("What the players knew when the session ended: %(hexes)s explored, %(new)s of them in this session.", hexes=t.count(s.state.explored | length, "hex"), new=s.state.new | length) }}

<figure class="hexmap explored" markdown="0">{{ explored_svg }}</figure>

<p class="hexmap-hint">{{ maps.track_swatch(maps.TRACK_COLOURS[0], "true") }}{{ maps.track_swatch(maps.TRACK_COLOURS[0], "believed") }} {{ _("this session") }} ({{ _("true track") }}, {{ _("believed track") }}) · {{ maps.track_swatch(maps.PAST_TRACK_COLOUR, "past") }} {{ _("earlier sessions") }} · {{ maps.new_hex_swatch() }} {{ _("explored in this session") }} · {{ maps.party_swatch("true") }} {{ _("The party") }}</p>

{% endif %}
## {{ _("Watch by watch") }}

{% if s.watches %}
| {{ _("#") }} | {{ _("Time") }} | {{ _("Activity") }} | {{ _("True hexes") }} | {{ pgettext("watch table", "Believed") }} | {{ _("Miles") }} | {{ pgettext("watch table", "Lost") }} | {{ pgettext("watch table, short", "Veer") }} | {{ _("Encounters") }} |
|---:|---|---|---|---|---:|---|---:|---|
{% for w in s.watches %}
{% set r = w.record %}
| [{{ loop.index }}](#watch-{{ loop.index }}) | {{ _("Day %(day)s", day=w.day) }} · {{ t.watch(w.watch) }} | {{ t.label("activity", w.activity, w.activity) }} | {{ r.start_hex }}{% for h in r.hexes_entered %} → {{ h }}{% endfor %} | {{ w.believed_start or "?" }}{% for h in w.believed_entered %} → {{ h or "?" }}{% endfor %} | {{ r.miles | num }} | {% if r.lost %}**{{ _("yes") }}**{% if r.knows_lost %} ({{ _("knows it is lost") }}){% endif %}{% else %}{{ _("no") }}{% endif %} | {{ r.veer }} | {% for e in r.encounters %}{{ (e.result or t.label("encounter", e.kind, e.kind)) | cell }}{% if not loop.last %}; {% endif %}{% endfor %} |
{% endfor %}

## {{ _("Watches in detail") }}

{% for w in s.watches %}
{% set r = w.record %}
### {{ loop.index }} · {{ t.when(w.day, w.watch) | capitalize }} — {{ t.label("activity", w.activity, w.activity) }} { #watch-{{ loop.index }} }

{% if r.said %}
*{{ r.said | said }}*

{% endif %}
| | {{ _("True") }} | {{ _("Believed") }} |
|---|---|---|
| {{ _("Start") }} | {{ m.hexref(r.start_hex) }} | {{ m.hexref(r.believed_start_hex) }} |
| {{ _("Entered") }} | {{ m.hexrefs(r.hexes_entered) }} | {{ m.hexrefs(r.believed_hexes_entered) }} |
| {{ _("End") }} | {{ m.hexref(r.end_hex) }} | {{ m.hexref(r.believed_hex) }} |
| {{ _("Miles") }} | {{ r.miles | num }} ({{ _("Progress in hex") }}: {{ r.progress_miles | num }}) | {{ r.believed_miles | num }} |
| {{ _("Heading") }} / {{ _("Left by") }} | {{ r.intended_face or _("—") }} / {{ r.exit_face or _("—") }} | |
| {{ pgettext("watch table", "Lost") }} / {{ pgettext("watch table, short", "Veer") }} | {{ _("yes") if r.lost else _("no") }} / {{ r.veer }} | {{ _("knows it is lost") if r.knows_lost else "" }} |

{% if r.rolls %}
| {{ _("Purpose") }} | {{ _("Dice") }} | {{ _("Natural") }} | {{ _("Total") }} | {{ _("Target") }} | {{ _("Outcome") }} | {{ _("Rolled") }} | {{ _("Detail") }} |
|---|---|---:|---:|---:|---|---|---|
{% for roll in r.rolls %}
| {{ t.label("purpose", roll.purpose, roll.purpose) }} | {{ t.dice(roll.dice) }} | {{ roll.natural }}{% if roll.dice_values | length > 1 %} ({{ roll.dice_values | join(", ") }}){% endif %} | {{ roll.total }} | {{ roll.target if roll.target is not none else "" }} | {% if roll.outcome %}{{ t.label("outcome", roll.outcome, roll.outcome) }}{% endif %} | {{ _("at the table") if roll.recorded else _("seeded") }} | {{ roll.detail | said | cell }} |
{% endfor %}
{% else %}
{{ _("No rolls.") }}
{% endif %}

{% if r.encounters %}
**{{ _("Encounters") }}:**

{% for e in r.encounters %}
- *{{ t.label("encounter", e.kind, e.kind) }}*{% if e.result %}: **{{ e.result | inline }}**{% endif %}{% if e.table %} ({{ _("table") }} {{ m.table_link(e.table) }}{% if e.roll is not none %}, {{ _("roll") }} {{ e.roll }}{% endif %}){% endif %}{% if e.location %} · {{ m.location_link(e.location) }}{% endif %}{% if e.distance is not none %} · {{ _("distance %(d)s ft", d=e.distance) }}{% endif %}{% if e.reaction %} · {{ _("reaction") }}: {{ t.label("reaction", e.reaction, e.reaction) }}{% endif %}{% if e.cancelled %} · ~~{{ _("cancelled") }}~~{% endif %}{% if e.hex %} · {{ m.hexref(e.hex) }}{% endif %}{% if e.note %} — {{ e.note | inline }}{% endif +%}

{% endfor %}
{% endif %}
{% if r.chase %}
**{{ _("Chase, in initiative order") }}:** {{ r.chase.order | join(" › ") }}

| {{ _("Round") }} | {{ _("Participant") }} | {{ _("Feet along the way") }} | {{ _("Dashes") }} | {{ _("Exhaustion") }} | {{ _("What happened") }} |
|---:|---|---|---|---:|---|
{% for rd in r.chase.rounds %}
{% for turn in rd.turns %}
| {{ rd.number if loop.first else "" }} | {{ turn.name }} | {{ turn.start_ft }} → {{ turn.end_ft }} | {{ turn.dashes }} ({{ _("%(n)s free", n=turn.free_dashes) }}) | {{ turn.exhaustion }} | {% if turn.con_check %}{{ _("Con check: %(outcome)s", outcome=t.label("outcome", turn.con_check, turn.con_check)) }} {% endif %}{% if turn.complication_received %}· {{ _("slowed by a complication") }} {% endif %}{% if turn.complication_caused %}· {{ _("complication for %(who)s", who=turn.complication_target or "") }}: {{ turn.complication_caused | cell }} {% endif %}{% if turn.dropped_out %}· **{{ _("drops out") }}**{% endif %} |
{% endfor %}
| | *{{ _("end of the round") }}* | | | | {% for q, p in rd.caught %}{{ _("%(pursuer)s catches %(quarry)s", quarry=q, pursuer=p) }}; {% endfor %}{% for e in rd.escape_checks %}{{ e.name }}: {{ _("escapes") if e.escaped else (_("still in sight") if not e.broke_sight else _("fails to escape")) }}; {% endfor %} |
{% endfor %}

{% endif %}
{% if r.discovered %}
**{{ _("Found") }}:** {{ m.location_links(r.discovered) }}

{% endif %}
{% if r.revealed %}
**{{ _("Revealed") }}:** {{ r.revealed | join(", ") }}

{% endif %}
{% if r.warnings %}
!!! warning "{{ _("Warnings") }}"
{% for text in r.warnings %}
    - {{ text }}
{% endfor %}

{% endif %}
{% if r.gm_notes %}
!!! gm "{{ _("GM notes") }}"
{% for text in r.gm_notes %}
    - {{ text | inline }}
{% endfor %}

{% endif %}
{% for note in w.notes %}
{{ note | quoted }}

{% endfor %}
{% endfor %}
{% else %}
{{ _("No watches were logged.") }}

{% endif %}
{% if previous or next %}
---

{% if previous %}← [{{ _("Previous") }}: {{ previous.title }}]({{ link(session_path(previous)) }}){% endif %}{% if previous and next %} · {% endif %}{% if next %}[{{ _("Next") }}: {{ next.title }}]({{ link(session_path(next)) }}) →{% endif +%}

{% endif %}
"""  # noqa: E501

#: site_templates/pages/region.md before plain_hex_rows
OLD_REGION = r"""{% import "_macros.md" as m with context %}
# {{ title }}

{% if region.description %}
{{ region.description }}

{% endif %}
{% if region.gm %}
{{ m.gm_box(region.gm, _("Secret")) }}

{% endif %}
{% if region.tables %}
**{{ _("Encounter tables") }}:** {{ m.table_links(region.tables) }}

{% endif %}
{% set plain = [] %}
{% for label in region.hexes %}
{% set h = view.hexes[label] %}
{% if h.name or h.description or h.gm or h.locations or h.tables %}
## {{ label }}{% if h.name %} · {{ h.name }}{% endif %} { #hex-{{ label }} }

*{{ terrain_name(h.terrain) }}{% if h.density %} ({{ t.label("density", h.density, h.density) }}){% endif %}* · {{ _("explored by the players") if h.explored else _("unknown to the players") }}{% if h.visits %} · {{ ngettext("visited for %(num)s watch", "visited for %(num)s watches", h.visits) }}{% if h.lost_watches %} ({{ ngettext("%(num)s of them lost", "%(num)s of them lost", h.lost_watches) }}){% endif %}{% endif +%}

{% if h.description %}
{{ h.description }}

{% endif %}
{% if h.gm %}
{{ m.gm_box(h.gm, _("Secret")) }}

{% endif %}
{% if h.locations %}
**{{ _("Locations") }}:** {{ m.location_links(h.locations) }}

{% endif %}
{% if h.tables %}
**{{ _("Encounter tables") }}:** {{ m.table_links(h.tables) }}

{% endif %}
{% else %}
{% set _ignored = plain.append(h) %}
{% endif %}
{% endfor %}
{% if plain %}
## {{ _("Plain hexes") }}

| {{ _("Hex") }} | {{ _("Terrain") }} | {{ _("Visits") }} | {{ _("Known to the players") }} |
|---|---|---:|---|
{% for h in plain %}
| <a id="hex-{{ h.label }}"></a>{{ h.label }} | {{ terrain_name(h.terrain) }}{% if h.density %} ({{ t.label("density", h.density, h.density) }}){% endif %} | {{ h.visits or "" }} | {{ _("explored by the players") if h.explored else "" }} |
{% endfor %}
{% endif %}
"""  # noqa: E501


#: site_templates/pages/session-gm.md with the faster paths (``roll_rows``, ``hex_ref``...),
#: as it was before the page's compact watch table: a campaign's override of that time
FAST_SESSION_GM = (REPO / "tests" / "data" / "session-gm-fast-paths.md").read_text("utf-8")


def example_campaign(language: str) -> Campaign:
    campaign, _ = load_campaign(REPO / "content")
    assert campaign is not None
    return dataclasses.replace(campaign, language=language)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_old_session_gm_override_renders_as_the_shipped_template(
        tmp_path: Path, language: str) -> None:
    """The session page written with the Python helpers (``FAST_SESSION_GM``: the shipped
    page before its compact watch table) and with the loops they replaced are the same."""
    campaign = example_campaign(language)
    chronicle, _ = replay(campaign)
    view = gm_view(campaign, chronicle)
    fast_dir = tmp_path / "fast"
    fast_dir.mkdir()
    (fast_dir / "session-gm.md").write_text(FAST_SESSION_GM, encoding="utf-8")
    shipped = render_docs(view, overrides=fast_dir).files
    (tmp_path / "session-gm.md").write_text(OLD_SESSION_GM, encoding="utf-8")
    old = render_docs(view, overrides=tmp_path).files
    sessions = [path for path in shipped if path.startswith("sessions/") and
                not path.endswith("index.md")]
    assert sessions and any("| " in shipped[path] for path in sessions)
    # roll_rows makes a roll's detail inert with character references (``&#43;7``), which
    # read the same as the loop's characters
    assert ({path: html.unescape(old[path]) for path in sessions}
            == {path: html.unescape(shipped[path]) for path in sessions})


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_old_region_override_renders_as_the_shipped_template(
        tmp_path: Path, language: str) -> None:
    campaign = example_campaign(language)
    chronicle, _ = replay(campaign)
    view = gm_view(campaign, chronicle)
    shipped = render_docs(view).files
    (tmp_path / "region.md").write_text(OLD_REGION, encoding="utf-8")
    old = render_docs(view, overrides=tmp_path).files
    regions = [path for path in shipped if path.startswith("hex-key/")]
    assert any('<a id="hex-' in shipped[path] for path in regions)
    # the old page says "explored" of every hex the players know; the shipped one says how
    # they know it (the example reveals a hex and a location)
    t = Translator(language)
    explored = t.gettext("explored by the players")
    revealed = t.gettext("revealed to the players")
    assert any(revealed in shipped[path] for path in regions)
    said = {path: shipped[path].replace(revealed, explored).replace(
        t.gettext("seen from afar by the players"), explored) for path in regions}
    assert {path: old[path] for path in regions} == said


def test_a_campaigns_own_macros_keep_their_hexref(tmp_path: Path) -> None:
    macros = (PAGE_TEMPLATES / "_macros.md").read_text(encoding="utf-8")
    # an override written before hexref_fast: its own hexref, no fast variables
    start = macros.index("{%- macro hexref(label) -%}")
    end = macros.index("{%- macro hexrefs(labels) -%}")
    fast = macros.index("{#- hexref and hexrefs made in Python")
    own = (macros[:start] + "{%- macro hexref(label) -%}HEX:{{ label }}{%- endmacro -%}\n\n"
           + macros[end:fast] + macros[macros.index("{%- macro location_link"):])
    assert "hexref_fast" not in own
    (tmp_path / "_macros.md").write_text(own, encoding="utf-8")
    campaign = example_campaign("en")
    chronicle, _ = replay(campaign)
    files = render_docs(gm_view(campaign, chronicle), overrides=tmp_path).files
    pages = [text for path, text in files.items() if path.startswith("sessions/")
             and not path.endswith("index.md")]
    assert pages and all("HEX:" in page for page in pages)


TEMPLATE = (
    '{{ _("Map") }}|{{ _("Session %(n)s: %(title)s", n=3, title="T & <b>") }}|'
    '{{ pgettext("watch table", "Lost") }}|{{ ngettext("%(num)s day", "%(num)s days", 3) }}|'
    '{{ npgettext("fractional count", "%(num)s day", "%(num)s days", 1) }}|'
    '{{ gettext("100%%") }}|{% trans n=2 %}{{ n }} hexes{% endtrans %}|'
    '{{ _(m) }}|{{ _("%(context)s", x=1) if false else pgettext("c", "%(context)s") }}'
)


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_the_templates_gettext_is_the_extensions(language: str) -> None:

    def render(fast: bool) -> str:
        env = jinja2.Environment(autoescape=False)
        env.add_extension("jinja2.ext.i18n")
        catalogue = Translator(language).catalogue
        env.install_gettext_translations(catalogue, newstyle=True)  # type: ignore[attr-defined]
        if fast:
            env.globals.update(i18n.template_gettext(catalogue))
        return env.from_string(TEMPLATE).render(m=Markup("Map"))

    assert render(True) == render(False)
    assert render(True) == render(True)


def test_the_site_translator_memoises_the_same_words() -> None:
    t = Translator("ru")
    for _ in range(2):
        assert t.label("activity", "travel") == "Переход"
        assert t.label("activity", "no_such_thing", "no_such_thing") == "no such thing"
        assert t.number(4.5) == "4,5" and t.number(4) == "4" and t.number(None) == ""
        assert t.number(0.25, 2) == "0,25" and t.number(0.25) == "0,2"
        assert t.when(3, 2) == t.gettext("day %(day)s, %(watch)s", day=3, watch=t.watch(2))
    with pytest.raises(KeyError):
        t.label("activity", "no_such_thing")


def test_a_rolls_detail_is_escaped_on_the_gms_session_page() -> None:
    """``roll_rows`` writes a roll's detail as the GM typed it, never as markup."""
    campaign = example_campaign("en")
    chronicle, _ = replay(campaign)
    roll = next(r for s in chronicle.sessions for w in s.watches for r in w.rolls)
    roll.detail = said("resource",
                       name="Tom & Jerry's <Inn> {{ 7*7 }} | [x](javascript:alert(1))")
    view = gm_view(campaign, chronicle)
    made = render_docs(view).files
    page = next(text for path, text in made.items() if "Tom &#38; Jerry" in text)
    assert ("| Tom &#38; Jerry's &#60;Inn&#62; &#123;&#123; 7&#42;7 &#125;&#125; &#124; "
            "&#91;x&#93;&#40;javascript:alert&#40;1&#41;&#41; |") in page
    assert "<Inn>" not in page and "{{ 7*7 }}" not in page and "](javascript" not in page


def test_a_template_that_does_not_compile_fails_where_it_is_drawn(tmp_path: Path) -> None:
    """A campaign's template that does not compile is reported at its file and line."""
    from generator.site import SiteError, build_sites
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "content", repo / "content")
    (repo / "content" / "templates").mkdir()
    (repo / "content" / "templates" / "party.md").write_text("# Party\n\n{% if %}\n",
                                                          encoding="utf-8")
    campaign, diags = load_campaign(repo / "content")
    assert campaign is not None, [d.format() for d in diags.items]
    with pytest.raises(SiteError, match=r"templates/party\.md:3:1: error: template syntax"):
        build_sites(campaign, replay(campaign)[0], out_dir=tmp_path / "site",
                    build_root=tmp_path / "build", docs_only=True)
