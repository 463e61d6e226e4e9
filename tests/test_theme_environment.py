"""The sandbox runs only when the campaign brings templates of its own: chronicle's theme alone
renders in a plain Jinja environment (a fifth faster), and the pages are the same bytes."""

from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from chronicle.render import site as site_module
from chronicle.render.sandbox import Sandbox
from samples import SMALL_CAMPAIGN
from site_helpers import SMALL_STORIES, SMALL_TURNS

ESCAPE = '{% extends "default/turn.html" %}{% block content %}{{ cycler.__init__.__globals__.os }}{% endblock %}\n'


def test_no_templates_folder_renders_with_the_theme_environment(tmp_path):
    assert not site_module.overrides_templates(tmp_path)
    env = site_module.environment(tmp_path)
    assert type(env) is site_module.Theme and not isinstance(env, Sandbox)


def test_static_files_alone_are_not_templates(tmp_path):
    (tmp_path / "templates" / "static" / "img").mkdir(parents=True)
    (tmp_path / "templates" / "static" / "extra.css").write_text("body { color: red }\n")
    assert not site_module.overrides_templates(tmp_path)
    assert type(site_module.environment(tmp_path)) is site_module.Theme


@pytest.mark.parametrize("name", ["turn.html", "partials/box.html", "static.html", "notes.txt"])
def test_any_template_file_of_the_campaign_brings_the_sandbox(tmp_path, name):
    path = tmp_path / "templates" / name
    path.parent.mkdir(parents=True)
    path.write_text("<p>ours</p>\n")
    assert site_module.overrides_templates(tmp_path)
    assert isinstance(site_module.environment(tmp_path), Sandbox)


def test_a_link_in_static_brings_the_sandbox(tmp_path):
    (tmp_path / "templates" / "static").mkdir(parents=True)
    (tmp_path / "elsewhere.html").write_text("<p>x</p>\n")
    (tmp_path / "templates" / "static" / "page.html").symlink_to(tmp_path / "elsewhere.html")
    assert site_module.overrides_templates(tmp_path)


def test_an_override_that_reaches_for_python_is_still_refused(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    (root / "templates").mkdir()
    (root / "templates" / "turn.html").write_text(ESCAPE)
    result = run("build", root, "--quiet")
    assert result.exit_code == 1
    assert "templates/turn.html:1:" in result.output and "unsafe" in result.output.lower()
    assert not (root / "site").exists()


def test_the_theme_environment_writes_the_sandboxs_bytes(run, make_campaign, tmp_path, monkeypatch):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    assert run("build", root, "--quiet", "-o", tmp_path / "theme").exit_code == 0
    monkeypatch.setattr(site_module, "overrides_templates", lambda _root: True)
    assert run("build", root, "--quiet", "-o", tmp_path / "sandbox").exit_code == 0
    theme, sandbox = tmp_path / "theme", tmp_path / "sandbox"
    files = sorted(p.relative_to(theme) for p in theme.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(sandbox) for p in sandbox.rglob("*") if p.is_file())
    assert len(files) > 20
    different = [f for f in files if not filecmp.cmp(theme / f, sandbox / f, shallow=False)]
    assert different == []
