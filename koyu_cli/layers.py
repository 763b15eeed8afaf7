"""``koyu layers FILE [--attrs]`` (spec: reference/cli/layers.md).

The composed layers weakest first (index 0 is the entry), one ``  <index>\\t<file>`` line
each; ``--attrs`` adds, after a blank line, the attributes whose provenance an override
moved: ``  <kind>:<subject>:<key>\\t← <index> <file>``, rows sorted by the left column in
UTF-16 order (COMPAT §1). A read or composition error prints ``✖ <message>`` on stderr,
exit 1.
"""

from __future__ import annotations

import argparse

from koyu_cli.call import CallReader
from koyu_cli.common import answers, write
from koyu_model.model import Model

HEADING = "Layers (weakest first — later layers are stronger):"
PROVENANCE = "Attribute provenance:"


def add_arguments(parser: CallReader) -> None:
    parser.add_argument("file")
    parser.add_argument("--attrs", action="store_true")


def utf16_key(text: str) -> bytes:
    """Sort key giving JavaScript's default string order (UTF-16 code units)."""
    return text.encode("utf-16-be", "surrogatepass")


def layer_lines(model: Model, attrs: bool = False) -> list[str]:
    lines = [HEADING]
    lines += [f"  {layer.index}\t{layer.path}" for layer in model.layers]
    if attrs:
        lines += ["", PROVENANCE]
        for key in sorted(model.attr_layers, key=utf16_key):
            index = model.attr_layers[key]
            lines.append(f"  {key}\t← {index} {model.layers[index].path}")
    return lines


@answers
def run(model: Model, args: argparse.Namespace) -> int:
    write("\n".join(layer_lines(model, args.attrs)) + "\n")
    return 0
