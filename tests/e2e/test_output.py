"""Atomic and concurrent builds with real processes (issue 10, items 20-22).

Every build here is `hexcrawl build` in a child process on the small test campaign. Each build
writes a distinct note into the session, so a test can tell which build a served page came
from. A child is killed with SIGKILL at chosen moments: at the exact system call that switches
the sites (the driver wraps ``os.replace`` / ``os.rename`` in the child only), or while MkDocs
runs; afterwards both sites must come from the same build, and the next build must clean up.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.conftest import made_once

from campaign_factory import SESSION, write_campaign

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

#: Runs the CLI in the child; HEXCRAWL_TEST_KILL=when:call:name kills the child with SIGKILL
#: at the first ``os.<call>`` whose destination path contains ``name`` (before or after
#: the call runs). HEXCRAWL_TEST_HOLD=call:name:gate instead holds the child just before that
#: call: it creates ``gate.held`` and waits until ``gate`` exists. HEXCRAWL_TEST_FAIL=call:name
#: makes the first such call fail as Windows does on a folder in use;
#: HEXCRAWL_TEST_NO_SYMLINKS makes every ``os.symlink`` fail as on Windows without developer
#: mode.
DRIVER = textwrap.dedent("""\
    import os, signal, sys, time
    spec = os.environ.get("HEXCRAWL_TEST_KILL")
    if spec:
        when, call, name = spec.split(":")
        real = getattr(os, call)
        def wrapped(src, dst, *args, **kwargs):
            hit = name in os.fspath(dst)
            if hit and when == "before":
                os.kill(os.getpid(), signal.SIGKILL)
            result = real(src, dst, *args, **kwargs)
            if hit and when == "after":
                os.kill(os.getpid(), signal.SIGKILL)
            return result
        setattr(os, call, wrapped)
    fail = os.environ.get("HEXCRAWL_TEST_FAIL")
    if fail:
        call, name = fail.split(":")
        real_fail = getattr(os, call)
        failed = []
        def failing(src, dst, *args, **kwargs):
            if name in os.fspath(dst) and not failed:
                failed.append(dst)
                raise PermissionError(13, "Access is denied", os.fspath(dst))
            return real_fail(src, dst, *args, **kwargs)
        setattr(os, call, failing)
    if os.environ.get("HEXCRAWL_TEST_NO_SYMLINKS"):
        def no_symlink(src, dst, *args, **kwargs):
            raise OSError(22, "A required privilege is not held by the client",
                          os.fspath(dst))
        os.symlink = no_symlink
    hold = os.environ.get("HEXCRAWL_TEST_HOLD")
    if hold:
        call, name, gate = hold.split(":")
        real_hold = getattr(os, call)
        def held(src, dst, *args, **kwargs):
            if name in os.fspath(dst) and not os.path.exists(gate):
                open(gate + ".held", "w").close()
                while not os.path.exists(gate):
                    time.sleep(0.01)
            return real_hold(src, dst, *args, **kwargs)
        setattr(os, call, held)
    from generator.cli import main
    sys.argv[0] = "hexcrawl"
    main()
    """)


def start(base: Path, marker: str, *args: str, kill: str | None = None,
          hold: str | None = None, fail: str | None = None,
          symlinks: bool = True) -> subprocess.Popen[str]:
    """Start a build of the campaign in ``base/campaign`` whose session note is ``marker``."""
    write_campaign(base / "campaign", files={
        "sessions/01.yaml": SESSION.replace("We saw smoke in the east.", marker)})
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("HEXCRAWL_TEST_KILL", None)
    env.pop("HEXCRAWL_TEST_HOLD", None)
    env.pop("HEXCRAWL_TEST_FAIL", None)
    env.pop("HEXCRAWL_TEST_NO_SYMLINKS", None)
    if fail:
        env["HEXCRAWL_TEST_FAIL"] = fail
    if not symlinks:
        env["HEXCRAWL_TEST_NO_SYMLINKS"] = "1"
    if kill:
        env["HEXCRAWL_TEST_KILL"] = kill
    if hold:
        env["HEXCRAWL_TEST_HOLD"] = hold
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, "build", "--content", str(base / "campaign"),
         "--out", str(base / "site"), *args],
        cwd=base, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def build(base: Path, marker: str, *args: str, kill: str | None = None,
          fail: str | None = None, symlinks: bool = True) -> tuple[int, str]:
    proc = start(base, marker, *args, kill=kill, fail=fail, symlinks=symlinks)
    _, err = proc.communicate(timeout=600)
    return proc.returncode, err


def served(base: Path, audience: str) -> str | None:
    """Which build's note the served session page of ``audience`` shows (None: no site)."""
    pages = list((base / "site" / audience / "sessions").glob("*/index.html"))
    if not pages:
        return None
    text = pages[0].read_text("utf-8")
    found = [m for m in ("BUILD-ONE", "BUILD-TWO", "BUILD-THREE", "BUILD-FOUR", "BUILD-FIVE")
             if m in text]
    assert len(found) == 1, found
    return found[0]


