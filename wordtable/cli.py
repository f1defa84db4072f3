"""The ``wordtable`` command line. Every command takes ``--json``.

Commands: ``check``, ``steal``, ``find``, ``judge``, ``override``, ``replay``, ``demo``. Bad input prints one line
to standard error and exits with status 2; it never prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from companion.errors import InvalidInputError, WordtableError
from companion.games.registry import game_names, load_game, word_rules
from companion.records import read_jsonl
from companion.sets.cards import RED_FIGURES_SOURCE
from companion.sets.dice import LetterValues
from companion.words.dictionary import SIZES
from companion.words.letters import LetterError, Letters
from companion.words.overrides import OverrideStore
from companion.words.solver import Referee
from wordtable.settings import (
    WordConfig,
    build_referee,
    buzzer_ports,
    cache_home,
    data_home,
    load_config,
    load_dictionary,
    load_set_values,
    one_thread_for_tesseract,
)

if TYPE_CHECKING:
    from companion.games.dicewords_solver import DiceSolver

EXIT_BAD_INPUT = 2


class UsageError(InvalidInputError):
    """Bad input from the command line: one line for the user."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        raise UsageError(message)


def _word(text: str, what: str = "word") -> str:
    if not text:
        raise UsageError(f"empty {what}")
    if not (text.isascii() and text.isalpha()):
        raise UsageError(f"{text!r} is not a {what}: letters A-Z only")
    return text.lower()


def _letters(text: str) -> Letters:
    try:
        return Letters(text.replace(" ", "").replace(",", ""))
    except LetterError as error:
        raise UsageError(f"pool {text!r}: {error}") from None


def _config(args: argparse.Namespace) -> WordConfig:
    return load_config(args.config).with_options(args.dictionary, args.word_list, args.house_rules)


def _referee(args: argparse.Namespace) -> Referee:
    return build_referee(_config(args))


def _emit(args: argparse.Namespace, data: object, text: str) -> None:
    print(json.dumps(data) if args.json else text)


def cmd_check(args: argparse.Namespace) -> int:
    words = [_word(w) for w in args.words]
    rules = word_rules(args.game, args.variant)
    dictionary = load_dictionary(_config(args))
    checks = [dictionary.check(w, rules) for w in words]
    _emit(
        args, [c.as_dict() for c in checks], "\n".join(("ok    " if c.valid else "no    ") + c.reason for c in checks)
    )
    return 0


def cmd_steal(args: argparse.Namespace) -> int:
    sources = [_word(w, "word to steal") for w in args.from_.split(",")]
    new = _word(args.to, "new word")
    pool = _letters(args.pool)
    rules = word_rules(args.game, args.variant)
    check = _referee(args).check_take(sources, new, pool, rules)
    _emit(args, check.as_dict(), ("legal: " if check.legal else "not legal: ") + check.reason)
    return 0


def cmd_find(args: argparse.Namespace) -> int:
    pool = _letters(args.pool)
    words = [_word(w, "table word") for w in args.words]
    rules = word_rules(args.game, args.variant)
    result = _referee(args).find(pool, words, rules)
    lines = [f"new words ({len(result.new)}): {' '.join(result.new)}"]
    lines += [f"{'+'.join(s.sources).upper()} -> {s.new.upper()} (+{s.added})" for s in result.steals]
    _emit(args, result.as_dict(), "\n".join(lines))
    return 0


def cmd_judge(args: argparse.Namespace) -> int:
    old, new = _word(args.old), _word(args.new)
    judgement = _referee(args).judge.judge(old, new)
    _emit(args, judgement.as_dict(), f"{judgement.verdict.value} ({judgement.confidence:.2f}): {judgement.reason}")
    return 0


def cmd_override(args: argparse.Namespace) -> int:
    store = OverrideStore(_config(args).overrides)
    if args.action == "list":
        rulings = store.rulings()
        text = "\n".join(
            f"{r.old.upper()} -> {r.new.upper()}: {'allowed' if r.allowed else 'refused'} {r.note}" for r in rulings
        )
        _emit(args, [r.as_dict() for r in rulings], text or "no rulings")
        return 0
    if args.old is None or args.new is None:
        raise UsageError(f"override {args.action} needs OLD and NEW")
    old, new = _word(args.old), _word(args.new)
    if args.action == "remove":
        removed = store.remove(old, new)
        _emit(args, {"removed": removed}, "removed" if removed else "there was no ruling on that pair")
        return 0
    store.rule(old, new, allowed=args.action == "allow", note=args.note)
    word = "allowed" if args.action == "allow" else "refused"
    _emit(args, {"old": old, "new": new, "allowed": args.action == "allow"}, f"{old.upper()} -> {new.upper()}: {word}")
    return 0


