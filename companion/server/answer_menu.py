"""A decision's answers folded into short screens: menus, places on the drawing.

Why: one button per legal answer made walls of buttons (Ceylon's first map
decision was 72 hex codes, a Rajas worker 55 spaces with their dice). Here the
answers of the decision a phone is offered become a tree of screens of at
most ``MOST`` buttons each (a "Back" counted): the path of each answer comes
from the rules' optional ``answer_parts`` (``engine.core.answers``), a menu
word or a place per tap. A screen whose places are more than its buttons can
hold has them tapped on the board drawing only (``static/js/picking.js``
finds the drawing's ``data-place`` marks); its other choices stay buttons.
Places the game's drawing does not mark (no drawing yet) are buttons, paged.

Every leaf is one offered answer and every offered answer one leaf
(``leaves``); a decision with at most ``MOST`` answers stays one flat list.

The menu is plain data: ``{"items": [...], "picture": bool}`` nodes, each
item ``{"en", "es", "place", "button"}`` plus either ``"action"`` and
``"full"`` (a leaf: the answer's notation and its whole words; ``"ask"`` when
a tap on its place shows those words with one button before sending, from
``Step.ask``: Ceylon's move that costs rupees) or its own ``"items"`` (a screen).
A screen may carry ``"question"`` ({"en", "es"}): the question its answers
answer (a follow-up's: Amritsar's "Which track?"), shown above them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.rules_session import RulesSession
from companion.server.drawings import drawing_module
from engine.core.answers import AnswerParts, Step

#: At most this many buttons on one screen (its "Back" and "More" included).
MOST = 8
MORE = ("More…", "Más…")
JOIN = " · "


@dataclass
class _Node:
    en: str
    es: str
    place: str = ""
    action: str = ""
    full: dict[str, str] = field(default_factory=dict)
    items: list[_Node] = field(default_factory=list)
    picture: bool = False
    button: bool = True
    ask: bool = False

    @property
    def leaf(self) -> bool:
        return bool(self.action)

    def count(self) -> int:
        return 1 if self.leaf else sum(item.count() for item in self.items)

    def data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"en": self.en, "es": self.es, "place": self.place}
        out["button"] = self.button
        if self.leaf:
            out["action"] = self.action
            out["full"] = self.full
            if self.ask and self.place:
                out["ask"] = True
        else:
            out["items"] = [item.data() for item in self.items]
            out["picture"] = self.picture
        return out


def pictured_kinds(game: str) -> frozenset[str]:
    """The place kinds tapped on ``game``'s drawing: none while it has no drawing."""
    kinds: frozenset[str] = getattr(drawing_module(game), "PICTURED", frozenset())
    return kinds


def answer_menu(session: RulesSession, view: dict[str, Any]) -> dict[str, Any] | None:
    """The menu of the answers ``view`` offers (``view["options"]``), or ``None``
    when the state moved on since the view was taken or nothing is offered."""
    options: list[dict[str, Any]] = view.get("options") or []
    if not options:
        return None
    parts_of = getattr(session.rules, "answer_parts", None)
    with session._lock:
        if session.state_id != view["state_id"]:
            return None
        state = session.state
        parts: list[AnswerParts | None] = []
        for option in options:
            found = None
            if parts_of is not None:
                try:
                    found = parts_of(state, session.rules.parse_action(option["action"]))
                except ValueError:
                    found = None
            parts.append(found)
    return build(options, parts, pictured_kinds(session.game_name))


