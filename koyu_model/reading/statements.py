"""Phase one of reading: a layer's text → its statements, knowing nothing of other layers.

A statement is an unindented line with the indented lines under it (reference/muro/lines.md),
their tokens as ``lexing.split_lines`` cut them. Indented lines under no declaration (at
the top of a layer, or under an ``import``) make a statement of their own, with no head:
the fold reads them without a block. An ``import`` never has members, so the fold can go
on after the layer it reads.

The first line with an unclosed quote ends the layer's statements: the fold raises
``Unclosed quote`` when it reaches it (a statement's ``uncut``), after the members before it
and before the block it falls in ends, as a walk line by line does; nothing after it is read.
"""

from __future__ import annotations

from koyu_model.reading.lexing import split_lines

__all__ = ["Statement", "Member", "layer_lines"]

#: An indented line: (its number, its tokens).
Member = tuple[int, list[str]]

#: ``(line, tokens, members, uncut)``: an unindented line's number and tokens (0 and None:
#: indented lines under no declaration), the indented lines under it, and the number of the
#: line with an unclosed quote where the layer's reading stops, when it falls here (else
#: None). A plain tuple: a big building has thousands, and the fold unpacks each once.
Statement = tuple[int, list[str] | None, list[Member], int | None]


def layer_lines(path: str, text: str) -> list[Statement]:
    """The statements of the layer at ``path`` (its real path, named in its errors)."""
    statements: list[Statement] = []
    members: list[Member] | None = None  # the last statement's, if it takes indented lines
    for number, indented, tokens in split_lines(text, path):
        if tokens is None:  # an unclosed quote: the statement it falls in ends the layer
            if members is None:
                statements.append((0, None, [], number))
            else:
                line, head, members, _ = statements[-1]
                statements[-1] = (line, head, members, number)
            break
        if indented:
            if members is None:
                members = []
                statements.append((0, None, members, None))
            members.append((number, tokens))
        elif tokens[0] == "import":
            statements.append((number, tokens, [], None))
            members = None  # the lines under an import are under no declaration
        else:
            members = []
            statements.append((number, tokens, members, None))
    return statements