DEMO_TABLE = {"pool": "lgrsexeo", "words": ["ride", "tease", "tractor", "wind"]}
DEMO_CLAIMS = [
    (["ride"], "glider"),
    (["tease"], "teaser"),
    (["tease"], "eaters"),
    (["tractor"], "extractor"),
    (["wind"], "winds"),
    ([], "ogre"),
    ([], "zoo"),
]


def cmd_demo(args: argparse.Namespace) -> int:
    """A refereed Not Scrabble table in the terminal (the dashboard will replace this)."""
    referee = _referee(args)
    rules = word_rules("not-scrabble")
    pool = Letters(DEMO_TABLE["pool"])
    words = DEMO_TABLE["words"]
    checks = [(sources, new, referee.check_take(sources, new, pool, rules)) for sources, new in DEMO_CLAIMS]
    found = referee.find(pool, words, rules)
    if args.json:
        claims = [{"from": s, "to": n, **c.as_dict()} for s, n, c in checks]
        print(json.dumps({"table": DEMO_TABLE, "claims": claims, "find": found.as_dict()}))
        return 0
    print(f"Not Scrabble demo table: pool {pool}, words {' '.join(w.upper() for w in words)}\n")
    for sources, new, check in checks:
        claim = f"{'+'.join(sources).upper() or 'pool'} -> {new.upper()}"
        print(f"  {claim:22} {'ACCEPTED' if check.legal else 'REFUSED '}  {check.reason}")
    longest = sorted(found.steals, key=lambda s: -len(s.new))[:8]
    steals = ", ".join(f"{'+'.join(s.sources).upper()}->{s.new.upper()}" for s in longest)
    print(f"\nStill on the table: {len(found.new)} words from the pool alone and {len(found.steals)} steals,")
    print(f"for example {steals}.")
    print("\nTry: .venv/bin/wordtable steal --from ride --to glider --pool lg --json")
    return 0


def _dice_solver(args: argparse.Namespace) -> DiceSolver:
    from companion.games.dicewords_solver import DiceSolver

    return DiceSolver(load_dictionary(_config(args)), _values(args), cache=cache_home())


def _values(args: argparse.Namespace) -> LetterValues:
    """The players' letter values over the defaults: their settings' ``dicewords_values`` (the
    table's own dice, ``--config``), then ``--values b3,d2,...``."""
    table = {}
    entered = load_set_values(args.config).dicewords_values or ""
    for item in f"{entered},{args.values or ''}".split(","):
        item = item.strip()
        if not item:
            continue
        if len(item) < 2 or not ("a" <= item[0].lower() <= "z") or not (item[1:].isascii() and item[1:].isdigit()):
            raise UsageError(f"--values: {item!r} is not a letter and a value, as b3")
        table[item[0]] = int(item[1:])
    return LetterValues(table)


def cmd_dicewords(args: argparse.Namespace) -> int:
    """DICEWORDS: a word's score, the best word for a roll, or which dice to keep."""
    from companion.games.dicewords_solver import spellable_at_all

    if args.action == "score":
        word = _word(args.target)
        values = _values(args)
        used = sorted(set(word))
        data = {
            "word": word.upper(),
            "score": values.score(word),
            "value": values.word_value(word),
            "length": len(word),
            "spellable": spellable_at_all(word),
            "values": {c.upper(): {"value": values[c], "source": values.source(c)} for c in used},
        }
        note = "" if data["spellable"] else " (the dice can never spell it)"
        guessed = [c.upper() for c in used if values.assumed(c)]
        if guessed:  # the text prints no value for them: say so, and how to give the dice's own
            note += f"\n{', '.join(guessed)}: assumed values (enter your dice's with --values or dicewords_values)"
        _emit(args, data, f"{word.upper()}: {data['value']} x {len(word)} = {data['score']}{note}")
        return 0
    solver = _dice_solver(args)
    if args.action == "best":
        plays = solver.best(args.target, top=6)
        top = plays[0]
        data = {**top.as_dict(), "alternatives": [p.as_dict() for p in plays[1:]]}
        text = f"{top.word.upper() if top.word else 'no word'}: {top.score}"
        if top.wild:
            text += f" (the wild as {top.wild.upper()})"
        if args.target.strip().startswith("?"):  # the gold die shows the wild
            plain = solver.best(args.target, top=1, use_wild=False)[0]
            data["without_wild"] = plain.as_dict()
            data["wild_helps"] = top.score > plain.score
            if data["wild_helps"]:
                text += f"; without the wild: {plain.word.upper() if plain.word else 'no word'} {plain.score}"
            else:
                text += "; the wild would only lower the score"
        _emit(args, data, text)
        return 0
    if args.rolls_left is None:
        raise UsageError("advise needs --rolls-left 1 or 2")
    advice = solver.advise(args.target, args.rolls_left)
    kept = ", ".join(advice.keep) or "nothing"
    _emit(args, advice.as_dict(), f"keep {kept} ({advice.letters.upper()}): expected score {advice.expected:.1f}")
    return 0


