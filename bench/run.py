"""The benchmark: one command, every figure of the performance targets, as ratios.

    python bench/run.py [--sizes 50,100,200] [--target 100] [--sessions 200] [--repeat 2]
                        [--no-serve] [--no-browser] [--no-scaling] [--port 8109]
    python bench/run.py --example [--repeat 5] [--no-serve]   # bench/example.py

For each map size N (an N x N map, N*N/10 locations, ``--sessions`` sessions of 12 watches,
written by bench/synthetic.py into a temporary folder) it measures:

- the generator stage by stage (load, replay, views, render, write; bench/stages.py in a
  fresh process, cold: an empty build folder) and its peak memory;
- the generator stage as the GM runs it, ``hexcrawl build --docs-only`` (both docs trees,
  cold), against ``mkdocs build -f build/gm/mkdocs.yml`` on the same GM tree (the regeneration
  hook off): the two are run in turns and the best of ``--repeat`` kept, so both see the same
  machine load, and their ratio is the figure to read;
- the GM overview map's size in bytes per hex (labels, links and symbols included);
- the whole ``hexcrawl build`` (both MkDocs builds too): time and peak memory, against
  MkDocs and Material on the same navigation with stub pages (a copy of the GM tree with
  every page cut to its title), in turns: the ratio is what the pages themselves cost;
- the whole build with the players' MkDocs in a worker process against one process;
- the overview map in headless Chromium: first paint and panning (bench/browser.py);
- under ``hexcrawl serve`` (the GM site), the time from saving a file to the server serving
  the changed page: the last session log, a session in the middle (every later one replays),
  a location, each twice.

On the ``--target`` size it also measures scaling: the generator stage on a half-size map
(N x N/2, half the locations) against the full one, and with 100, 200 and 400 sessions.

Figures go to stdout as Markdown (bench/README.md records them) and, complete, to
bench/results/latest.json. The machine (CPU, cores, memory, versions) and the load average
before and after each size are recorded with them: on a shared machine absolute seconds are
noisy, ratios taken in the same run much less so. Speed is measured here, never asserted in
tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from synthetic import write  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
LOCATIONS_PER_HEX = 0.1
BASE = ["Targets at 100x100, 1,000 locations, 200 sessions: generator <= 10% of MkDocs (GM);",
        "doubling map or sessions <= 2.1x; GM overview <= 150 bytes/hex; peak memory < 1 GB;",
        "first paint < 2 s; edit to refresh < 2 s."]


# ------------------------------------------------------------------------------------------
# the machine


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = 0.0
    try:
        m = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
        mem_gb = round(int(m.group(1)) / 1024 / 1024, 1) if m else 0.0
    except OSError:
        pass

    def version(package: str) -> str:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as v
        try:
            return v(package)
        except PackageNotFoundError:
            return "?"

    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": mem_gb,
            "system": f"{platform.system()} {platform.release()}",
            "python": platform.python_version(), "mkdocs": version("mkdocs"),
            "mkdocs-material": version("mkdocs-material"),
            "commit": _git("rev-parse", "--short", "HEAD"),
            "date": time.strftime("%Y-%m-%d %H:%M")}


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


# ------------------------------------------------------------------------------------------
# processes


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None,
        ) -> tuple[float, float, float]:
    """Run ``cmd``; its wall seconds, peak memory (MB) and CPU seconds (user and system, its
    own and its children's: a worker process's too). Raises on failure."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env or ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}):\n"
                           f"{err.decode(errors='replace')[-3000:]}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def campaign(repo: Path, columns: int, rows: int, sessions: int) -> Path:
    locations = round(columns * rows * LOCATIONS_PER_HEX)
    write(repo / "content", columns=columns, rows=rows, locations=locations, sessions=sessions)
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    return repo


def hexcrawl(*args: str) -> list[str]:
    return [sys.executable, "-m", "generator.cli", *args]


def docs_only(repo: Path) -> float:
    """``hexcrawl build --docs-only`` from an empty build folder: its wall seconds."""
    shutil.rmtree(repo / "build", ignore_errors=True)
    return run(hexcrawl("build", "--docs-only"), repo)[0]


def mkdocs_gm(repo: Path) -> float:
    out = repo / "alone-gm"
    shutil.rmtree(out, ignore_errors=True)
    return run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", "build/gm/mkdocs.yml",
                "-d", str(out)], repo, {**ENV, "HEXCRAWL_HOOK": "off"})[0]


