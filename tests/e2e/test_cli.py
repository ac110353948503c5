"""The command line as a user meets it: real processes, real files, exit codes, messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


def hexcrawl(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=600)


def test_check_is_clean_on_the_example_campaign() -> None:
    result = hexcrawl("check")
    assert result.returncode == 0, result.stderr
    assert "0 errors, 0 warnings" in result.stderr


def test_check_reports_every_error_with_position_and_no_traceback(tmp_path: Path) -> None:
    result = hexcrawl("new", str(tmp_path / "c"))
    assert result.returncode == 0, result.stderr
    camp = tmp_path / "c"
    session = next((camp / "sessions").glob("*.yaml"))
    session.write_text(session.read_text("utf-8") + "  - travel: {heading: NNE}\n", "utf-8")
    (camp / "hexes" / "extra.yaml").write_text('"0606": {terrain: forrest}\n', "utf-8")
    result = hexcrawl("check", "--content", str(camp))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = [x for x in result.stderr.splitlines() if ": error: " in x]
    assert any("extra.yaml:1:19: error: unknown terrain 'forrest' (did you mean 'forest'?)"
               in x for x in lines), result.stderr
    last = len(session.read_text("utf-8").splitlines())
    assert any(x.startswith(f"{session}:{last}:23: error: 'NNE' is not a face of a flat-top "
                            "hex (faces: 'N', 'NE', 'SE', 'S', 'SW', 'NW'); did you mean 'NE'?")
               for x in lines), lines
    assert len(lines) == 2  # every problem of the run, together


def test_missing_content_folder_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    result = hexcrawl("check", "--content", str(tmp_path / "nope"))
    assert result.returncode == 1
    assert "content folder not found" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_counts_unrecorded_rolls_only_when_there_are_some(tmp_path: Path) -> None:
    """A campaign with no session yet (a fresh import) gets no empty 'Rolls the replay made
    itself:' heading; one whose logs record every roll is told so, with no hint to list
    them."""
    result = hexcrawl("new", str(tmp_path / "c"))
    assert result.returncode == 0, result.stderr
    camp = tmp_path / "c"
    (session,) = (camp / "sessions").glob("*.yaml")
    session.unlink()
    result = hexcrawl("check", "--content", str(camp))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "", result.stdout
    assert "0 sessions; 0 errors, 0 warnings" in result.stderr
    session.write_text("session: 1\nlog:\n  - travel: {follow: east-road}\n"
                       "    rolls: {distance: 7, judge_distance: 12, encounter: [5]}\n", "utf-8")
    result = hexcrawl("check", "--content", str(camp))
    assert result.returncode == 0, result.stderr
    assert "  session 1 (Session 1): none of 3 rolls" in result.stdout, result.stdout
    assert "--list-seeded" not in result.stdout


def test_usage_error_exits_2() -> None:
    assert hexcrawl("check", "--bogus").returncode == 2


@pytest.fixture(scope="module")
def replay_json() -> str:
    """What ``hexcrawl replay --json`` prints for the example campaign, run once."""
    result = hexcrawl("replay", "--json")
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_replay_json_follows_the_documented_schema(replay_json: str) -> None:
    data = json.loads(replay_json)
    assert data["campaign"] == "The Sallow Reach"
    assert [s["session"] for s in data["sessions"]] == sorted(s["session"]
                                                              for s in data["sessions"])
    watch_keys = {"index", "day", "watch", "activity", "start_hex", "end_hex", "believed_hex",
                  "hexes_entered", "miles", "progress_miles", "lost", "knows_lost", "veer",
                  "rolls", "discovered", "encounters", "warnings"}
    roll_keys = {"purpose", "dice", "natural", "total", "target", "outcome", "recorded"}
    lost_seen = veer_seen = False
    for s in data["sessions"]:
        assert set(s["start"]) >= {"hex", "day", "watch"}
        assert set(s["end"]) >= {"hex", "believed_hex", "day", "watch", "lost", "veer"}
        for i, w in enumerate(s["watches"]):
            assert watch_keys <= set(w)
            assert w["index"] == i
            assert 1 <= w["watch"] <= 6
            for r in w["rolls"]:
                assert roll_keys <= set(r)
            if w["knows_lost"]:
                assert w["believed_hex"] is None
            lost_seen |= w["lost"]
            veer_seen |= w["veer"] != 0
    assert lost_seen and veer_seen  # the example campaign gets lost and veers


def test_replay_json_is_byte_identical_between_runs(replay_json: str) -> None:
    assert hexcrawl("replay", "--json").stdout == replay_json


def test_replay_one_session_as_text() -> None:
    result = hexcrawl("replay", "--session", "2")
    assert result.returncode == 0, result.stderr
    assert "Session 2:" in result.stdout and "Session 1:" not in result.stdout
    assert "navigation" in result.stdout
    assert hexcrawl("replay", "--session", "99").returncode == 2


def test_roll_on_a_table_is_repeatable_with_a_seed() -> None:
    first = hexcrawl("roll", "weather", "--seed", "5")
    assert first.returncode == 0, first.stderr
    assert first.stdout == hexcrawl("roll", "weather", "--seed", "5").stdout
    bad = hexcrawl("roll", "wether")
    assert bad.returncode == 2 and "did you mean 'weather'?" in bad.stderr


def test_new_scaffolds_a_valid_campaign_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "my-campaign"
    assert hexcrawl("new", str(target)).returncode == 0
    assert (target / "campaign.yaml").is_file()
    assert hexcrawl("check", "--content", str(target)).returncode == 0
    before = (target / "campaign.yaml").read_bytes()
    again = hexcrawl("new", str(target))
    assert again.returncode == 1 and "already holds campaign.yaml" in again.stderr
    assert "never overwrites" in again.stderr
    assert (target / "campaign.yaml").read_bytes() == before
    # a fresh clone (a .git folder and a README) is a fine place for a campaign
    clone = tmp_path / "clone"
    (clone / ".git").mkdir(parents=True)
    (clone / "README.md").write_text("# Our campaign\n", "utf-8")
    assert hexcrawl("new", str(clone)).returncode == 0
    assert (clone / "README.md").read_text("utf-8") == "# Our campaign\n"
    for name in (".github/workflows/site.yml", ".gitignore", "mkdocs.yml", "requirements.txt"):
        assert (clone / name).is_file(), name
    assert hexcrawl("new", str(tmp_path / "clone" / "README.md" / "x")).returncode == 1


@pytest.mark.parametrize("system", ["brp", "bsh"])
def test_the_same_logs_replay_under_another_check_system(tmp_path: Path, system: str) -> None:
    """A campaign changes system with one line (rules.md section 8)."""
    import shutil

    camp = tmp_path / "c"
    shutil.copytree(CONTENT, camp)
    text = (camp / "campaign.yaml").read_text("utf-8")
    assert "checks: d20" in text
    (camp / "campaign.yaml").write_text(text.replace("checks: d20", f"checks: {system}"),
                                        "utf-8")
    result = hexcrawl("replay", "--json", "--content", str(camp))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    dice = {r["dice"] for s in data["sessions"] for w in s["watches"] for r in w["rolls"]
            if r["purpose"] == "navigation"}
    assert dice <= ({"1d100"} if system == "brp" else {"1d20", "2d20"})


def test_schema_writes_a_schema_per_file_kind(tmp_path: Path) -> None:
    result = hexcrawl("schema", "--out", str(tmp_path / "schemas"))
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "schemas").glob("*.json"))
    assert "campaign.schema.json" in names and "replay.schema.json" in names
    assert "session.schema.json" in names
    for path in (tmp_path / "schemas").glob("*.schema.json"):
        assert json.loads(path.read_text("utf-8"))["title"]
    # beside them, the VS Code settings that apply them
    snippet = json.loads((tmp_path / "schemas" / "vscode-settings.json").read_text("utf-8"))
    assert "yaml.schemas" in snippet


def chromium_or_skip() -> None:
    import shutil as _shutil

    if not (Path("/usr/bin/chromium").exists() or _shutil.which("chromium")) or \
            not _shutil.which("pdftotext"):
        if os.environ.get("CI") == "true":
            pytest.fail("chromium and pdftotext are required under CI")
        pytest.skip("chromium or pdftotext is not installed")


def test_print_writes_the_requested_pdfs(tmp_path: Path) -> None:
    chromium_or_skip()
    out = tmp_path / "pdf"
    result = hexcrawl("print", "--out", str(out), "--paper", "Letter", "--language", "uk",
                      "travel", "gm-screen")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.glob("*.pdf")) == ["gm-screen.pdf", "travel.pdf"]
    text = subprocess.run(["pdftotext", str(out / "travel.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Ліс" in text or "ліс" in text  # Ukrainian sheet: forest
    bad = hexcrawl("print", "--out", str(out), "nosuchsheet")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr


def test_serve_reloads_on_content_edits(tmp_path: Path) -> None:
    """`hexcrawl serve` serves the GM site on loopback; editing a session log regenerates
    its page (through the MkDocs hook) and the server shows the new text."""
    import shutil
    import socket
    import time
    import urllib.request

    repo = tmp_path / "repo"
    shutil.copytree(CONTENT, repo / "content")
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--audience",
                             "gm", "--dev-addr", f"127.0.0.1:{port}"], cwd=repo, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def page(path: str) -> str | None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
                body: str = r.read().decode("utf-8")
                return body
        except OSError:
            return None

    def wait_for(check: object, limit: float = 120) -> bool:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if callable(check) and check():
                return True
            time.sleep(0.5)
        return False

    try:
        assert wait_for(lambda: page("/") is not None), "the server never answered"
        url = "/sessions/01-the-queens-road/"
        assert "The Queen" in (page(url) or "")
        session = next((repo / "content" / "sessions").glob("01*.yaml"))
        session.write_text(session.read_text("utf-8").replace(
            "title: ", "title: Freshly Edited ", 1), "utf-8")
        assert wait_for(lambda: "Freshly Edited" in (page("/sessions/") or "")), \
            "the edit never reached the served site"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