def cmd_buzzers(args: argparse.Namespace) -> int:
    """Print the presses of a buzzer box (or the simulator) as they come.

    While the port cannot be opened, or no box answers on it, one status line says why (standard
    error; kept up to date in place on a terminal) and the link retries. A URL that can never be
    opened, or ``--seconds`` running out before any box answered, is an error (one line, exit 2).
    """
    import dataclasses
    import glob
    import queue
    import random
    import threading
    import time

    from companion.errors import NotFoundError
    from firmware_bridge.link import TROUBLES, BuzzerLink, Connected, LinkEvent, Waiting
    from firmware_bridge.simulator import box, register

    register()
    url = args.port or next(iter(sorted(glob.glob("/dev/ttyACM*") + glob.glob("/dev/ttyUSB*"))), "sim://table")
    if url.startswith("sim://") and not args.json:
        print(f"no box given: the simulator {url} (type a button number 0-7 and Enter to press it)")
    events: queue.Queue[LinkEvent] = queue.Queue()
    link = BuzzerLink(url, events.put).start()
    if url.startswith("sim://") and sys.stdin.isatty():

        def keys() -> None:  # a typed button number presses the simulator's button
            for line in sys.stdin:
                if line.strip().isdigit() and int(line) < 8:
                    box(url[len("sim://") :]).press(int(line))

        threading.Thread(target=keys, daemon=True).start()
    started = time.monotonic()
    end = started + args.seconds if args.seconds else None
    rng = random.Random(0)
    next_demo = time.monotonic() + 0.3
    in_place = sys.stderr.isatty() and not args.json  # a status line rewritten in place
    waiting: Waiting | None = None
    waiting_since = shown = 0.0
    connected = False

    def status(text: str | None) -> None:
        """The status line (None: clear it): rewritten in place on a terminal, else one line per change."""
        if in_place:
            print("\r\x1b[K" + (text or ""), end="", file=sys.stderr, flush=True)
        elif text is not None:
            print(text, file=sys.stderr, flush=True)

    try:
        while end is None or time.monotonic() < end:
            if args.demo and url.startswith("sim://") and time.monotonic() >= next_demo:
                box(url[len("sim://") :]).press(rng.randrange(8))
                next_demo = time.monotonic() + 0.2
            try:
                event = events.get(timeout=0.05)
            except queue.Empty:
                if waiting is not None and in_place and time.monotonic() - shown >= 1:
                    shown = time.monotonic()
                    status(f"{waiting.message[: -len(')')]}, {shown - waiting_since:.0f} s; Ctrl-C to stop)")
                continue
            if isinstance(event, Waiting):
                if not event.retrying:
                    raise UsageError(event.message)
                if waiting is None:
                    waiting_since = time.monotonic()
                waiting, shown = event, time.monotonic()
                if args.json:
                    print(json.dumps({"event": "waiting", **dataclasses.asdict(event)}), flush=True)
                else:
                    status(event.message)
                continue
            if isinstance(event, Connected):
                connected = True
                if waiting is not None:
                    waiting = None
                    status(None)
            name = type(event).__name__.lower().replace("button", "")
            data = {"event": name, **dataclasses.asdict(event)}
            if args.json:
                print(json.dumps(data), flush=True)
            elif isinstance(event, TROUBLES):
                print(f"{name}: {event.message}", flush=True)
            else:
                print(" ".join(f"{k}={v}" for k, v in data.items()), flush=True)
        if not connected and waiting is not None:
            status(None)
            raise NotFoundError(f"no buzzer box on {url} after {args.seconds:g} s: {waiting.reason}")
    except KeyboardInterrupt:
        if waiting is not None:
            status(None)
    finally:
        link.stop()
    return 0