def build(
    options: Sequence[dict[str, Any]],
    parts: Sequence[AnswerParts | None],
    pictured: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The menu tree of ``options`` ({action, en, es}) with their ``parts``."""
    paths: list[tuple[Step, ...]] = []
    for option, found in zip(options, parts, strict=True):
        whole = Step(str(option["en"]), str(option["es"]))
        paths.append(found.steps if found is not None else (whole,))
    root = _Node("", "")
    if len(options) <= MOST:
        root.items = _flat(options, paths, pictured)
    else:
        for option, path in zip(options, paths, strict=True):
            _insert(root, path, option)
        root = _collapse_root(root)
        _fold(root, pictured, is_root=True)
    return root.data()


def leaves(menu: dict[str, Any]) -> list[str]:
    """Every answer the menu reaches (for tests and the phone bench)."""
    found: list[str] = []
    for item in menu.get("items", []):
        found.extend([item["action"]] if "action" in item else leaves(item))
    return found


def taps(menu: dict[str, Any], depth: int = 1) -> list[int]:
    """The taps each answer takes, leaf by leaf."""
    found: list[int] = []
    for item in menu.get("items", []):
        found.extend([depth] if "action" in item else taps(item, depth + 1))
    return found


# -- building -------------------------------------------------------------------------


def _leaf(option: dict[str, Any], en: str, es: str, place: str, ask: bool = False) -> _Node:
    full = {"en": str(option["en"]), "es": str(option["es"])}
    return _Node(en, es, place, action=str(option["action"]), full=full, ask=ask)


def _flat(
    options: Sequence[dict[str, Any]], paths: Sequence[tuple[Step, ...]], pictured: frozenset[str]
) -> list[_Node]:
    """One button per answer; a place only it names is tappable on the drawing too."""
    firsts = [_first_place(path, pictured) for path in paths]
    items = []
    for option, first, path in zip(options, firsts, paths, strict=True):
        place = first if first and firsts.count(first) == 1 else ""
        ask = any(s.ask for s in path)
        items.append(_leaf(option, str(option["en"]), str(option["es"]), place, ask))
    return items


def _first_place(path: Sequence[Step], pictured: frozenset[str]) -> str:
    return next((s.place for s in path if s.place and s.place.split(":")[0] in pictured), "")


def _insert(root: _Node, path: tuple[Step, ...], option: dict[str, Any]) -> None:
    node = root
    for step in path[:-1]:
        node = _child(node, step)
    last = path[-1]
    clash = [i for i in node.items if (i.en, i.place) == (last.en, last.place)]
    if not clash:
        node.items.append(_leaf(option, last.en, last.es, last.place, last.ask))
        return
    # A path that ends where another goes on (or two alike): told apart by its whole words.
    inner = clash[0]
    if inner.leaf:
        node.items.remove(inner)
        moved = _Node(inner.en, inner.es, inner.place)
        moved.items.append(_Node(inner.full["en"], inner.full["es"], "", inner.action, inner.full))
        node.items.append(moved)
        inner = moved
    inner.items.append(_leaf(option, str(option["en"]), str(option["es"]), ""))


def _child(node: _Node, step: Step) -> _Node:
    for item in node.items:
        if (item.en, item.place) == (step.en, step.place) and not item.leaf:
            return item
    made = _Node(step.en, step.es, step.place)
    ended = [i for i in node.items if (i.en, i.place) == (step.en, step.place)]
    if ended:  # an answer ends here already: it goes down, named by its whole words
        leaf = ended[0]
        node.items.remove(leaf)
        made.items.append(_Node(leaf.full["en"], leaf.full["es"], "", leaf.action, leaf.full))
    node.items.append(made)
    return made


def _collapse_root(root: _Node) -> _Node:
    while len(root.items) == 1 and not root.items[0].leaf:
        root = _Node("", "", items=root.items[0].items)
    root.items = [_collapse(item) for item in root.items]
    return root


def _collapse(node: _Node) -> _Node:
    """A screen with one choice is no screen: its words join the choice's."""
    if node.leaf:
        return node
    node.items = [_collapse(item) for item in node.items]
    if len(node.items) != 1:
        return node
    only = node.items[0]
    joined = _Node(f"{node.en}{JOIN}{only.en}", f"{node.es}{JOIN}{only.es}", node.place)
    joined.action, joined.full, joined.items = only.action, only.full, only.items
    joined.ask = only.ask
    return joined


def _fold(node: _Node, pictured: frozenset[str], *, is_root: bool) -> None:
    """Fit ``node``'s screen in ``MOST`` buttons: a small subtree becomes one list,
    many places go on the drawing only, the rest is paged behind "More"."""
    room = MOST if is_root else MOST - 1  # a screen below the first has "Back"
    for item in node.items:
        if not item.leaf and 1 < item.count() <= MOST - 1:
            _flatten(item)
    taken: set[str] = set()
    for item in node.items:  # one place, one choice: a second one is a button only
        if item.place in taken:
            item.place = ""
        taken.add(item.place)
    on_picture = [i for i in node.items if i.place and i.place.split(":")[0] in pictured]
    if on_picture and len(node.items) > room:
        node.picture = True
        for item in on_picture:
            item.button = False
    buttons = [i for i in node.items if i.button]
    if len(buttons) > room:
        rest = buttons[room - 1 :]
        more = _Node(*MORE, items=rest)
        node.items = [i for i in node.items if i not in rest] + [more]
    for item in node.items:
        if not item.leaf:
            _fold(item, pictured, is_root=False)


def _flatten(node: _Node) -> None:
    """A screen reaching few answers lists them at once, each named by its remaining steps."""
    flat: list[_Node] = []

    def walk(item: _Node, words: tuple[tuple[str, str], ...], place: str) -> None:
        here = (*words, (item.en, item.es))
        if item.leaf:
            en = JOIN.join(w[0] for w in here)
            es = JOIN.join(w[1] for w in here)
            flat.append(_Node(en, es, place or item.place, item.action, item.full, ask=item.ask))
            return
        for sub in item.items:
            walk(sub, here, place or item.place)

    for item in node.items:
        walk(item, (), "")
    places = [f.place for f in flat]
    for f in flat:
        if f.place and places.count(f.place) > 1:
            f.place = ""
    node.items = flat