def leftovers(base: Path) -> list[str]:
    """Everything in the state folder the current sites do not use, and temporary files."""
    state = base / "site" / ".hexcrawl"
    current = os.readlink(state / "current")
    used = {"current", "lock", current}
    used |= {Path(os.readlink(link)).name for link in (state / current).iterdir()}
    extra = sorted(p.name for p in state.iterdir() if p.name not in used)
    extra += sorted(p.name for p in base.iterdir() if p.name.startswith(".site-new-"))
    extra += sorted(str(p.relative_to(base)) for p in (base / "build").rglob("*")
                    if "tmp" in p.name)
    return extra


@pytest.fixture(scope="module")
def first(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with one good build of both sites (BUILD-ONE), built once per test run
    however many pytest-xdist workers run this module's tests. Tests copy it to build again."""
    def make(base: Path) -> None:
        code, err = build(base, "BUILD-ONE")
        assert code == 0, err

    return made_once(tmp_path_factory, "atomic-first", make)


def copy_of(first: Path, tmp_path: Path) -> Path:
    base = tmp_path / "b"
    subprocess.run(["cp", "-a", str(first), str(base)], check=True)
    return base


def test_both_sites_are_links_into_one_version(first: Path) -> None:
    site = first / "site"
    assert os.readlink(site / "players") == ".hexcrawl/current/players"
    assert os.readlink(site / "gm") == ".hexcrawl/current/gm"
    assert (site / "players" / "index.html").is_file()
    assert (site / "gm" / "index.html").is_file()
    assert served(first, "players") == served(first, "gm") == "BUILD-ONE"
    assert leftovers(first) == []


@pytest.mark.parametrize("kill", [
    "after:rename:players-",        # one audience moved out of staging, not yet current
    "after:replace:/current",       # just after the switch, before links and clean-up
])
def test_a_kill_at_the_switch_leaves_both_sites_from_one_build(first: Path, tmp_path: Path,
                                                               kill: str) -> None:
    base = copy_of(first, tmp_path)
    code, _ = build(base, "BUILD-TWO", kill=kill)
    assert code == -signal.SIGKILL
    players, gm = served(base, "players"), served(base, "gm")
    assert players == gm
    assert players == ("BUILD-TWO" if kill.startswith("after:replace") else "BUILD-ONE")
    code, err = build(base, "BUILD-THREE")
    assert code == 0, err
    assert served(base, "players") == served(base, "gm") == "BUILD-THREE"
    assert leftovers(base) == []


def test_a_killed_build_leaves_an_owner_only_staging_folder_the_next_build_removes(
        first: Path, tmp_path: Path) -> None:
    base = copy_of(first, tmp_path)
    state = base / "site" / ".hexcrawl"
    proc = start(base, "BUILD-TWO")
    deadline = time.monotonic() + 300
    staging: list[Path] = []
    while time.monotonic() < deadline and proc.poll() is None:
        staging = [p for p in state.glob("staging-*") if (p / "players").exists()]
        if staging:
            break
        time.sleep(0.01)
    assert staging, "the build never reached MkDocs"
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    assert stat.S_IMODE(staging[0].stat().st_mode) == 0o700
    assert served(base, "players") == served(base, "gm") == "BUILD-ONE"
    # an older release's staging folder beside --out, holding both sites
    legacy = base / ".site-new-abc123"
    (legacy / "gm").mkdir(parents=True)
    (legacy / "gm" / "index.html").write_text("GM SECRET", "utf-8")
    code, err = build(base, "BUILD-THREE")
    assert code == 0, err
    assert not staging[0].exists() and not legacy.exists()
    assert served(base, "players") == served(base, "gm") == "BUILD-THREE"
    assert leftovers(base) == []


def test_two_builds_at_once_take_turns(first: Path, tmp_path: Path) -> None:
    base = copy_of(first, tmp_path)
    gate = tmp_path / "gate"
    # the first build holds its locks, both sites built, just before it publishes them
    one = start(base, "BUILD-TWO", hold=f"rename:players-:{gate}")
    deadline = time.monotonic() + 300
    while not gate.with_name("gate.held").exists():
        assert time.monotonic() < deadline and one.poll() is None
        time.sleep(0.01)
    # the second, on other content, says it waits; only then is the first let go
    two = start(base, "BUILD-THREE")
    assert two.stderr is not None
    said = ""
    while "waiting for another hexcrawl build" not in said:
        line = two.stderr.readline()
        assert line, f"the second build ended without waiting: {said}"
        said += line
    assert two.poll() is None
    gate.touch()
    _, err_one = one.communicate(timeout=600)
    _, err_two = two.communicate(timeout=600)
    assert one.returncode == 0, err_one
    assert two.returncode == 0, said + err_two
    assert "waiting for another hexcrawl build to finish" in said
    # the second build ran after the first, on its own content
    assert served(base, "players") == served(base, "gm") == "BUILD-THREE"
    assert leftovers(base) == []


def test_building_one_audience_keeps_the_other(first: Path, tmp_path: Path) -> None:
    base = copy_of(first, tmp_path)
    code, err = build(base, "BUILD-TWO", "--audience", "players")
    assert code == 0, err
    assert served(base, "players") == "BUILD-TWO"
    assert served(base, "gm") == "BUILD-ONE"
    assert leftovers(base) == []


def test_an_older_release_layout_is_taken_over(first: Path, tmp_path: Path) -> None:
    base = copy_of(first, tmp_path)
    site = base / "site"
    # what older releases left: real folders, no state folder
    for audience in ("players", "gm"):
        real = site / f"{audience}-real"
        subprocess.run(["cp", "-aL", str(site / audience), str(real)], check=True)
        (site / audience).unlink()
        real.rename(site / audience)
    subprocess.run(["rm", "-rf", str(site / ".hexcrawl")], check=True)
    code, err = build(base, "BUILD-TWO", "--audience", "gm")
    assert code == 0, err
    assert (site / "players").is_symlink() and (site / "gm").is_symlink()
    assert served(base, "players") == "BUILD-ONE"
    assert served(base, "gm") == "BUILD-TWO"
    assert leftovers(base) == []


def copied_with_links_followed(base: Path) -> None:
    """``site`` replaced by a copy made with ``cp -rL``: every link a real folder."""
    site = base / "site"
    subprocess.run(["cp", "-rL", str(site), str(base / "site-copy")], check=True)
    subprocess.run(["rm", "-rf", str(site)], check=True)
    (base / "site-copy").rename(site)
    assert not (site / "players").is_symlink() and not (site / ".hexcrawl" / "current").is_symlink()


def test_a_site_copied_with_links_followed_is_replaced(first: Path, tmp_path: Path) -> None:
    """Real folders where the links go are hexcrawl's output: a build replaces them (one
    that fails at the switch leaves them as they were)."""
    base = copy_of(first, tmp_path)
    copied_with_links_followed(base)
    code, err = build(base, "BUILD-TWO", fail="replace:/current")
    assert code == 1 and "cannot switch the sites" in err and "Traceback" not in err, err
    assert served(base, "players") == served(base, "gm") == "BUILD-ONE"
    assert not (base / "site" / ".hexcrawl" / "current").is_symlink()
    code, err = build(base, "BUILD-TWO", "--audience", "gm")
    assert code == 0, err
    assert (base / "site" / "players").is_symlink() and (base / "site" / "gm").is_symlink()
    assert served(base, "players") == "BUILD-ONE"
    assert served(base, "gm") == "BUILD-TWO"
    assert leftovers(base) == []


def test_without_symlinks_the_sites_are_replaced_by_renames(first: Path,
                                                           tmp_path: Path) -> None:
    """Where links cannot be made (Windows without developer mode), each site is a real
    folder replaced by renames; a build that fails during the switch undoes it, and a
    later build with links takes the folders over."""
    base = copy_of(first, tmp_path)
    site = base / "site"
    state = site / ".hexcrawl"
    for marker in ("BUILD-TWO", "BUILD-THREE"):
        code, err = build(base, marker, symlinks=False)
        assert code == 0, err
        assert not (site / "players").is_symlink() and not (site / "gm").is_symlink()
        assert served(base, "players") == served(base, "gm") == marker
        assert sorted(p.name for p in state.iterdir()) == ["lock"]
    # the players' site already switched when the GM's cannot be (a folder in use)
    code, err = build(base, "BUILD-FOUR", symlinks=False, fail="rename:/site/gm")
    assert code == 1 and "cannot switch the sites" in err and "Traceback" not in err, err
    assert served(base, "players") == served(base, "gm") == "BUILD-THREE"
    code, err = build(base, "BUILD-FOUR", "--audience", "players", symlinks=False)
    assert code == 0, err
    assert served(base, "players") == "BUILD-FOUR"
    assert served(base, "gm") == "BUILD-THREE"
    assert sorted(p.name for p in state.iterdir()) == ["lock"]
    code, err = build(base, "BUILD-FIVE", "--audience", "players")
    assert code == 0, err
    assert (site / "players").is_symlink() and (site / "gm").is_symlink()
    assert served(base, "players") == "BUILD-FIVE"
    assert served(base, "gm") == "BUILD-THREE"
    assert leftovers(base) == []
