"""What handing the pages' tables to MkDocs as HTML could save at most.

Python-Markdown, with the sites' extensions, converts every generated page of a built
campaign (``build/gm/docs`` and ``build/players/docs`` of REPO, after ``hexcrawl build
--docs-only``) as generated (A) and with every table row taken out (B), interleaved; the
medians' difference bounds what tables cost Python-Markdown there.

    python bench/tables.py REPO [--repeat 7]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import time

import markdown  # type: ignore[import-untyped]

EXTENSIONS = ["admonition", "pymdownx.details", "attr_list", "md_in_html", "tables", "toc",
              "generator.site.mdext"]


def pages(repo: pathlib.Path) -> list[str]:
    out = []
    for site in ("gm", "players"):
        for path in sorted((repo / "build" / site / "docs").rglob("*.md")):
            text = path.read_text(encoding="utf-8")
            out.append(text.split("---", 2)[2] if text.startswith("---") else text)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repo", type=pathlib.Path)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    texts = pages(args.repo)
    untabled = ["\n".join(line for line in text.splitlines() if not line.startswith("|"))
                for text in texts]
    md = markdown.Markdown(extensions=EXTENSIONS,
                           extension_configs={"toc": {"permalink": True}})

    def run(batch: list[str]) -> float:
        start = time.perf_counter()
        for text in batch:
            md.reset()
            md.convert(text)
        return time.perf_counter() - start

    run(texts)
    run(untabled)
    a, b = [], []
    for _ in range(args.repeat):
        a.append(run(texts))
        b.append(run(untabled))
    print(f"{len(texts)} pages: as generated {statistics.median(a):.3f} s, without table "
          f"rows {statistics.median(b):.3f} s: tables cost at most "
          f"{statistics.median(a) - statistics.median(b):.3f} s")


if __name__ == "__main__":
    main()
