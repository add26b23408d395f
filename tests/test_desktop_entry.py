"""``install-desktop``: the launcher entry and icons, in a temporary home directory."""

import configparser
import importlib.resources
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.desktop_entry import APP_ID, entry_text, install, uninstall

RESOURCES = Path(__file__).parents[1] / "resources"
SIZES = ("16x16", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512")


def read_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]
    parser.read_string(path.read_text(encoding="utf-8"))
    return dict(parser["Desktop Entry"])


def exec_arguments(value: str) -> list[str]:
    """The Exec value split into arguments as the desktop entry spec says: the string
    escape ``\\\\`` undone first, then double-quoted arguments with backslash escapes,
    then ``%%`` as a literal ``%``."""
    text = value.replace("\\\\", "\\")
    arguments, i = [], 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        word = ""
        if text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    i += 1
                word += text[i]
                i += 1
            i += 1
        else:
            while i < len(text) and text[i] != " ":
                word += text[i]
                i += 1
        arguments.append(word.replace("%%", "%"))
    return arguments


def test_install_writes_the_entry_and_every_icon_and_uninstall_removes_them(
        tmp_path: Path) -> None:
    icons = {size: RESOURCES / "icons" / f"{size}.png" for size in SIZES}
    icons["scalable"] = RESOURCES / "icon.svg"
    command = [str(tmp_path / "my apps" / "poker-assistant"), "gui"]
    written = install(command, icons, tmp_path)
    entry = tmp_path / "applications" / f"{APP_ID}.desktop"
    assert entry in written and len(written) == len(SIZES) + 2
    for size in SIZES:
        png = tmp_path / "icons" / "hicolor" / size / "apps" / f"{APP_ID}.png"
        assert png.read_bytes() == icons[size].read_bytes()
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg").is_file()
    fields = read_entry(entry)
    assert fields["Type"] == "Application" and fields["Icon"] == APP_ID
    assert exec_arguments(fields["Exec"]) == [*command, "%f"]
    removed = uninstall(tmp_path)
    assert sorted(removed) == sorted(written)
    assert not [path for path in tmp_path.rglob("*") if path.is_file()]
    assert uninstall(tmp_path) == []  # nothing left: not an error


def test_exec_survives_awkward_paths() -> None:
    command = ['/opt/a "b"/$HOME/100%/back\\slash', "gui"]
    line = next(line for line in entry_text(command).splitlines() if line.startswith("Exec="))
    assert exec_arguments(line.removeprefix("Exec=")) == [*command, "%f"]


def test_a_path_with_a_newline_is_refused() -> None:
    from assistant.errors import PokerInputError

    with pytest.raises(PokerInputError, match="desktop entry"):
        entry_text(["/opt/a\nb"])


def test_the_command_installs_into_the_data_home(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    if not (importlib.resources.files("ui.resources") / "icons").is_dir():
        pytest.skip("this environment's ui.resources comes from another checkout")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert main(["install-desktop"]) == 0
    home = tmp_path / ".local" / "share"
    entry = home / "applications" / f"{APP_ID}.desktop"
    command = exec_arguments(read_entry(entry)["Exec"])
    assert command[-2:] == ["gui", "%f"]
    version = subprocess.run([*command[:-2], "--version"], capture_output=True, text=True)
    assert version.returncode == 0 and version.stdout.startswith("poker-assistant")
    assert f"wrote {entry}" in capsys.readouterr().out
    assert len(list(home.glob("icons/hicolor/*/apps/*"))) == len(SIZES) + 1
    assert main(["install-desktop", "--uninstall"]) == 0
    assert not [path for path in tmp_path.rglob("*") if path.is_file()]


def test_python_dash_m_is_the_fallback_launch_command(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    from assistant.cli.desktop import launch_command

    monkeypatch.setattr(sys, "executable", str(tmp_path / "python3"))
    assert launch_command() == [str(tmp_path / "python3"), "-m", "assistant"]
    (tmp_path / "poker-assistant").write_text("#!/bin/sh\n")
    assert launch_command() == [str(tmp_path / "poker-assistant")]
