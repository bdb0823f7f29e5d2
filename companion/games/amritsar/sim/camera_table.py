"""A simulated table seen the way a real one is: rendered frames and a sensor board.

For the demo and the end-to-end tests. ``CameraTable`` implements the
``companion.games.amritsar.sim.simulate.Table`` protocol: ``show(state)`` lays the state out as
pieces in front of the synthetic camera (a hand passes over the board while
pieces move) and on the simulated sensor board (elephants on their paths, the
Maharajah token on its space, reported over a real pty by the real firmware);
``look()`` runs the vision pipeline on the frames until the picture settles,
folds in the sensor events, and returns what the companion then knows.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from companion.games.amritsar.reconcile.camera import seen_from_snapshot, truth_from_state
from companion.games.amritsar.reconcile.fusion import Disagreement, SensorTable, fuse
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.sensors import ButtonPressed, SensorLink
from companion.games.amritsar.sim.boards_camera import BoardsCamera
from companion.games.amritsar.sim.simboard import SimulatedBoard
from engine.amritsar import MAHARAJAH_SPACE_NAMES, District, GameState
from vision.games.amritsar_boards.view import BoardView, boards_of
from vision.pipeline import Pipeline
from vision.snapshot import TableSnapshot
from vision.synthetic import SyntheticCamera


@dataclass
class CameraStats:
    frames: int = 0
    looks: int = 0
    camera_seconds: float = 0.0
    sensor_waits: float = 0.0
    disagreements: list[Disagreement] = field(default_factory=list)


class CameraTable:
    """Pieces in front of the synthetic camera and on the simulated sensor board."""

    def __init__(
        self,
        state: GameState,
        colours: tuple[str, ...],
        *,
        seed: int = 0,
        board: SimulatedBoard | None = None,
        link: SensorLink | None = None,
        hand_frames: int = 4,
        max_frames: int = 40,
        boards_in_view: bool = False,
    ):
        self.colours = colours
        self.state = state
        self.truth: TableSnapshot = truth_from_state(state, colours)
        self.camera = SyntheticCamera(self.truth, seed=seed)
        self.pipeline = Pipeline(self.truth.players, focal_px=self.camera.focal_px)
        self.board = board
        self.link = link
        self.sensors = SensorTable() if board is not None else None
        self.buttons: list[ButtonPressed] = []
        self.hand_frames = hand_frames
        self.max_frames = max_frames
        self.stats = CameraStats()
        self._queued = 0  # frames of the last move still to be shown
        #: The personal boards in view (``sim.boards_camera``), read at each look.
        self.boards = BoardsCamera(seed, len(state.players)) if boards_in_view else None
        self.boards_read: tuple[BoardView, ...] | None = None
        self._sync_board(state)

    # -- the physical side ---------------------------------------------------------

    def show(self, state: GameState) -> None:
        truth = truth_from_state(state, self.colours, previous=self.truth)
        if truth.pieces() != self.truth.pieces():
            self.camera.move(truth, hand_frames=self.hand_frames)
            self._queued = self.hand_frames + 1
        self.truth = truth
        self.state = state
        self._sync_board(state)

    def _elephant(self, state: GameState, seat: int) -> int:
        if seat < len(state.players):
            return state.players[seat].elephant
        return state.maharajah.elephant if state.maharajah is not None else -1

    def _sync_board(self, state: GameState) -> None:
        board = self.board
        if board is None:
            return
        for seat, colour in enumerate(self.colours):
            district = self._elephant(state, seat)
            on = [d for d in District if colour in board.elephants_on(d)]
            if district < 0 and on:
                board.remove_elephant(colour)
            elif district >= 0 and on != [District(district)]:
                board.place_elephant(District(district), colour)
        space = MAHARAJAH_SPACE_NAMES[state.maharajah_space]
        board.move_maharajah(space)

    def misplace_elephant(self, colour: str, district: int) -> None:
        """Put an elephant where the game did not send it (a player's mistake)."""
        wrong = dict(self.truth.elephants)
        wrong[colour] = District(district).letter
        from dataclasses import replace

        self.camera.move(replace(self.truth, elephants=wrong), hand_frames=self.hand_frames)
        self._queued = self.hand_frames + 1
        self.truth = replace(self.truth, elephants=wrong)
        if self.board is not None:
            self.board.place_elephant(District(district), colour)

    def press(self, button: str) -> None:
        if self.board is not None:
            self.board.press(button)

    def wait_for_button(self, timeout: float = 5.0) -> list[ButtonPressed]:
        """Read sensor events until a button press arrives; return the presses."""
        deadline = time.monotonic() + timeout
        while not self.buttons and self.link is not None and time.monotonic() < deadline:
            event = self.link.get(timeout=0.05)
            if event is not None and self.sensors is not None:
                pressed = self.sensors.apply(event)
                if pressed is not None:
                    self.buttons.append(pressed)
        presses, self.buttons = self.buttons, []
        return presses

    # -- what the companion perceives ------------------------------------------------

    def _read_sensors(self, until: float) -> None:
        if self.link is None or self.sensors is None:
            return
        while True:
            event = self.link.get(timeout=0.02)
            if event is not None:
                pressed = self.sensors.apply(event)
                if pressed is not None:
                    self.buttons.append(pressed)
                continue
            if self._sensors_agree() or time.monotonic() > until:
                return

    def _sensors_agree(self) -> bool:
        """The sensor events for the pieces now on the table have all arrived."""
        assert self.sensors is not None
        for colour in self.colours:
            letter = self.truth.elephants.get(colour)
            if letter and self.sensors.elephant_of(colour) != int(District.parse(letter)):
                return False
        return self.sensors.token == self.state.maharajah_space

    def look(self) -> tuple[Seen, bool]:
        """Process frames until the moves shown have passed and the reading has
        settled on them (at most ``max_frames``), then fold in the sensor events.

        Stopping as soon as the reading shows the pieces laid out is a shortcut
        of the simulation (a real camera loop just keeps reading); a reading that
        never gets there is passed on as it is after ``max_frames``.
        """
        began = time.perf_counter()
        snapshot = self.pipeline.snapshot
        for _ in range(self.max_frames):
            snapshot = self.pipeline.process(self.camera.read())
            self.stats.frames += 1
            self._queued = max(0, self._queued - 1)
            if not self._queued and not snapshot.settling and self._settled(snapshot):
                break
        self.stats.camera_seconds += time.perf_counter() - began
        self.stats.looks += 1
        waited = time.monotonic()
        self._read_sensors(until=waited + 3.0)
        self.stats.sensor_waits += time.monotonic() - waited
        if self.boards is not None:
            self.boards_read = self.boards.look(boards_of(self.state))
            self.stats.frames += self.boards.frames_last
        seen = seen_from_snapshot(snapshot, self.state, self.colours)
        fused, disagreements = fuse(seen, self.sensors, self.colours)
        self.stats.disagreements += disagreements
        return fused, snapshot.settling

    def _settled(self, snapshot: TableSnapshot) -> bool:
        """The last change has been confirmed: the reading shows the current pieces,
        the coin spots covered or clear included (a real camera loop keeps
        reading while the player moves on: a coin left by a skip, confirmed a
        few frames after the section's workers, was cut off by this shortcut
        and asked on the phone; issue 33)."""
        from vision.snapshot import observable

        expected = observable(self.truth).pieces()
        got = snapshot.pieces()
        return all(
            got[k] == expected[k]
            for k in ("sections", "elephants", "donations", "maharajah", "coins_present")
        )