def stub_tree(repo: Path) -> Path:
    """A copy of the GM tree (``build/gm``) with every page cut down to its front matter and
    title: the same navigation, theme, assets and files for MkDocs, next to no Markdown.
    Returns its ``mkdocs.yml``."""
    source, stub = repo / "build" / "gm", repo / "stub-build" / "gm"
    shutil.rmtree(stub, ignore_errors=True)
    shutil.copytree(source, stub)
    for page in (stub / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        front = ""
        if text.startswith("---\n"):
            end = text.find("\n---\n", 4)
            if end >= 0:
                front, text = text[:end + 5], text[end + 5:]
        title = next((line for line in text.splitlines() if line.startswith("# ")), "# Page")
        page.write_text(f"{front}{title}\n", encoding="utf-8")
    return stub / "mkdocs.yml"


def mkdocs_stub(repo: Path, config: Path) -> tuple[float, float]:
    """``mkdocs build`` of the stub tree (``stub_tree``): MkDocs and Material's share of a
    build of this navigation, whatever the pages hold; wall and CPU seconds."""
    out = repo / "alone-stub"
    shutil.rmtree(out, ignore_errors=True)
    wall, _, cpu = run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config),
                        "-d", str(out)], repo, {**ENV, "HEXCRAWL_HOOK": "off"})
    return wall, cpu