def cmd_read(args: argparse.Namespace) -> int:
    """Read the tiles, cards or dice in a photo."""
    from companion.sets.tilesets import tileset
    from vision.calibration import TableSettings
    from vision.images import load_image
    from vision.pipeline import Pipeline

    image, shown = load_image(Path(args.image))  # sizes checked before decoding; one line for what is not a photo
    settings = TableSettings.load(args.table) if args.table else TableSettings()
    pipeline = Pipeline(settings, tileset(args.tileset) if args.tileset else None, cache=cache_home())
    result = pipeline.read(image, args.kind, shown)
    lines = [f"{len(result['items'])} {args.kind}: " + " ".join(i["letter"] for i in result["items"])]
    lines += [f"word {w['text']}" + (f" ({w['zone']})" if w.get("zone") else "") for w in result["words"]]
    lines += [f"pool {''.join(result['pool'])}"] if result["pool"] else []
    lines += [f"question: item {q['item']} is {'/'.join(q['choices'])}? ({q['why']})" for q in result["questions"]]
    _emit(args, result, "\n".join(lines))
    return 0


def cmd_markers(args: argparse.Namespace) -> int:
    """Write the printable ArUco marker sheet for the mat's corners."""
    from vision.calibration import marker_sheet

    if Path(args.output).suffix.lower() not in (".png", ".pdf"):
        raise UsageError(f"{args.output}: the sheet is written as .png or .pdf")
    if not Path(args.output).parent.is_dir():
        raise UsageError(f"{args.output}: no folder {Path(args.output).parent}")
    marker_sheet(args.output)
    how = "print at 100%, cut out, lay 0-3 clockwise from the top-left corner"
    _emit(args, {"written": args.output}, f"wrote {args.output}: {how}")
    return 0


def _buzzer_ports(args: argparse.Namespace) -> list[str]:
    return buzzer_ports(args.config, args.buzzers)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: a whole number from 1 to 65535")
    return int(text)


def _port_free(host: str, port: int) -> None:
    import errno
    import socket

    try:
        with socket.create_server((host, port)):
            pass
    except OSError as error:
        why = "another program is using it" if error.errno == errno.EADDRINUSE else os.strerror(error.errno or 0)
        raise UsageError(f"cannot listen on {host}:{port}: {why}; choose another port with --port") from None


def cmd_serve(args: argparse.Namespace) -> int:
    """Start the table dashboard (the demo table with ``--demo``; every table of a club with ``--club``)."""
    import secrets

    from vision.calibration import TableSettings
    from vision.sources import open_source
    from web import create_app
    from web.services import Services
    from wordtable.settings import games_store

    _port_free(args.host, args.port)  # before anything is created: a busy port is said in one line
    if args.upstream and not args.upstream.startswith(("http://", "https://")):
        raise UsageError(f"--upstream {args.upstream}: the club server's address, such as http://club:5000")
    if args.upstream and not args.seat:
        raise UsageError("--upstream needs --seat NAME: this table's name at the club (table-3)")
    ports = _buzzer_ports(args)
    pin = args.pin
    if pin is not None and len(pin) < 6:
        raise UsageError("--pin: at least 6 characters (wrong guesses are limited, but a short PIN is still weak)")
    if args.host not in ("127.0.0.1", "localhost", "::1") and not pin:
        pin = f"{secrets.randbelow(10**6):06d}"
        print(f"listening on {args.host}: the table PIN is {pin} (needed to change a game)", flush=True)
    config = _config(args)  # one settings path: the games' referees are built as every command builds them
    services = Services.create(
        data_home(),
        build_referee(config),
        referees=lambda size: build_referee(config.with_options(size, None, None)),
        db=games_store(args.db),
    )
    services.buzzer_ports = ports
    services.tables.setup_defaults = load_set_values(args.config).setup_defaults  # the table's own sets' values
    app = create_app({"PIN": pin, "CACHE": str(cache_home())}, services)
    table = TableSettings.load(args.table) if args.table else TableSettings()
    camera = args.camera or table.camera
    if camera is not None:  # the table's one camera watches the game being played: the newest
        from web.camera import attach_camera

        open_source(camera).close()  # a camera that cannot be opened is said now, in one line
        services.tables.started.append(lambda session: attach_camera(services, session.game_id, camera, table))
        newest = services.tables.games()
        if newest and not args.demo:
            attach_camera(services, int(newest[0]["id"]), camera, table)
    where = f"http://{'127.0.0.1' if args.host == '0.0.0.0' else args.host}:{args.port}/"
    if args.upstream:
        _uplink(args, services, app)
    if args.demo:
        from web.demo import demo_services

        game = demo_services(services)
        where += f"game/{game}/table"
    print(f"wordtable dashboard: open {where}  (Ctrl-C stops it)", flush=True)
    try:  # waitress, with timeouts and bounds, for one table as for a club (docs/security.md)
        from web.server import Limits, serve

        serve(app, args.host, args.port, Limits() if args.club else Limits.one_table())
    finally:
        services.close()
    return 0


