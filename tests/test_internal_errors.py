"""A bug in chronicle is one line and exit code 70; ``--debug`` shows the traceback."""

from __future__ import annotations

import pytest

from chronicle import cli


@pytest.fixture
def broken(monkeypatch):
    def boom(*_args, **_kwargs):
        raise ZeroDivisionError("division by zero\nsecond line")
    monkeypatch.setattr(cli, "load_history", boom)


@pytest.mark.parametrize("command", ["check", "build", "state"])
def test_an_internal_error_is_one_line_and_exit_70(run, broken, tmp_path, command):
    result = run(command, tmp_path)
    assert result.exit_code == cli.INTERNAL_ERROR == 70
    assert result.stderr.splitlines() == [
        "internal error: ZeroDivisionError: division by zero — please report it, with the output of the "
        "same command run with --debug"]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_shows_the_traceback(run, broken, tmp_path, where):
    args = ["--debug", "check", tmp_path] if where == "before" else ["check", tmp_path, "--debug"]
    result = run(*args)
    assert result.exit_code == 70
    assert "Traceback (most recent call last)" in result.stderr
    assert "second line" in result.stderr
    assert result.stderr.rstrip().splitlines()[-1].startswith("internal error: ZeroDivisionError")


def test_usage_errors_and_campaign_problems_keep_their_codes(run, tmp_path):
    assert run("check", tmp_path).exit_code == 1               # no campaign here: a problem, not a bug
    assert run("check", "--no-such-option").exit_code == 2
