"""Benchmark: `hexcrawl build` against MkDocs alone on the same pages.

    python bench/run.py [--sizes small,medium,large] [--repeat 3]

For each size a synthetic campaign is written (bench/synthetic.py), `hexcrawl build` runs
once to warm up, then each measurement is repeated and the best time kept:
- hexcrawl: the whole `hexcrawl build` (load, replay, pages, maps, both MkDocs builds);
- mkdocs: `mkdocs build` of the two generated trees with the regeneration hook off;
- ratio = hexcrawl / mkdocs. Pages per second shows the build stays linear in pages.
Results go to bench/results/latest.json and a table on stdout. Speed is measured here, never
asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from synthetic import write  # noqa: E402

SIZES = {
    "small": dict(columns=20, rows=16, locations=100, sessions=5),
    "medium": dict(columns=50, rows=40, locations=800, sessions=20),
    "large": dict(columns=100, rows=80, locations=3000, sessions=60),
}


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(size: str, repeat: int) -> dict[str, float | int | str]:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        write(repo / "content", **SIZES[size])  # type: ignore[arg-type]
        (repo / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text("utf-8"), "utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        hexcrawl = [sys.executable, "-m", "generator.cli", "build"]
        timed(hexcrawl, repo, env)  # warm-up, and the generated trees for MkDocs alone
        full = min(timed(hexcrawl, repo, env) for _ in range(repeat))
        mk_env = {**env, "HEXCRAWL_HOOK": "off"}
        alone = min(
            sum(timed([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                       f"build/{a}/mkdocs.yml", "-d", str(repo / "alone" / a)], repo, mk_env)
                for a in ("players", "gm"))
            for _ in range(repeat))
        pages = sum(1 for a in ("players", "gm")
                    for _ in (repo / "build" / a / "docs").rglob("*.md"))
    return {"size": size, "pages": pages, "hexcrawl_s": round(full, 2),
            "mkdocs_s": round(alone, 2), "ratio": round(full / alone, 2),
            "pages_per_s": round(pages / full, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="small,medium")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows = [measure(s, args.repeat) for s in args.sizes.split(",")]
    print(f"{'size':<8}{'pages':>7}{'hexcrawl s':>12}{'mkdocs s':>10}{'ratio':>7}"
          f"{'pages/s':>9}")
    for r in rows:
        print(f"{r['size']:<8}{r['pages']:>7}{r['hexcrawl_s']:>12}{r['mkdocs_s']:>10}"
              f"{r['ratio']:>7}{r['pages_per_s']:>9}")
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(rows, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()
