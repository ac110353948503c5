"""The key of a printed map (``generator.printing.mapkey``): the names the map has no room
for, by hex number, and where they go: beside or under the map as far as they fit there,
the rest on pages of their own, never cut off."""

from __future__ import annotations

from generator.i18n import Translator
from generator.printing import mapkey
from generator.render.maps import KeyEntry


def test_rows_by_hex_number_with_a_paths_first_and_last_hex() -> None:
    t = Translator("en")
    rows = mapkey.key_rows([
        KeyEntry(("0912", "0812"), "Withy Beds"), KeyEntry(("1110", "0616"), "The Sallow",
                                                            "river"),
        KeyEntry(("0313",), "The Pale Chapter")], t)
    assert [(r.where, r.name) for r in rows] == [
        ("0313", "The Pale Chapter"), ("0812, 0912", "Withy Beds"),
        ("1110–0616", "The Sallow (river)")]
    ru = mapkey.key_rows([KeyEntry(("0101", "0202"), "Тракт", "road")], Translator("ru"))
    assert ru[0].name.startswith("Тракт (") and "road" not in ru[0].name


def test_a_key_stays_by_the_map_as_far_as_it_fits_the_rest_takes_pages_of_its_own() -> None:
    rows = [mapkey.KeyRow(f"{n:04d}", f"Name number {n}") for n in range(600)]
    here, pages = mapkey.key_pages(rows[:20], 190, 60, 250, mapkey.columns(190))
    assert here == rows[:20] and pages == []
    # too many for the room under the map: as many as fit there (the page's room is not
    # left empty), the rest on pages, in order
    here, pages = mapkey.key_pages(rows, 190, 60, 250, mapkey.columns(190))
    assert 0 < len(here) < 20 * 4 and len(pages) >= 2
    assert here + [row for page in pages for row in page] == rows
    # no room at all there (a poster's sheets): all on pages
    here, pages = mapkey.key_pages(rows[:20], 190, 0, 250, mapkey.columns(190))
    assert here == [] and pages == [rows[:20]]
    # a page holds no more than its columns' lines
    cols = mapkey.columns(190)
    assert all(len(page) <= cols * 250 / 3.4 for page in pages)


def test_the_legend_height_grows_with_a_long_entry() -> None:
    short = mapkey.legend_height(["Farmland", "Forest", "road"], 190)
    long = mapkey.legend_height(["Farmland", "other place: " + ", ".join(["wreck"] * 40)],
                                190)
    assert long > short


def test_a_narrow_key_counts_wrapped_words_and_its_wrapped_heading() -> None:
    """Beside a map the key's columns are narrow: a row's words wrap a line sooner than its
    characters alone say, and the heading takes more lines; the room counted for them
    holds fewer rows, so that none is cut off at the key's foot."""
    rows = [mapkey.KeyRow("0101", "Barrow of the Antlered King")] * 40
    wide, _ = mapkey.key_pages(rows, 190, 60, 250, 1)
    narrow, _ = mapkey.key_pages(rows, 30, 60, 250, 1)
    assert len(narrow) < len(wide)
    assert mapkey.head_height(30) > mapkey.head_height(190) == mapkey.KEY_HEAD_MM
