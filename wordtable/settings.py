"""The wiring of settings: the folders wordtable keeps things in, and the word knowledge.

Public API: :func:`data_home`, :func:`cache_home`, :func:`games_database`, :func:`games_store`,
:class:`WordConfig`, :func:`load_config`, :func:`load_dictionary`, :func:`build_referee`,
:func:`buzzer_ports`, :class:`SetValues`, :func:`load_set_values`, :func:`one_thread_for_tesseract`.

This is the one place that reads the environment; everything below it gets paths as arguments.

Folders: ``$WORDTABLE_HOME`` holds everything when set (its ``cache/`` the caches); otherwise the
XDG base directories: ``$XDG_DATA_HOME/wordtable`` (``~/.local/share/wordtable``) for the games and
the referee's rulings, ``$XDG_CACHE_HOME/wordtable`` (``~/.cache/wordtable``) for tables that can be
rebuilt; ``$WORDTABLE_CACHE`` names the cache folder alone. The games may live elsewhere:
``--db`` or ``$WORDTABLE_DB`` (a PostgreSQL server for a club, docs/club.md).

Word knowledge: which dictionary, the players' own lists, house rules, the referee's rulings.

Settings come from a TOML file (``--config FILE`` or ``$WORDTABLE_CONFIG``), then from
command-line options, which win::

    [dictionary]
    size = "large"                 # or "standard"
    word_lists = ["~/words/family.txt"]
    house_rules = "~/words/house.txt"
    overrides = "~/.local/share/wordtable/overrides.sqlite3"
    compounds_allowed = false      # house rule: BOOK -> BOOKCASE is a different stem

The values printed on the table's own game sets, which the rule texts do not print, entered once
and laid into every new game of that kind (``SetValues.setup_defaults``)::

    [sets]
    dicewords_values = "b3,d2,q8"  # DICEWORDS letter values, over the defaults
    lexicon_red_figures = "A10,B2,*15"  # LEXICON red figures, over a common deck's

    [buzzers]
    ports = ["/dev/ttyACM0"]       # the buzzer boxes the dashboard may offer (pyserial URLs)

Every command reads the same file the same way (:func:`load_config`, :func:`build_referee`):
``serve`` builds each game's referee from it as ``check`` and ``replay`` do.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.errors import InvalidInputError
from companion.sets.cards import RedFigures
from companion.sets.dice import LetterValues
from companion.words.dictionary import SIZES, Dictionary
from companion.words.solver import Referee


class ConfigError(InvalidInputError):
    """A settings file that cannot be used."""


def data_home() -> Path:
    """Where the games and the referee's rulings are kept."""
    home = os.environ.get("WORDTABLE_HOME")
    if home:
        return Path(home)
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "wordtable"


def cache_home() -> Path:
    """Where tables that can be rebuilt (the DICEWORDS solver's) are kept."""
    if os.environ.get("WORDTABLE_CACHE"):
        return Path(os.environ["WORDTABLE_CACHE"])
    home = os.environ.get("WORDTABLE_HOME")
    if home:
        return Path(home) / "cache"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "wordtable"


def games_database() -> Path:
    """The SQLite file of every game's events."""
    return data_home() / "games.sqlite3"


def games_store(db: str | None = None) -> str:
    """Where the games are kept: ``db`` (``--db``: a file path, ``sqlite:///path`` or
    ``postgresql://user@host/name``), else ``$WORDTABLE_DB`` (a club's URL with its password stays
    off the command line), else the SQLite file in the data folder."""
    return db or os.environ.get("WORDTABLE_DB") or str(games_database())


def default_overrides() -> Path:
    return data_home() / "overrides.sqlite3"


@dataclass(frozen=True)
class WordConfig:
    size: str = "large"
    word_lists: tuple[Path, ...] = ()
    house_rules: Path | None = None
    overrides: Path = field(default_factory=default_overrides)
    #: House rule: a compound of the old word and another word is a different stem (BOOK -> BOOKCASE).
    compounds_allowed: bool = False

    def with_options(self, size: str | None, word_lists: list[str] | None, house_rules: str | None) -> WordConfig:
        """These settings with command-line options laid over them."""
        config = self
        if size is not None:
            config = replace(config, size=size)
        if word_lists:
            config = replace(config, word_lists=config.word_lists + tuple(Path(p) for p in word_lists))
        if house_rules is not None:
            config = replace(config, house_rules=Path(house_rules))
        return config