def _uplink(args: argparse.Namespace, services: Any, app: Any) -> None:
    """A table's machine in a club: its games relayed to the club server (docs/club.md)."""
    from web.uplink import Uplink

    pin = args.upstream_pin or os.environ.get("WORDTABLE_UPSTREAM_PIN")
    uplink = Uplink(services, args.upstream, args.seat, pin)
    app.extensions["wordtable-uplink"] = uplink
    services.closing.append(uplink.stop)
    uplink.start()
    print(f"relaying this table's games to {args.upstream} as {args.seat}", flush=True)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a JSON Lines record and print the standings."""
    events = read_jsonl(args.record)
    config = _config(args)
    size = events[0].get("dictionary")
    if size and args.dictionary is None:
        config = config.with_options(str(size), None, None)
    game = load_game(events, build_referee(config))
    standings, terms = [s.as_dict() for s in game.standings()], game.terms()
    data = {"game": game.name, "over": game.over, "events": len(events), "standings": standings, "terms": terms}
    said = "".join(
        f", {k.replace('_', ' ')}" + ("" if v is True else f" {v}") for k, v in terms.items() if v is not False
    )
    lines = [f"{game.name}: {len(events)} events, {'over' if game.over else 'in progress'}{said}"]
    for i, s in enumerate(standings, start=1):
        tie = f" (tied; tie-break {s['tie_break']})" if s.get("tie_break") else " (tied)" if s.get("tied") else ""
        lines.append(f"{s.get('place', i)}. {s['player']}: {s['score']}{tie}")
    figures = game.state().get("red_figures")
    if isinstance(figures, dict):  # LEXICON's penalties count red figures the text does not print
        data["red_figures"] = figures
        entered = [card for card, f in figures.items() if f["source"] != RED_FIGURES_SOURCE]
        if len(entered) < len(figures):
            ours = f"{' '.join(entered)} entered, the rest " if entered else ""
            lines.append(f"red figures: {ours}a common deck's, assumed (the text prints none; a deck's own go in "
                         "the game event's red_figures)")  # fmt: skip
    _emit(args, data, "\n".join(lines))
    return 0


def build_parser() -> Parser:
    common = Parser(add_help=False)
    common.add_argument("--json", action="store_true", help="print JSON")
    common.add_argument("--config", help="settings file (TOML); default $WORDTABLE_CONFIG")
    words = Parser(add_help=False)
    words.add_argument("--game", default="not-scrabble", choices=game_names(), metavar="GAME",
                       help=f"one of {', '.join(game_names())} (default not-scrabble)")  # fmt: skip
    words.add_argument("--variant", help="a variant of the game, such as lexicon's crossword")
    dictionary = Parser(add_help=False)
    dictionary.add_argument("--dictionary", choices=SIZES, help="built-in list: standard or large (default large)")
    dictionary.add_argument("--word-list", action="append", metavar="FILE", help="your own word list (repeatable)")
    dictionary.add_argument("--house-rules", metavar="FILE", help="+word / -word overlay")

    parser = Parser(prog="wordtable", description="A referee for word games played on a real table.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    def command(name: str, handler: Callable[[argparse.Namespace], int], help: str, *parents: Parser) -> Parser:
        if words in parents:
            parents = (*parents, dictionary)
        p = sub.add_parser(name, help=help, description=help, parents=[common, *parents])
        p.set_defaults(handler=handler)
        return p

    p = command("check", cmd_check, "is each word playable in the game?", words)
    p.add_argument("words", nargs="+", metavar="WORD")
    p = command("steal", cmd_steal, "is making NEW from OLD (and pool letters) legal?", words)
    p.add_argument("--from", dest="from_", required=True, metavar="OLD[,OLD2]")
    p.add_argument("--to", required=True, metavar="NEW")
    p.add_argument("--pool", default="", metavar="LETTERS", help="letters in the centre")
    p = command("find", cmd_find, "every new word and every legal steal on a table", words)
    p.add_argument("--pool", required=True, metavar="LETTERS")
    p.add_argument("--words", nargs="*", default=[], metavar="WORD", help="the words on the table")
    p = command("judge", cmd_judge, "the stem judge's verdict on OLD -> NEW", words)
    p.add_argument("old", metavar="OLD")
    p.add_argument("new", metavar="NEW")
    p = command("dicewords", cmd_dicewords, "DICEWORDS: score WORD, best ROLL, advise ROLL --rolls-left N", words)
    p.add_argument("action", choices=["score", "best", "advise"])
    p.add_argument("target", metavar="WORD|ROLL", help="a word, or nine faces in die order (gold ... green)")
    p.add_argument("--rolls-left", type=int, choices=[1, 2], help="rerolls still to come (advise)")
    p.add_argument("--values", help="your dice's letter values over the defaults, as b3,d2")
    p = command("buzzers", cmd_buzzers, "print a buzzer box's presses live (the simulator if none is given)")
    p.add_argument("--port", help="a pyserial URL: /dev/ttyACM0, socket://host:port, sim://NAME")
    p.add_argument("--seconds", type=float, help="stop after this long")
    p.add_argument("--demo", action="store_true", help="the simulator presses buttons by itself")
    p = command("replay", cmd_replay, "replay a game record (JSON Lines) and print the standings", words)
    p.add_argument("record", metavar="RECORD.jsonl")
    p = command("read", cmd_read, "read the tiles, cards or dice in a photo")
    p.add_argument("image", metavar="IMAGE")
    p.add_argument("--kind", choices=["tiles", "cards", "dice"], default="tiles")
    p.add_argument("--table", metavar="FILE", help="the table's settings (calibration and zones, JSON)")
    p.add_argument("--tileset", choices=["scrabble", "dictionary-please"], help="ask when a letter outnumbers the set")
    p = command("markers", cmd_markers, "write the printable corner markers (PNG or PDF)")
    p.add_argument("output", metavar="FILE.pdf|FILE.png")
    p = command("serve", cmd_serve, "start the table dashboard in a browser", dictionary)
    p.add_argument("--host", default="127.0.0.1", help="0.0.0.0 lets phones on the table's network in (with a PIN)")
    p.add_argument("--port", type=_port, default=5000, help="1-65535 (default 5000)")
    p.add_argument("--pin", help="the table PIN (one is made up when --host is not this machine)")
    p.add_argument("--demo", action="store_true", help="a demo game with a replayed camera and simulated buzzers")
    p.add_argument("--camera", metavar="SPEC", help="the table's camera: 0, rtsp://..., a video, a folder of photos")
    p.add_argument("--table", metavar="FILE", help="the table's settings (calibration, zones, camera; JSON)")
    p.add_argument("--db", metavar="URL", help="the games: a file, sqlite:///path or postgresql://... (docs/club.md)")
    p.add_argument("--club", action="store_true", help="serve many tables and screens (waitress, with limits)")
    p.add_argument("--buzzers", action="append", metavar="SPEC",
                   help="buzzer ports the dashboard may offer: /dev/ttyACM0, socket://host:port, sim://NAME "
                        "(comma-separated, repeatable; with the settings file's [buzzers] ports)")  # fmt: skip
    p.add_argument("--upstream", metavar="URL", help="this table's club server: its games are relayed there")
    p.add_argument("--upstream-pin", metavar="PIN", help="the club's PIN (default $WORDTABLE_UPSTREAM_PIN)")
    p.add_argument("--seat", metavar="NAME", help="this table's name at the club (with --upstream)")
    command("demo", cmd_demo, "referee a demo Not Scrabble table in the terminal", words)
    p = command("override", cmd_override, "referee rulings that win over the stem judge", words)
    p.add_argument("action", choices=["allow", "deny", "remove", "list"])
    p.add_argument("old", nargs="?", metavar="OLD")
    p.add_argument("new", nargs="?", metavar="NEW")
    p.add_argument("--note", default="", help="why (shown with the ruling)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    one_thread_for_tesseract()
    try:
        args = build_parser().parse_args(argv)
        return int(args.handler(args))
    except BrokenPipeError:  # the reader went away (| head)
        return 0
    except (WordtableError, OSError) as error:  # anything else is a bug: its traceback is wanted
        print(f"wordtable: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
