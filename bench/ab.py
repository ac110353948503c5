"""A/B of two checkouts of hexcrawl in one run, in turns: the whole ``hexcrawl build`` of a
campaign, and MkDocs alone on each one's GM tree (the regeneration hook off).

    python bench/ab.py BASE_CHECKOUT BRANCH_CHECKOUT CAMPAIGN [--repeat 5] [--stub]

``CAMPAIGN`` holds ``content/`` and ``mkdocs.yml`` (the example: a copy of this repository's;
a synthetic one: ``bench/synthetic.py`` and this repository's ``mkdocs.yml``). Each checkout
builds its own copy, with its own template cache (filled by a first build, as after any
build); the two are run alternately, so both see the same machine, and the load average is
recorded before and after each turn. With ``--stub``, MkDocs on the stub pages
(``run.stub_tree``) of the base's GM tree is measured in the same turns. Medians of wall and
CPU seconds (user and system, children included) are printed as a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as R  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", type=Path)
    ap.add_argument("branch", type=Path)
    ap.add_argument("campaign", type=Path)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--stub", action="store_true")
    args = ap.parse_args()
    sides = {"base": args.base.resolve(), "branch": args.branch.resolve()}
    figures: dict[str, list[tuple[float, float]]] = {}
    loads = [R.load()]
    with tempfile.TemporaryDirectory(prefix="hexcrawl-ab-") as tmp:
        repos, envs = {}, {}
        for name, code in sides.items():
            repo = repos[name] = Path(tmp) / name
            shutil.copytree(args.campaign / "content", repo / "content")
            shutil.copy(args.campaign / "mkdocs.yml", repo / "mkdocs.yml")
            envs[name] = {**os.environ, "PYTHONPATH": str(code), "NO_MKDOCS_2_WARNING": "1",
                          "XDG_CACHE_HOME": str(Path(tmp) / f"cache-{name}")}
            R.run(R.hexcrawl("build"), repo, envs[name])  # the template cache filled
        stub = R.stub_tree(repos["base"]) if args.stub else None
        for turn in range(args.repeat):
            for name, repo in repos.items():
                shutil.rmtree(repo / "build", ignore_errors=True)
                shutil.rmtree(repo / "site", ignore_errors=True)
                wall, _, cpu = R.run(R.hexcrawl("build"), repo, envs[name])
                figures.setdefault(f"build {name}", []).append((wall, cpu))
                out = repo / "alone-gm"
                shutil.rmtree(out, ignore_errors=True)
                wall, _, cpu = R.run(
                    [sys.executable, "-m", "mkdocs", "build", "-q", "-f", "build/gm/mkdocs.yml",
                     "-d", str(out)], repo, {**envs[name], "HEXCRAWL_HOOK": "off"})
                figures.setdefault(f"MkDocs (GM) {name}", []).append((wall, cpu))
            if stub is not None:
                figures.setdefault("stub", []).append(R.mkdocs_stub(repos["base"], stub))
            loads.append(R.load())
            print(f"turn {turn + 1}: " + ", ".join(
                f"{k} {v[-1][0]:.2f}/{v[-1][1]:.2f}" for k, v in figures.items())
                  + f"; load {loads[-1]}", file=sys.stderr, flush=True)
    print("| figure | wall s (median) | CPU s (median) |\n|---|---:|---:|")
    for key, values in figures.items():
        print(f"| {key} | {median(w for w, _ in values):.2f} | "
              f"{median(c for _, c in values):.2f} |")
    for what in ("build", "MkDocs (GM)"):
        base, branch = figures[f"{what} base"], figures[f"{what} branch"]
        wall = median(w for w, _ in branch) / median(w for w, _ in base)
        cpu = median(c for _, c in branch) / median(c for _, c in base)
        print(f"| {what}: branch / base | {wall:.3f} | {cpu:.3f} |")
    print(f"\n{args.repeat} turns; load average (1, 5, 15 min) before and after each "
          "turn: " + " | ".join(loads))


if __name__ == "__main__":
    main()