def load_config(path: str | Path | None = None) -> WordConfig:
    """Read ``path`` (or ``$WORDTABLE_CONFIG``); no file means the defaults."""
    path = path or os.environ.get("WORDTABLE_CONFIG")
    if not path:
        return WordConfig()
    section = _read(path).get("dictionary", {})
    if not isinstance(section, dict):
        raise ConfigError(f"{path}: [dictionary] is a table of settings")
    unknown = set(section) - {"size", "word_lists", "house_rules", "overrides", "compounds_allowed"}
    if unknown:
        raise ConfigError(f"{path}: unknown [dictionary] setting {', '.join(sorted(unknown))}")
    size = section.get("size", "large")
    if size not in SIZES:
        raise ConfigError(f"{path}: size must be one of {', '.join(SIZES)}")
    lists = section.get("word_lists", [])
    if not isinstance(lists, list) or not all(isinstance(p, str) for p in lists):
        raise ConfigError(f"{path}: word_lists must be a list of file names")

    def expand(p: str) -> Path:
        return Path(p).expanduser()

    return WordConfig(
        size=size,
        word_lists=tuple(expand(p) for p in lists),
        house_rules=expand(section["house_rules"]) if "house_rules" in section else None,
        overrides=expand(section["overrides"]) if "overrides" in section else default_overrides(),
        compounds_allowed=_flag(section, "compounds_allowed", path),
    )


def _read(path: str | Path) -> dict[str, object]:
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"settings file {path} not found") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"cannot read settings file {path}: {error}") from None


def buzzer_ports(path: str | Path | None = None, given: list[str] | None = None) -> list[str]:
    """The buzzer ports the operator offers: the settings file's ``[buzzers] ports``, then those
    ``given`` on the command line (``--buzzers``, comma-separated)."""
    path = path or os.environ.get("WORDTABLE_CONFIG")
    ports: list[str] = []
    if path:
        section = _read(path).get("buzzers", {})
        listed = section.get("ports", []) if isinstance(section, dict) else None
        if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
            raise ConfigError(f"{path}: [buzzers] ports must be a list of pyserial URLs")
        ports += listed
    for spec in given or []:
        ports += spec.split(",")
    ports = [p.strip() for p in ports]
    for port in ports:
        if not port or any(c.isspace() for c in port) or len(port) > 200:
            raise ConfigError(f"buzzer port {port!r}: a pyserial URL such as /dev/ttyACM0 or sim://table")
    return list(dict.fromkeys(ports))


def _flag(section: dict[str, object], key: str, path: str | Path) -> bool:
    value = section.get(key, False)
    if not isinstance(value, bool):
        raise ConfigError(f"{path}: {key} is true or false")
    return value


def load_dictionary(config: WordConfig) -> Dictionary:
    """The built-in list of the configured size, the players' lists, then the house rules."""
    return Dictionary.load(config.size, config.word_lists, config.house_rules)


def build_referee(config: WordConfig) -> Referee:
    """The dictionary, the stem judge with the stored referee overrides, and the solver."""
    return Referee.load(config.size, config.word_lists, config.house_rules, config.overrides, config.compounds_allowed)


@dataclass(frozen=True)
class SetValues:
    """The values printed on the table's own sets: the ``values`` of a DICEWORDS game event and the
    ``red_figures`` of a LEXICON one, unless the game event gives its own."""

    dicewords_values: str | None = None
    lexicon_red_figures: str | None = None

    def setup_defaults(self, setup: dict[str, Any]) -> dict[str, Any]:
        """``setup`` (a game event's fields) with this table's set values filled in where absent.

        >>> SetValues(dicewords_values="b4").setup_defaults({"game": "dicewords", "players": ["Ann"]})["values"]
        'b4'
        """
        game, filled = setup.get("game"), dict(setup)
        if game == "dicewords" and self.dicewords_values and not filled.get("values"):
            filled["values"] = self.dicewords_values
        if game == "lexicon" and self.lexicon_red_figures and not filled.get("red_figures"):
            filled["red_figures"] = self.lexicon_red_figures
        return filled


def load_set_values(path: str | Path | None = None) -> SetValues:
    """The ``[sets]`` section of the settings file (``path`` or ``$WORDTABLE_CONFIG``), checked."""
    path = path or os.environ.get("WORDTABLE_CONFIG")
    if not path:
        return SetValues()
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"settings file {path} not found") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"cannot read settings file {path}: {error}") from None
    section = data.get("sets", {})
    unknown = set(section) - {"dicewords_values", "lexicon_red_figures"}
    if unknown:
        raise ConfigError(f"{path}: unknown [sets] setting {', '.join(sorted(unknown))}")
    values, figures = section.get("dicewords_values"), section.get("lexicon_red_figures")
    try:
        if values is not None:
            LetterValues({item[0]: int(item[1:]) for item in str(values).split(",") if item})
        RedFigures.parse(None if figures is None else str(figures))
    except (InvalidInputError, ValueError, IndexError) as error:
        raise ConfigError(f"{path}: [sets] {error}") from None
    return SetValues(None if values is None else str(values), None if figures is None else str(figures))


def one_thread_for_tesseract() -> None:
    """Tesseract (started by the camera's second reader, with this process's environment) on one
    thread, unless the user chose otherwise: its OpenMP threads spin on the other readers' cores
    (the same sheet took 0.64-0.95 s with them and 0.15-0.24 s on one, docs/vision.md). The rest
    of the environment (``TESSDATA_PREFIX``, ``PATH``) is the user's, passed on as it is."""
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
