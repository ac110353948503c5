"""The example campaign (``content/``): the figures a GM feels on a campaign of real size.

    python bench/run.py --example [--repeat 5] [--no-serve] [--port 8109]

On a copy of ``content/`` and ``mkdocs.yml`` in a temporary folder, with its own user cache
folder (``XDG_CACHE_HOME``, where Jinja keeps the compiled templates), it measures, medians
of ``--repeat`` runs:

- the whole ``hexcrawl build`` from an empty build folder against MkDocs and Material on the
  example's stub pages (``run.stub_tree``: the GM tree with every page cut to its title), in
  turns, wall and CPU seconds (user and system, the players' MkDocs worker included);
- ``hexcrawl check``;
- A/B, in turns: the whole build and ``build --docs-only`` with the compiled templates in the
  cache (as every build after the first) against an emptied cache (the first build);
- under ``hexcrawl serve`` (GM site), from saving a file to the changed page being served: a
  line appended to a location, and a note appended to the last session log, three times each.

The load average before and after is recorded: on a shared machine read the CPU seconds and
the ratios taken in turns.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import run as R


def median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


def _fresh(repo: Path) -> None:
    shutil.rmtree(repo / "build", ignore_errors=True)
    shutil.rmtree(repo / "site", ignore_errors=True)


def measure(repeat: int, serve: bool, port: int, only_serve: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"campaign": "content/ (the example)", "repeat": repeat,
                           "load_before": R.load()}
    with tempfile.TemporaryDirectory(prefix="hexcrawl-bench-example-") as tmp:
        repo = Path(tmp) / "campaign"
        shutil.copytree(R.ROOT / "content", repo / "content")
        shutil.copy(R.ROOT / "mkdocs.yml", repo / "mkdocs.yml")
        cache = Path(tmp) / "cache"
        env = {**R.ENV, "XDG_CACHE_HOME": str(cache)}
        R.run(R.hexcrawl("build"), repo, env)  # the cache filled, as after a first build
        if not only_serve:
            figures(out, repo, env, cache, repeat)
        if serve:
            serve_figures(out, repo, port)
    out["load_after"] = R.load()
    return out


def figures(out: dict[str, Any], repo: Path, env: dict[str, str], cache: Path,
        repeat: int) -> None:
    """The build against the stub pages, check, and the template cache's A/B."""
    stub = R.stub_tree(repo)
    print("# example: hexcrawl build against MkDocs on stub pages", file=sys.stderr)
    build: list[tuple[float, float]] = []
    stubs: list[tuple[float, float]] = []
    peaks: list[float] = []
    for _ in range(repeat):
        _fresh(repo)
        wall, peak, cpu = R.run(R.hexcrawl("build"), repo, env)
        build.append((wall, cpu))
        peaks.append(peak)
        stubs.append(R.mkdocs_stub(repo, stub))
    out["build_s"] = median([w for w, _ in build])
    out["build_cpu_s"] = median([c for _, c in build])
    out["build_peak_mb"] = round(max(peaks), 1)
    out["stub_s"] = median([w for w, _ in stubs])
    out["stub_cpu_s"] = median([c for _, c in stubs])
    out["build_vs_stub"] = round(out["build_s"] / out["stub_s"], 2)
    out["build_vs_stub_cpu"] = round(out["build_cpu_s"] / out["stub_cpu_s"], 2)

    print("# example: hexcrawl check", file=sys.stderr)
    check = [R.run(R.hexcrawl("check"), repo, env) for _ in range(repeat)]
    out["check_s"] = median([w for w, _, _ in check])
    out["check_cpu_s"] = median([c for _, _, c in check])

    print("# example: compiled templates kept or not", file=sys.stderr)
    out["template_cache"] = template_cache_ab(repo, env, cache, repeat)


