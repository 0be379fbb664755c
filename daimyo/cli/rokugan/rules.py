"""``--rules FILE`` (a Battle for Rokugan rules file, docs/designers.md) and ``daimyo rokugan check-rules FILE``."""

from __future__ import annotations

from pathlib import Path

import click


def read_rules(path: Path | None, activate: bool = True):
    """The checked rules file at ``path`` (None: none), put in force in this process; a mistake is a usage error
    naming the file and field. A note on stderr says when the native engine cannot play it."""
    if path is None:
        return None
    from daimyo.core.errors import FormatError
    from daimyo.rokugan.data_variant import activate as put_in_force, read_variant

    try:
        variant = read_variant(path)
    except FormatError as e:
        raise click.BadParameter(str(e), param_hint="--rules") from None
    if activate:
        put_in_force(variant)
        if variant.not_native:
            click.echo(f"note: the Python engine plays these rules: the native engine cannot ({variant.not_native})",
                       err=True)
    return variant


def _callback(ctx: click.Context, param: click.Parameter, value: Path | None):
    return read_rules(value)


def rules_option(f):
    """The ``--rules FILE`` option: the rules file is checked and put in force before the command runs."""
    return click.option("--rules", "variant", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                        default=None, callback=_callback, expose_value=True, is_eager=False,
                        help="A Battle for Rokugan rules file (docs/designers.md) that changes the standard game.")(f)


@click.command("check-rules")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print what the file changes as one JSON object.")
def check_rules(file: Path, as_json: bool) -> None:
    """Check a rules file: every mistake is named with the file and the field; then say what it changes."""
    import json

    from daimyo.core.errors import FormatError
    from daimyo.rokugan.data_variant import describe, read_variant

    try:
        variant = read_variant(file)
    except FormatError as e:
        raise click.ClickException(str(e)) from None
    engine = "native and Python engines" if not variant.not_native else f"Python engine only ({variant.not_native})"
    if as_json:
        click.echo(json.dumps({"name": variant.name, "digest": variant.digest, "changes": variant.spec,
                               "native": variant.not_native is None, "not_native": variant.not_native}))
        return
    click.echo(f"ok: rules '{variant.name}' (digest {variant.digest}), played by the {engine}")
    for line in describe(variant):
        click.echo(f"  {line}")
