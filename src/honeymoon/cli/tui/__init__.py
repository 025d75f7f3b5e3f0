"""The full-screen terminal table for ``honeymoon play`` (built with Textual).

:func:`run_app` runs it; :class:`HoneymoonApp` is the application (tests drive it with
``app.run_test()``). It shows only what :func:`~honeymoon.views.view_for` gives the player.
"""

from honeymoon.cli.tui.app import GameScreen, HoneymoonApp, run_app

__all__ = ["GameScreen", "HoneymoonApp", "run_app"]
