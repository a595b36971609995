"""The Online screen of the start menu: host a skirmish (on this machine with one click, or on a server), join one by
address and code, or watch one; then the battle screen plays it through the server (game.net.remote)."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import L_, N_, _, listing, message_of, name
from game.input.intents import Click, Hover, Intent, Key
from game.net.client import Desync, Mirror, greeting, host_message, map_cache
from game.net.remote import Connection, OnlinePlay
from game.net.seats_file import keep_token, kept_token
from game.net.server import LocalServer
from game.render import palette
from game.replay.format import Setup
from game.replay.load import Loaded
from game.ui.battle import BattleScene
from game.ui.form import Focus, draw_control
from game.ui.replay_view import battle_for, unshowable
from game.ui.session import Session
from game.ui.widgets import Fonts, fit, text

MODES = ("here", "server", "join", "watch")
MODE_WORDS = {"here": N_("Host on this machine (starts a local server)"), "server": N_("Host on a server"),
              "join": N_("Join a skirmish"), "watch": N_("Watch a skirmish")}
SEATS = ("here", "open", "computer:easy", "computer:normal", "computer:hard")
SEAT_WORDS = {"here": N_("played here"), "open": N_("open: a friend joins"), "computer:easy": N_("computer (easy)"),
              "computer:normal": N_("computer (normal)"), "computer:hard": N_("computer (hard)")}
DEFAULT_ADDRESS = "ws://127.0.0.1:8765"
MARGIN = 40


class OnlineSaves(Session):
    """Saves and autosaves as in a local skirmish; a take-back would undo a command the server has played."""

    def ask(self, scene: Any, rewind: Any = None) -> None:
        scene.message = L_("No take-backs in an online skirmish: the server has played that command.")


class OnlineScene:
    """``handle`` returns "menu" to go back; once connected, ``battle`` is the battle screen to show instead."""

    def __init__(self, screen_size: tuple[int, int], fonts: Fonts, menu: Any, animation_speed: str) -> None:
        self.size, self.fonts, self.menu, self.animation_speed = screen_size, fonts, menu, animation_speed
        self.mode = "here"
        self.address = DEFAULT_ADDRESS
        self.code = ""
        computer = menu.computer
        humans = [r.side for r in menu.rosters if r.side not in computer]
        self.seats = {r.side: (f"computer:{computer[r.side]}" if r.side in computer
                               else "here" if r.side == humans[0] else "open") for r in menu.rosters}
        self.focus = Focus(("mode",))
        self.hover: tuple[int, int] | None = None
        self.message = ""
        self.connection: Connection | None = None
        self.url = ""
        self.server: LocalServer | None = None
        self.battle: BattleScene | None = None

    # Input ----------------------------------------------------------------------------------------
    def text_input(self, typed: str) -> None:
        """Typed text goes to the focused field: the address, or the join code (upper case)."""
        if self.focus.item == ("address",):
            self.address = (self.address + typed)[:200]
        elif self.focus.item == ("code",):
            self.code = (self.code + typed.upper().strip())[:16]

    def handle(self, intent: Intent) -> str | None:
        if isinstance(intent, Hover):
            self.hover = intent.pos
        elif isinstance(intent, Click):
            item = self.focus.at(intent.pos)
            if item is not None:
                self.focus.item = item
                if item[0] in ("mode", "seat"):
                    self._change(item, 1 if intent.button == 1 else -1)
                elif item[0] in ("connect", "back"):
                    return self._press(item)
        elif isinstance(intent, Key):
            item = self.focus.item or ("mode",)
            action = intent.action
            if action in ("back", "quit"):
                return "menu"
            if action in ("up", "previous"):
                self.focus.step(-1)
            elif action in ("down", "next"):
                self.focus.step(1)
            elif action in ("left", "right"):
                self._change(item, -1 if action == "left" else 1)
            elif action == "confirm":
                return self._press(item)
            elif action in ("backspace", "delete") and item in (("address",), ("code",)):
                field = "address" if item == ("address",) else "code"
                setattr(self, field, getattr(self, field)[:-1] if action == "backspace" else "")
        return None

    def _change(self, item: tuple[object, ...], step: int) -> None:
        if item[0] == "mode":
            self.mode = MODES[(MODES.index(self.mode) + step) % len(MODES)]
        elif item[0] == "seat":
            side = str(item[1])
            self.seats[side] = SEATS[(SEATS.index(self.seats[side]) + step) % len(SEATS)]

    def _press(self, item: tuple[object, ...]) -> str | None:
        if item == ("back",):
            return "menu"
        if self.connection is None:
            self._connect()
        return None

    # Connecting -----------------------------------------------------------------------------------
    def _connect(self) -> None:
        address = self.address.strip()
        if not address.startswith(("ws://", "wss://")):
            address = "ws://" + address
        if self.mode in ("join", "watch") and not self.code:
            self.message = L_("Type the join code the host gave you.")
            return
        if self.mode == "here":
            if self.server is None:
                host, _colon, port = address.split("://", 1)[1].partition(":")
                try:
                    self.server = LocalServer(host or "127.0.0.1", int(port.strip("/") or 8765))
                except (OSError, ValueError) as err:
                    self.message = L_("Cannot start a server at {address}: {error}", address=address, error=str(err))
                    return
            address = f"ws://127.0.0.1:{self.server.port}"
        if self.mode in ("here", "server"):
            menu = self.menu
            first = host_message(menu.chosen, menu.ruleset, menu.rosters, self.seats, menu.seed, menu.surprised)
        elif self.mode == "join" and kept_token(self.code) is not None:    # a seat held before: take it up again
            address, token = kept_token(self.code)  # type: ignore[misc]
            first = greeting("rejoin", code=self.code, token=token)
        elif self.mode == "join":
            first = greeting("join", code=self.code)
        else:
            first = greeting("watch", code=self.code)
        self.url = address
        self.connection = Connection(address, first)
        self.message = L_("Connecting to {address}...", address=address)

    def update(self) -> None:
        """The server's answer to the greeting: the welcome opens the battle; what follows it is the battle's."""
        if self.battle is not None or self.connection is None or self.connection.inbox.empty():
            return
        answer = self.connection.inbox.get_nowait()
        if answer.get("type") == "welcome":
            self._open_battle(answer)
            return
        self.message = (L_("Refused: {reason}", reason=str(answer.get("message"))) if answer.get("type") == "error"
                        else answer.get("reason", ""))
        if self.connection is not None:
            self.connection.close()
        self.connection = None

    def _open_battle(self, welcome: dict[str, Any]) -> None:
        assert self.connection is not None
        try:
            mirror = Mirror.from_welcome(welcome, map_cache())
        except Desync as err:
            self.message, self.connection = message_of(err), None
            return
        rosters = list(mirror.rosters)
        loaded = Loaded(mirror.match, Setup(mirror.map_path, mirror.rosters, mirror.surprised), welcome, mirror.map_path)
        if unshowable(loaded):
            self.message, self.connection = unshowable(loaded), None
            return
        battle = battle_for(self.size, self.fonts, loaded, mirror.match, None, self.animation_speed)
        labels = {r.side: r.label for r in rosters}
        if welcome["token"]:
            keep_token(welcome["code"], self.url, welcome["token"])
        battle.online = OnlinePlay(self.url, self.connection, welcome, mirror, labels)
        battle.human_sides = list(welcome["sides"])       # the hand-over screen only between this machine's sides
        battle.session = OnlineSaves(battle.match)
        sides = listing([labels.get(s, s) for s in welcome["sides"]]) if welcome["sides"] else L_("nobody (watching)")
        battle.message = L_("Join code {code} · you play {sides}", code=welcome["code"], sides=sides)
        battle.online.notice = battle.message
        self.battle = battle

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(palette.BACKGROUND)
        width, height = self.size
        fonts = self.fonts
        row = fonts.body.get_linesize() + 14
        self.focus.begin()
        text(screen, fonts.title, _("Online"), (width // 2, 16), anchor="midtop")
        area = pygame.Rect(MARGIN, 16 + fonts.title.get_linesize() + 16, width - 2 * MARGIN, height)
        y = self._row(screen, area, area.y, row, _("Mode"), ("mode",), _(MODE_WORDS[self.mode]), arrows=True)
        caption = _("Listen on") if self.mode == "here" else _("Server address")
        y = self._row(screen, area, y, row, caption, ("address",), self.address + self._caret(("address",)))
        if self.mode in ("join", "watch"):
            y = self._row(screen, area, y, row, _("Join code"), ("code",), (self.code or "") + self._caret(("code",)))
        else:
            menu = self.menu
            title = name(menu.entries[menu.index].title)
            seed = menu.seed if menu.seed is not None else _("random")
            chosen = _("{map} · {ruleset} · seed {seed} (chosen in the start menu)").format(
                map=title, ruleset=menu.ruleset, seed=seed)
            text(screen, fonts.small, fit(fonts.small, chosen, area.width), (area.x, y), palette.TEXT_DIM)
            y += fonts.small.get_linesize() + 8
            for roster in menu.rosters:
                y = self._row(screen, area, y, row, name(roster.label), ("seat", roster.side),
                              _(SEAT_WORDS[self.seats[roster.side]]), arrows=True)
        y += 8
        half = (area.width - 12) // 2
        for i, (item, label) in enumerate(((("connect",), _("Connect")), (("back",), _("Back")))):
            rect = pygame.Rect(area.x + i * (half + 12), y, half, row + 6)
            focused = self.focus.add(item, rect)
            hot = self.hover is not None and rect.collidepoint(self.hover)
            draw_control(screen, fonts.body, rect, label, focused, hot, chosen=item == ("connect",))
        self.focus.settle()
        help_words = _("Up/Down: move · Left/Right: change · type the address or code · Enter: connect · Esc: back")
        footer = self.message or help_words
        text(screen, fonts.small, fit(fonts.small, footer, width - 2 * MARGIN), (width // 2, height - 24),
             palette.HP_BLOODIED if self.message and "Connecting" not in self.message else palette.TEXT_DIM, "center")

    def _caret(self, item: tuple[object, ...]) -> str:
        return "_" if self.focus.item == item and pygame.time.get_ticks() // 500 % 2 else ""

    def _row(self, screen: pygame.Surface, area: pygame.Rect, y: int, row: int, caption: str,
             item: tuple[object, ...], value: str, arrows: bool = False) -> int:
        label_width = area.width * 30 // 100
        text(screen, self.fonts.body, fit(self.fonts.body, caption, label_width - 8), (area.x, y + row // 2), anchor="midleft")
        rect = pygame.Rect(area.x + label_width, y, area.width - label_width, row)
        focused = self.focus.add(item, rect)
        hot = self.hover is not None and rect.collidepoint(self.hover)
        draw_control(screen, self.fonts.body, rect, value, focused, hot, arrows=arrows)
        return y + row + 8

    def resize(self, screen_size: tuple[int, int], fonts: Fonts) -> None:
        self.size, self.fonts = screen_size, fonts
