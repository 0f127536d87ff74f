"""Output files (kuhtheory.files): checked before the work, written atomically, never through a
symlink (issue 16)."""

from __future__ import annotations

import json
import os
import re

import pytest

from kuhtheory import record as rec
from kuhtheory import tournament
from kuhtheory.cli import main
from kuhtheory.engine import new_game
from kuhtheory.errors import OutputFileError
from kuhtheory.files import check_output_dir, check_output_file, write_text_atomic


def test_write_is_atomic_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    write_text_atomic(target, "new")
    assert target.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text("old")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OutputFileError, match="No space left on device"):
        write_text_atomic(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_an_existing_symlink_is_replaced_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    folder = tmp_path / "records"
    folder.mkdir()
    link = folder / "kuhhandel-1.json"
    link.symlink_to(victim)
    write_text_atomic(link, "record")
    assert victim.read_text() == "precious"
    assert not link.is_symlink() and link.read_text() == "record"


def test_the_new_file_has_the_ordinary_mode(tmp_path):
    path = write_text_atomic(tmp_path / "x.json", "{}")
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("{dir}", "is a directory, not a file"),
        ("{dir}/missing/x.csv", "does not exist"),
        ("{dir}/file.txt/x.csv", "is not a folder"),
        ("", "an empty file name"),
    ],
)
def test_check_output_file_refuses(tmp_path, name, message):
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(OutputFileError, match=message):
        check_output_file(name.format(dir=tmp_path), "--csv")


def test_a_folder_that_cannot_be_made_leaves_no_parent_behind(tmp_path):
    deep = tmp_path / "new" / "newer" / ("x" * 300)
    with pytest.raises(OutputFileError, match="a folder name is longer than"):
        check_output_dir(deep, "--record")
    assert not (tmp_path / "new").exists()


def test_messages_name_the_option_once(tmp_path):
    with pytest.raises(OutputFileError) as info:
        check_output_file(tmp_path, "--csv")
    assert str(info.value).count("--csv") == 1


def test_check_output_dir_creates_the_folder_and_refuses_a_file(tmp_path):
    assert check_output_dir(tmp_path / "a" / "b", "--record").is_dir()
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputFileError, match="--record .*is a file, not a folder"):
        check_output_dir(tmp_path / "file", "--record")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_refused(tmp_path):  # pragma: no cover - the machines run as root
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(OutputFileError, match="not writable"):
            check_output_file(tmp_path / "x.csv")
    finally:
        tmp_path.chmod(0o700)


def test_save_writes_a_record_atomically_through_no_symlink(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("keep")
    (tmp_path / "game.json").symlink_to(victim)
    path = rec.save(rec.record_from_state(new_game(players=3, seed=1)), tmp_path / "game.json")
    assert victim.read_text() == "keep"
    assert json.loads(path.read_text())["setup"]["seed"] == 1


def test_simulate_record_does_not_follow_a_symlink_in_the_folder(tmp_path, capsys):
    victim = tmp_path / "victim"
    victim.write_text("keep")
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "kuhhandel-7.json").symlink_to(victim)
    argv = ["simulate", "--games", "1", "--seed", "7", "--players", "3", "--record", str(folder)]
    assert main(argv) == 0
    assert victim.read_text() == "keep"
    assert json.loads((folder / "kuhhandel-7.json").read_text())["setup"]["seed"] == 7


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tournament", "--csv", "{tmp}"], "--csv .*is a directory"),
        (["tournament", "--csv", "/nonexistent/x.csv"], "--csv .*does not exist"),
        (["tournament", "--csv-games", "{tmp}/no/x.csv"], "--csv-games .*does not exist"),
        (["simulate", "--record", "{tmp}/file.txt"], "--record .*is a file, not a folder"),
        (["play", "--record", "{tmp}"], "--record .*is a directory"),
    ],
)
def test_output_paths_are_checked_before_any_game(tmp_path, capsys, monkeypatch, argv, message):
    (tmp_path / "file.txt").write_text("x")
    played = []
    monkeypatch.setattr(tournament, "play_game", lambda *a, **k: played.append(1))
    argv = [a.format(tmp=tmp_path) for a in argv]
    extra = ["--games", "3", "--bots", "random", "--players", "3"]
    if argv[0] == "tournament":
        argv += [*extra, "--jobs", "1", "--no-progress"]
    elif argv[0] == "simulate":
        argv += extra
    status = main(argv)
    _, err = capsys.readouterr()
    assert status == 2 and not played
    assert err.startswith("kuhtheory: error: ") and err.count("\n") == 1
    assert re.search(message, err), err


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["solve", "kuhn", "--efg", "{out}"], "kuhn.efg"),
        (["trajectories", "{record}", "--out", "{out}"], "t.jsonl"),
        (
            ["tournament", "--games", "2", "--bots", "random", "--players", "3", "--csv", "{out}"],
            "t.csv",
        ),
    ],
)
def test_every_writer_replaces_a_symlink_instead_of_following_it(tmp_path, capsys, argv, name):
    victim = tmp_path / "victim"
    victim.write_text("keep")
    out = tmp_path / name
    out.symlink_to(victim)
    record = tmp_path / "game.json"
    rec.save(rec.record_from_state(new_game(players=3, seed=1)), record)
    argv = [a.format(out=out, record=record) for a in argv]
    if argv[0] == "tournament":
        argv += ["--jobs", "1", "--no-progress"]
    assert main(argv) == 0, capsys.readouterr().err
    assert victim.read_text() == "keep" and not out.is_symlink() and out.stat().st_size > 0


def test_trajectories_checks_its_output_before_reading_any_record(tmp_path, capsys, monkeypatch):
    from kuhtheory.cli import trajectories as cli

    def no_reading(path):
        raise AssertionError(f"{path} was read before --out was checked")

    monkeypatch.setattr(cli, "load", no_reading)
    status = main(
        ["trajectories", str(tmp_path / "game.json"), "--out", str(tmp_path / "no/t.jsonl")]
    )
    _, err = capsys.readouterr()
    assert status == 2 and err.count("\n") == 1
    assert re.search("--out .*does not exist", err), err
