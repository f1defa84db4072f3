"""The pages a table uses: start a game, the table (camera), referee, buzzers, scores, history,
timers, the dictionary; each also in TV mode (``?mode=tv``) and usable on a phone.

Public API: :data:`pages` (a Flask blueprint).
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.errors import NotFoundError
from web.security import check_pin
from web.services import Services

pages = Blueprint("pages", __name__)
GAME_PAGES = ("table", "referee", "buzzers", "scores", "history", "timers")


def services() -> Services:
    services: Services = current_app.extensions["wordtable"]
    return services


@pages.get("/")
def home() -> str:
    return render_template("home.html", sessions=services().tables.games())


@pages.route("/pin", methods=["GET", "POST"])
def enter_pin() -> str | Response:
    why = None
    if request.method == "POST":
        why = check_pin(current_app._get_current_object(), request.form.get("pin", ""))  # type: ignore[attr-defined]  # the app behind the proxy
        if why is None:
            target = request.args.get("next", "")
            local = target.startswith("/") and not target.startswith("//") and "\\" not in target
            return redirect(target if local else url_for("pages.home"))
    return render_template("pin.html", wrong=why)


@pages.get("/game/<int:game_id>")
def game(game_id: int) -> Response:
    return redirect(url_for("pages.game_page", game_id=game_id, page="table"))


@pages.get("/game/<int:game_id>/<page>")
def game_page(game_id: int, page: str) -> str | Response:
    if page not in GAME_PAGES:
        abort(404)
    try:
        table = services().tables.get(game_id)
    except NotFoundError:
        if any(g.id == game_id and g.game == "evening" for g in services().tables.store.games()):
            return redirect(f"/club/{game_id}")
        abort(404)
    return render_template("game.html", game_id=game_id, page=page, pages=GAME_PAGES, title=table.title,
                           players=table.players, game_name=table.setup["game"])  # fmt: skip


@pages.get("/dictionary")
def dictionary() -> str:
    return render_template("dictionary.html", word=request.args.get("word", ""))
