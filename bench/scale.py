"""The scale probes of docs/security.md: a campaign of 2,000 session files, and one session
log of 20,000 entries, each built whole (``hexcrawl build``: both docs trees, both MkDocs
builds) from an empty build folder. Limit: 2 minutes and 1 GB each.

    python bench/scale.py                       # both probes, once each
    python bench/scale.py --probe entries --repeat 3
    python bench/scale.py --sessions 200 --entries 2000    # smaller instances, to try a change

Each probe is written by ``bench/synthetic.py`` (a 30 x 30 map, 90 locations) into a
temporary folder. Printed as a Markdown table, and written to ``--json``: wall seconds, CPU
seconds (user and system, the players' MkDocs worker included), peak resident memory of the
largest process, the generator alone (``build --docs-only``) beside it, and the load average
before and after (on a shared machine read the CPU seconds).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import run as R
from synthetic import write


def probe(repo: Path, kind: str, size: int) -> Path:
    """Write the probe's campaign into ``repo``."""
    content = repo / "content"
    if kind == "sessions":
        write(content, columns=30, rows=30, locations=90, sessions=size)
    else:
        write(content, columns=30, rows=30, locations=90, sessions=1, entries=size)
    shutil.copy(R.ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    return repo


def measure(kind: str, size: int, repeat: int) -> dict[str, Any]:
    what = "session files" if kind == "sessions" else "entries in one log"
    out: dict[str, Any] = {"probe": f"{size} {what}", "load_before": R.load()}
    with tempfile.TemporaryDirectory(prefix="hexcrawl-bench-scale-") as tmp:
        repo = probe(Path(tmp) / "campaign", kind, size)
        env = {**R.ENV, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        runs: dict[str, list[tuple[float, float, float]]] = {"docs": [], "build": []}
        for _ in range(repeat):
            for name, args in (("docs", ("build", "--docs-only", "-q")),
                               ("build", ("build", "-q"))):
                shutil.rmtree(repo / "build", ignore_errors=True)
                shutil.rmtree(repo / "site", ignore_errors=True)
                print(f"# {out['probe']}: hexcrawl {' '.join(args)}", file=sys.stderr)
                runs[name].append(R.run(R.hexcrawl(*args), repo, env))
        gm_pages = sum(1 for _ in (repo / "build" / "gm" / "docs").rglob("*.md"))
        largest = max(p.stat().st_size for p in (repo / "build" / "gm" / "docs").rglob("*.md"))
    for name, measured in runs.items():
        out[f"{name}_s"] = round(statistics.median(w for w, _, _ in measured), 1)
        out[f"{name}_cpu_s"] = round(statistics.median(c for _, _, c in measured), 1)
        out[f"{name}_peak_mb"] = round(max(p for _, p, _ in measured))
    out["gm_pages"] = gm_pages
    out["largest_gm_page_mb"] = round(largest / 2**20, 2)
    out["load_after"] = R.load()
    return out


def markdown(rows: list[dict[str, Any]]) -> str:
    head = ("| probe | generator, wall s | generator, CPU s | generator, peak MB | build, wall s "
            "| build, CPU s | build, peak MB | GM pages | largest GM page, MB | load |\n"
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
    return head + "".join(
        f"| {r['probe']} | {r['docs_s']} | {r['docs_cpu_s']} | {r['docs_peak_mb']} "
        f"| {r['build_s']} | {r['build_cpu_s']} | {r['build_peak_mb']} | {r['gm_pages']} "
        f"| {r['largest_gm_page_mb']} | {r['load_before']} → {r['load_after']} |\n"
        for r in rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--probe", choices=("sessions", "entries", "both"), default="both")
    ap.add_argument("--sessions", type=int, default=2000, help="session files of the first")
    ap.add_argument("--entries", type=int, default=20000, help="entries of the second's log")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each (medians)")
    ap.add_argument("--json", type=Path, default=R.HERE / "results" / "scale.json")
    args = ap.parse_args()
    rows = []
    if args.probe in ("sessions", "both"):
        rows.append(measure("sessions", args.sessions, args.repeat))
    if args.probe in ("entries", "both"):
        rows.append(measure("entries", args.entries, args.repeat))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"machine": R.machine(), "rows": rows}, indent=2), "utf-8")
    print(markdown(rows))


if __name__ == "__main__":
    main()
