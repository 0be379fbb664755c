"""Small helpers the commands share."""

from __future__ import annotations

import sys

import click


def fail_on_file(path, e: Exception) -> None:
    """Say what is wrong with a file (``path: line N: message``) and exit with status 1."""
    msg = str(e)
    line = getattr(e, "lineno", None)
    if line is not None and str(line) not in msg:
        msg = f"line {line}: {msg}"
    click.echo(f"{path}: {msg}", err=True)
    sys.exit(1)