def serve_figures(out: dict[str, Any], repo: Path, port: int) -> None:
    """Edit to served under ``hexcrawl serve``: a location, the last session log."""
    print("# example: hexcrawl serve", file=sys.stderr)
    _fresh(repo)
    sessions = sorted((repo / "content" / "sessions").glob("*.yaml"))
    docs = repo / "build" / "gm" / "docs"

    def edits() -> list[tuple[str, Path, str]]:
        last = sessions[-1]
        page = next((docs / "sessions").glob(f"{last.name[:2]}-*.md"))
        return [("location", repo / "content" / "locations" / "ashford.md",
                 "locations/ashford/"),
                ("session log", last,
                 R.page_url(page.relative_to(docs).as_posix()))]

    try:
        edit = R.timed_edits(repo, port, edits, times=3)
    except RuntimeError as exc:  # the other figures stand
        out["serve_error"] = str(exc)[-2000:]
    else:
        cpus = edit.pop("cpu", {})
        out["serve_edit_s"] = {k: {"runs": v, "median": median(v),
                                   "cpu": cpus.get(k, []),
                                   "cpu_median": median(cpus[k]) if k in cpus else None}
                               for k, v in edit.items()}


def template_cache_ab(repo: Path, env: dict[str, str], cache: Path,
                      repeat: int) -> dict[str, Any]:
    """The whole build and the generator alone, with the compiled templates kept (warm)
    against an emptied cache (cold), in turns: medians of wall and CPU seconds."""
    result: dict[str, Any] = {}
    for name, args in (("build", ["build"]), ("docs_only", ["build", "--docs-only"])):
        cold: list[float] = []
        warm: list[float] = []
        for _ in range(repeat):
            _fresh(repo)
            shutil.rmtree(cache, ignore_errors=True)
            cold.append(R.run(R.hexcrawl(*args), repo, env)[2])
            _fresh(repo)
            warm.append(R.run(R.hexcrawl(*args), repo, env)[2])
        result[name] = {"cold_cpu_s": median(cold), "warm_cpu_s": median(warm),
                        "saving": round(1 - median(warm) / median(cold), 3)}
    return result


def markdown(info: dict[str, Any], r: dict[str, Any]) -> str:
    head = [f"Machine: {info['cpu']}, {info['cores']} cores, {info['memory_gb']} GB, "
             f"{info['system']}; Python {info['python']}, MkDocs {info['mkdocs']}, "
             f"Material {info['mkdocs-material']}; commit {info['commit']}, {info['date']}; "
             f"load average {r['load_before']} → {r['load_after']}; medians of "
             f"{r['repeat']} runs.", ""]
    if "build_s" not in r:
        return "\n".join(head + _serve_lines(r))
    lines = head + [
             "| | wall s | CPU s |", "|---|---:|---:|",
             f"| `hexcrawl build` (both sites) | {r['build_s']:.2f} | {r['build_cpu_s']:.2f} |",
             f"| MkDocs on the stub pages | {r['stub_s']:.2f} | {r['stub_cpu_s']:.2f} |",
             f"| build / stub | **{r['build_vs_stub']:.2f}** | "
             f"**{r['build_vs_stub_cpu']:.2f}** |",
             f"| `hexcrawl check` | {r['check_s']:.2f} | **{r['check_cpu_s']:.2f}** |", ""]
    tc = r["template_cache"]
    lines += ["| compiled templates | cold cache, CPU s | warm cache, CPU s | saving |",
              "|---|---:|---:|---:|"]
    for name, label in (("build", "`hexcrawl build`"), ("docs_only", "`build --docs-only`")):
        lines.append(f"| {label} | {tc[name]['cold_cpu_s']:.2f} | "
                     f"{tc[name]['warm_cpu_s']:.2f} | {100 * tc[name]['saving']:.0f}% |")
    lines += _serve_lines(r)
    lines += ["", "Targets: build / stub at most 1.5, check at most 0.5 s, edit to served at "
                  "most 0.5 s for a location and 1 s for a session log."]
    return "\n".join(lines)


def _serve_lines(r: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    if "serve_error" in r:
        lines += ["", f"hexcrawl serve failed: {r['serve_error'][-300:]}"]
    if "serve_edit_s" in r:
        lines += ["", "| edit to served (GM, `hexcrawl serve`) | runs, wall s | median, wall s "
                      "| runs, CPU s of the server | median, CPU s |",
                  "|---|---|---:|---|---:|"]
        for name, v in r["serve_edit_s"].items():
            cpu = "-" if v["cpu_median"] is None else f"**{v['cpu_median']:.2f}**"
            lines.append(f"| {name} | {', '.join(f'{s:.2f}' for s in v['runs'])} | "
                         f"{v['median']:.2f} | {', '.join(f'{s:.2f}' for s in v['cpu'])} | "
                         f"{cpu} |")
    return lines
