"""Seeing the main board: from camera frames to a stable table snapshot.

What it is for: camera sources, ArUco marker detection, board registration by
homography, mapping markers to board zones, temporal stabilisation (nothing is
reported while a hand is over the board), the synthetic table renderer used by
tests and the demo, and printing marker sticker sheets.

What it may import: numpy, OpenCV and ``engine`` (for zone and component names
only). It knows nothing of the rules.

Public API (see docs/vision.md):

- ``vision.pipeline.Pipeline(players, *, layout=None, plan=DEFAULT_PLAN,
  focal_px=None, confirm_frames=3, tracking=True)``; ``.process(frame) ->
  TableSnapshot``; ``.snapshot``; ``.registration``.
- ``vision.snapshot.TableSnapshot`` (``to_dict``/``from_dict``, ``empty``),
  ``SetupReading``, ``Problem``, ``compare``/``differences``/``observable``.
- ``vision.synthetic.SyntheticCamera(truth, *, pose, size, effects, seed)``;
  ``.read()``, ``.frames(n)``, ``.move(truth, hand_frames=4)``,
  ``.hold_hand(hand, frames)``, ``.set_truth(truth)``, ``.focal_px``.
- ``vision.sources``: ``Frame``, ``FrameSource``, ``open_source(spec)``.
- ``vision.plan.DEFAULT_PLAN``, ``vision.layout.default_layout()`` /
  ``load_layout(path)``, ``vision.sheets.component_sheets()`` /
  ``board_sheet()``.
"""