def stages(repo: Path) -> dict[str, float]:
    build = repo / "stage-build"
    shutil.rmtree(build, ignore_errors=True)
    out = subprocess.run([sys.executable, str(HERE / "stages.py"), str(repo / "content"),
                          str(build)], cwd=repo, env=ENV, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"stages.py failed:\n{out.stderr[-3000:]}")
    shutil.rmtree(build, ignore_errors=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def build_ab(repo: Path, repeat: int) -> dict[str, float]:
    """A/B of the whole ``hexcrawl build``: the players' MkDocs build in a worker process
    beside the GM's (the default) against both in turn (``HEXCRAWL_JOBS=1``), run
    alternately so that both see the same machine; the best of each and their ratio."""
    worker: list[float] = []
    serial: list[float] = []
    for _ in range(repeat):
        worker.append(run(hexcrawl("build"), repo)[0])
        serial.append(run(hexcrawl("build"), repo, {**ENV, "HEXCRAWL_JOBS": "1"})[0])
    return {"worker_s": round(min(worker), 2), "one_process_s": round(min(serial), 2),
            "worker_vs_one_process": round(min(worker) / min(serial), 3)}


def best(n: int, measure: Callable[[], float]) -> float:
    return min(measure() for _ in range(n))


# ------------------------------------------------------------------------------------------
# hexcrawl serve: from saving a file to serving the changed page


class Server:
    """``hexcrawl serve`` of the GM site in a child process; its log lines with times."""

    def __init__(self, repo: Path, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}/"
        self.events: list[tuple[float, str]] = []
        self.proc = subprocess.Popen(
            hexcrawl("serve", "--audience", "gm", "--dev-addr", f"127.0.0.1:{port}"),
            cwd=repo, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.events.append((time.perf_counter(), line.rstrip()))

    def get(self, path: str) -> str | None:
        try:
            with urllib.request.urlopen(self.base + path, timeout=30) as resp:
                return str(resp.read().decode("utf-8", errors="replace"))
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return None

    def wait_until(self, path: str, marker: str, timeout: float) -> float:
        """Poll ``path`` every 20 ms until it holds ``marker``; the time it first did."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if self.proc.poll() is not None:
                raise RuntimeError("hexcrawl serve ended:\n"
                                   + "\n".join(e for _, e in self.events[-30:]))
            body = self.get(path)
            if body is not None and marker in body:
                return time.perf_counter()
            time.sleep(0.02)
        raise RuntimeError(f"{path} never showed {marker!r} within {timeout} s:\n"
                           + "\n".join(e for _, e in self.events[-30:]))

    def settle(self, quiet: float = 2.0, timeout: float = 600) -> None:
        """Wait until the server has logged nothing for ``quiet`` seconds."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            last = self.events[-1][0] if self.events else 0.0
            if time.perf_counter() - last >= quiet:
                return
            time.sleep(0.1)

    def cpu(self) -> float:
        """The server's CPU seconds so far (user and system; Linux's /proc, else -1): on a
        shared machine they say what an edit cost where wall seconds say what it waited."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return -1.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def page_url(docs_path: str) -> str:
    stem = docs_path[:-3]
    return stem[: -len("index")] if stem.endswith("index") else stem + "/"


def serve_edits(repo: Path, port: int, sessions: int) -> dict[str, Any]:
    """Seconds from saving each edited file to the server serving the changed page."""
    docs = repo / "build" / "gm" / "docs"

    def session_page(n: int) -> str:
        found = sorted((docs / "sessions").glob(f"{n:02d}-*.md"))
        assert found, f"no page for session {n}"
        return page_url(found[0].relative_to(docs).as_posix())

    return timed_edits(repo, port, lambda: [
        ("last session", repo / "content" / "sessions" / f"{sessions:03d}.yaml",
         session_page(sessions)),
        ("middle session", repo / "content" / "sessions" / f"{sessions // 2:03d}.yaml",
         session_page(sessions // 2)),
        ("location", repo / "content" / "locations" / "site-00010.md",
         "locations/site-00010/"),
    ], times=2)


def timed_edits(repo: Path, port: int, edits: Callable[[], list[tuple[str, Path, str]]],
                times: int) -> dict[str, Any]:
    """Under ``hexcrawl serve`` of the GM site: for each (name, file, page URL) of
    ``edits()`` (called once the first build is served), ``times`` edits in a row, each the
    seconds from saving the file to the server serving the page with the change."""
    server = Server(repo, port)
    try:
        server.wait_until("", "<html", timeout=1200)
        server.settle()
        result: dict[str, Any] = {}
        cpus: dict[str, list[float]] = {}
        for name, path, url in edits():
            seconds: list[float] = []
            for attempt in range(times):
                marker = f"benchmark-edit-{name.replace(' ', '-')}-{attempt}-{time.time_ns()}"
                text = path.read_text(encoding="utf-8")
                if not text.endswith("\n"):
                    text += "\n"
                addition = (f"{_item_indent(text)}- note: {marker}\n" if path.suffix == ".yaml"
                            else f"\n{marker}\n")
                start, cpu = time.perf_counter(), server.cpu()
                path.write_text(text + addition, encoding="utf-8")
                seconds.append(server.wait_until(url, marker, timeout=600) - start)
                cpus.setdefault(name, []).append(round(server.cpu() - cpu, 2))
                server.settle()
            result[name] = [round(s, 2) for s in seconds]
        if all(c >= 0 for v in cpus.values() for c in v):
            result["cpu"] = cpus
        return result
    finally:
        server.stop()


def _item_indent(text: str) -> str:
    """The indentation of a session log's entries (``  - `` under ``log:``): a note
    appended to the log lines up with them."""
    log = re.search(r"^log:[ \t]*\n( *)- ", text, flags=re.MULTILINE)
    return log.group(1) if log else ""


# ------------------------------------------------------------------------------------------
# one size


def measure(n: int, sessions: int, repeat: int, target: bool, args: argparse.Namespace,
            ) -> dict[str, Any]:
    out: dict[str, Any] = {"size": f"{n}x{n}", "hexes": n * n,
                           "locations": round(n * n * LOCATIONS_PER_HEX),
                           "sessions": sessions, "load_before": load()}
    with tempfile.TemporaryDirectory(prefix=f"hexcrawl-bench-{n}-") as tmp:
        repo = campaign(Path(tmp), n, n, sessions)
        print(f"# {n}x{n}: stages", file=sys.stderr)
        runs = [stages(repo) for _ in range(repeat)]
        out["stages"] = min(runs, key=lambda r: r["total"])
        print(f"# {n}x{n}: generator against MkDocs", file=sys.stderr)
        gen: list[float] = []
        mk: list[float] = []
        for _ in range(repeat):
            gen.append(docs_only(repo))
            mk.append(mkdocs_gm(repo))
        out["generator_s"] = round(min(gen), 2)
        out["mkdocs_gm_s"] = round(min(mk), 2)
        out["generator_vs_mkdocs"] = round(min(gen) / min(mk), 3)
        gm_docs = repo / "build" / "gm" / "docs"
        out["pages_gm"] = sum(1 for _ in gm_docs.rglob("*.md"))
        out["pages_players"] = sum(1 for _ in (repo / "build" / "players" / "docs").rglob("*.md"))
        svg = (gm_docs / "maps" / "overview.svg").stat().st_size
        out["overview_svg_bytes"] = svg
        out["overview_bytes_per_hex"] = round(svg / (n * n), 1)
        out["gm_docs_mb"] = round(sum(p.stat().st_size for p in gm_docs.rglob("*")
                                      if p.is_file()) / 1e6, 1)
        print(f"# {n}x{n}: hexcrawl build against MkDocs on stub pages", file=sys.stderr)
        stub = stub_tree(repo)
        builds: list[float] = []
        stubs: list[float] = []
        peaks: list[float] = []
        cpus: list[tuple[float, float]] = []
        for _ in range(repeat):
            shutil.rmtree(repo / "build", ignore_errors=True)
            shutil.rmtree(repo / "site", ignore_errors=True)
            wall, peak, cpu = run(hexcrawl("build"), repo)
            builds.append(wall)
            peaks.append(peak)
            stub_wall, stub_cpu = mkdocs_stub(repo, stub)
            stubs.append(stub_wall)
            cpus.append((cpu, stub_cpu))
        shutil.rmtree(repo / "stub-build", ignore_errors=True)
        out["build_s"] = round(min(builds), 2)
        out["build_peak_mb"] = round(max(peaks), 1)
        out["mkdocs_stub_s"] = round(min(stubs), 2)
        out["build_vs_stub"] = round(min(builds) / min(stubs), 2)
        # CPU seconds move far less with the machine's load than wall seconds do
        build_cpu, stub_cpu = min(c for c, _ in cpus), min(c for _, c in cpus)
        out["build_cpu_s"] = round(build_cpu, 2)
        out["mkdocs_stub_cpu_s"] = round(stub_cpu, 2)
        out["build_vs_stub_cpu"] = round(build_cpu / stub_cpu, 2)
        print(f"# {n}x{n}: hexcrawl build, the players' MkDocs in a worker or not", file=sys.stderr)
        out["build_ab"] = build_ab(repo, repeat)
        if not args.no_browser:
            print(f"# {n}x{n}: Chromium", file=sys.stderr)
            from browser import measure as browser_measure
            out["browser_ms"] = browser_measure(repo / "site" / "gm")
        if target and not args.no_scaling:
            print(f"# {n}x{n}: scaling", file=sys.stderr)
            out["scaling"] = scaling(n, sessions, repeat, out["generator_s"])
        if not args.no_serve:
            print(f"# {n}x{n}: hexcrawl serve", file=sys.stderr)
            out["serve_edit_s"] = serve_edits(repo, args.port, sessions)
    out["load_after"] = load()
    return out


def scaling(n: int, sessions: int, repeat: int, full: float) -> dict[str, Any]:
    """The generator stage on a half-size map and on half and double the sessions."""
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="hexcrawl-bench-half-") as tmp:
        half_repo = campaign(Path(tmp), n, n // 2, sessions)
        half = best(repeat, lambda: docs_only(half_repo))
    result["half_map_s"] = round(half, 2)
    result["map_doubling"] = round(full / half, 2)
    times = {sessions: full}
    for count in (sessions // 2, sessions * 2):
        with tempfile.TemporaryDirectory(prefix="hexcrawl-bench-sessions-") as tmp:
            repo = campaign(Path(tmp), n, n, count)
            times[count] = best(repeat, lambda: docs_only(repo))  # noqa: B023
    for count in sorted(times):
        result[f"sessions_{count}_s"] = round(times[count], 2)
    result["sessions_doubling"] = [round(times[sessions] / times[sessions // 2], 2),
                                   round(times[sessions * 2] / times[sessions], 2)]
    return result


# ------------------------------------------------------------------------------------------
# the report


def markdown(info: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    lines = [f"Machine: {info['cpu']}, {info['cores']} cores, {info['memory_gb']} GB, "
             f"{info['system']}; Python {info['python']}, MkDocs {info['mkdocs']}, "
             f"Material {info['mkdocs-material']}; commit {info['commit']}, {info['date']}.",
             ""]
    lines += ["| map | pages (GM) | load | replay | views | render | write | generator | "
              "MkDocs (GM) | generator / MkDocs | overview bytes/hex | peak MB (generator, "
              "build) | build | load avg |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        s = r["stages"]
        lines.append(
            f"| {r['size']} ({r['locations']} loc., {r['sessions']} sess.) | {r['pages_gm']} | "
            f"{s['load']:.2f} | {s['replay']:.2f} | {s['views']:.2f} | {s['render']:.2f} | "
            f"{s['write']:.2f} | {r['generator_s']:.2f} | {r['mkdocs_gm_s']:.2f} | "
            f"**{r['generator_vs_mkdocs']:.3f}** | {r['overview_bytes_per_hex']} | "
            f"{s['peak_rss_mb']:.0f}, {r['build_peak_mb']:.0f} | {r['build_s']:.1f} | "
            f"{r['load_before']} → {r['load_after']} |")
    lines += ["", "| map | build | MkDocs on stub pages | build / stub | CPU s: build, stub, "
                  "ratio | build, players' MkDocs in a worker / in one process |",
              "|---|---:|---:|---:|---|---|"]
    for r in rows:
        ab = r["build_ab"]
        lines.append(f"| {r['size']} | {r['build_s']:.1f} | {r['mkdocs_stub_s']:.1f} | "
                     f"**{r['build_vs_stub']:.2f}** | {r['build_cpu_s']:.1f}, "
                     f"{r['mkdocs_stub_cpu_s']:.1f}, **{r['build_vs_stub_cpu']:.2f}** | "
                     f"{ab['worker_s']:.1f} / "
                     f"{ab['one_process_s']:.1f} (**{ab['worker_vs_one_process']:.3f}**) |")
    browser_rows = [r for r in rows if "browser_ms" in r]
    if browser_rows:
        lines += ["", "| map | first contentful paint ms | map painted ms | load ms | "
                      "pan frame median / p95 / max ms | pan fps |",
                  "|---|---:|---:|---:|---|---:|"]
        for r in browser_rows:
            b = r["browser_ms"]
            lines.append(f"| {r['size']} | {b['first_contentful_paint']} | {b['map_painted']} | "
                         f"{b['load']} | {b['pan_frame_median']} / {b['pan_frame_p95']} / "
                         f"{b['pan_frame_max']} | {b['pan_fps']} |")
    serve_rows = [r for r in rows if "serve_edit_s" in r]
    if serve_rows:
        lines += ["", "| map | pages (GM) | edit to served, s: last session | middle session "
                      "| location |", "|---|---:|---|---|---|"]
        for r in serve_rows:
            e = r["serve_edit_s"]
            lines.append(f"| {r['size']} | {r['pages_gm']} | "
                         + " | ".join(", ".join(f"{t:.2f}" for t in e[k])
                                      for k in ("last session", "middle session", "location"))
                         + " |")
    for r in rows:
        if "scaling" in r:
            sc = r["scaling"]
            counts = sorted(int(k.split("_")[1]) for k in sc if k.startswith("sessions_")
                            and k.endswith("_s"))
            lines += ["", f"Scaling at {r['size']}: half-size map {sc['half_map_s']:.2f} s → "
                          f"full {r['generator_s']:.2f} s (**{sc['map_doubling']}x**); "
                          + ", ".join(f"{c} sessions {sc[f'sessions_{c}_s']:.2f} s"
                                      for c in counts)
                          + f" (**{sc['sessions_doubling'][0]}x**, "
                            f"**{sc['sessions_doubling'][1]}x** per doubling)."]
    lines += ["", *BASE]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="50,100,200", help="map sizes N (N x N), comma-separated")
    ap.add_argument("--target", type=int, default=100,
                    help="the size whose scaling is measured")
    ap.add_argument("--sessions", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=2, help="runs per timing (the best kept)")
    ap.add_argument("--no-serve", action="store_true")
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--no-scaling", action="store_true")
    ap.add_argument("--port", type=int, default=8109, help="port of the hexcrawl serve trial")
    ap.add_argument("--json", type=Path, default=HERE / "results" / "latest.json")
    ap.add_argument("--example", action="store_true",
                    help="measure the example campaign (content/) instead: bench/example.py")
    ap.add_argument("--serve-only", action="store_true",
                    help="with --example: only the edits under hexcrawl serve")
    args = ap.parse_args()
    # the package's bytecode, as an installed wheel has it (with PYTHONDONTWRITEBYTECODE set,
    # a checkout would compile every module again in each timed process; MkDocs' own
    # modules, installed by pip, are compiled already)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")],
                   check=True, stdout=subprocess.DEVNULL)
    info = machine()
    if args.example:
        import example
        result = example.measure(args.repeat, not args.no_serve, args.port, args.serve_only)
        path = args.json.with_name("example.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"machine": info, "example": result}, indent=1) + "\n",
                        encoding="utf-8")
        print(example.markdown(info, result))
        return
    rows: list[dict[str, Any]] = []
    for n in (int(s) for s in args.sizes.split(",")):
        rows.append(measure(n, args.sessions, args.repeat, n == args.target, args))
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"machine": info, "sizes": rows}, indent=1) + "\n",
                             encoding="utf-8")
    print(markdown(info, rows))


if __name__ == "__main__":
    main()
