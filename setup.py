"""Build script: everything is declared in pyproject.toml; this file exists for compiled parts.

The solver's C kernel is optional: if it cannot be compiled, installation still succeeds and
``honeymoon.solver`` falls back to its pure-Python reference (with a warning when imported).
"""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """build_ext that reports a failed compilation instead of failing the installation."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all, or a broken toolchain
            self._report(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            self._report(error)

    @staticmethod
    def _report(error: Exception) -> None:
        print(
            f"warning: the compiled solver kernel was not built ({error}); "
            "honeymoon.solver will use its pure-Python reference",
            file=sys.stderr,
        )


_FAST = [] if sys.platform == "win32" else ["-O3"]
# What both kernels include (bit scans, the transposition table, the module's shared functions).
_COMMON = "src/honeymoon/solver/_search_common.h"

setup(
    ext_modules=[
        Extension(
            f"honeymoon.solver.{name}",
            sources=[f"src/honeymoon/solver/{name}.c"],
            depends=[_COMMON],
            extra_compile_args=_FAST,
            optional=True,
        )
        for name in ("_kernel", "_colons")  # the 52-card game's kernel, Bridgette's
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
