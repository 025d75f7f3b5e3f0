"""Build script: everything is declared in pyproject.toml; this file exists for compiled parts."""

from setuptools import setup

setup()
