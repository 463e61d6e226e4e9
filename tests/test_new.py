"""`chronicle new`: a campaign folder that checks and builds at once, ready for GitHub Pages."""

from __future__ import annotations

import json

import pytest
import yaml

from chronicle import __version__, rules


@pytest.mark.parametrize("ruleset", sorted(rules.registry()))
def test_new_campaign_checks_and_builds_at_once(run, tmp_path, ruleset):
    target = tmp_path / "my-campaign"
    result = run("new", target, "--ruleset", ruleset, "--title", "Spring & <Autumn>")
    assert result.exit_code == 0, result.output
    assert run("check", target, "--strict").exit_code == 0
    built = run("build", target, "--quiet")
    assert built.exit_code == 0, built.output
    assert (target / "site" / "index.html").is_file()
    config = yaml.safe_load((target / "content" / "campaign.yaml").read_text())
    assert config["title"] == "Spring & <Autumn>" and config["ruleset"] == ruleset
    # the public URL is shown commented, with guidance, and uncommented it builds
    text = (target / "content" / "campaign.yaml").read_text()
    assert "\n# url: https://NAME.github.io/REPO/\n" in text and "--url" in text
    (target / "content" / "campaign.yaml").write_text(text.replace("\n# url: ", "\nurl: "))
    assert run("build", target, "--quiet").exit_code == 0
    assert "https://NAME.github.io/REPO/" in (target / "site" / "sitemap.xml").read_text()
    # the modelines point at schemas that exist, so an editor validates as the administrator types
    for path in (target / "content").rglob("*.yaml"):
        first = path.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema = (path.parent / first.split("=", 1)[1]).resolve()
        assert schema.is_file(), schema
        json.loads(schema.read_text())



def test_new_says_the_next_command_as_it_can_be_pasted(run, tmp_path):
    """A folder with a space in its name: the command shown runs when pasted into a shell."""
    import shlex
    target = tmp_path / "spring campaign"
    result = run("new", target)
    assert result.exit_code == 0, result.output
    shown = result.output.split("Next: ", 1)[1].strip()
    assert shlex.split(shown) == ["cd", str(target), "&&", "chronicle", "build"]

def test_new_writes_a_pages_workflow_pinned_to_this_version(run, tmp_path):
    target = tmp_path / "c"
    assert run("new", target).exit_code == 0
    workflow = yaml.safe_load((target / ".github" / "workflows" / "pages.yml").read_text())
    steps = [s.get("run", "") for s in workflow["jobs"]["build"]["steps"]]
    assert workflow["env"]["CHRONICLE"] == f"campaign-chronicle=={__version__}"
    assert 'pip install "$CHRONICLE"' in steps
    assert any(s.startswith("chronicle build") for s in steps)
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert (target / ".gitignore").read_text().split() == ["/site/", "/.site.cache/"]     # the site and its build cache


def test_new_refuses_a_folder_that_is_not_empty(run, tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "notes.txt").write_text("mine")
    result = run("new", tmp_path / "x")
    assert result.exit_code == 2
    assert (tmp_path / "x" / "notes.txt").read_text() == "mine"
