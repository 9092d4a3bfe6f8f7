"""The terminal speaks the language asked for (``--lang``) or the locale's."""

from __future__ import annotations

from typer.testing import CliRunner

from liftoff.cli.main import build

runner = CliRunner()
app = build()


def play(*extra: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = runner.invoke(
        app,
        ["play", "planet", "--seats", "human,random", "--seed", "5", *extra],
        input="q\n",
        env={
            "LIFTOFF_NO_CLEAR": "1",
            "COLUMNS": "100",
            "LC_ALL": "",
            "LC_MESSAGES": "",
            **(env or {}),
        },
    )
    return result.exit_code, result.output


def test_lang_japanese_names_the_reader_in_japanese() -> None:
    code, out = play("--lang", "ja")
    assert code == 0, out
    assert "あなた" in out and "You " not in out


def test_the_locale_chooses_when_lang_is_not_given() -> None:
    code, out = play(env={"LANG": "ja_JP.UTF-8"})
    assert code == 0 and "あなた" in out
    code, out = play(env={"LANG": "C.UTF-8"})
    assert code == 0 and "あなた" not in out


def test_an_unknown_language_is_refused_in_one_line() -> None:
    code, out = play("--lang", "xx")
    assert code == 2 and "there is no such language" in out and "Traceback" not in out
