"""Identity tokens (spec: reference/mcp/tools-write.md#new_uids, muro/identity.md).

A token is ``u-`` and 16 characters from the digits and the lowercase letters less the
easily confused ``i l o u``: 32 symbols, 5 bits each, 80 bits from ``secrets``. Minted
tokens avoid every uid already composed into the model and each other; uniqueness beyond
the composition is only probable, and ``check``'s UID03 is what proves it.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from koyu_model.model import Model

__all__ = ["ALPHABET", "composed_uids", "mint"]

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
assert len(ALPHABET) == 32


def _token() -> str:
    bits = secrets.randbits(80)
    chars = []
    for _ in range(16):
        chars.append(ALPHABET[bits & 31])
        bits >>= 5
    return "u-" + "".join(chars)


def composed_uids(model: Model) -> set[str]:
    """Every ``uid`` value written anywhere in the composition (spaces and zones carry them;
    any other attribute mapping that holds one is counted too, so a token never repeats it)."""
    found: set[str] = set()

    def take(attributes) -> None:
        value = attributes.get("uid")
        if value is not None:
            found.add(str(value))

    for s in model.spaces.values():
        take(s.attrs)
        for a in s.areas:
            take(a.attrs)
    for z in model.zones.values():
        take(z.attrs)
    for asset in model.assets.values():
        take(asset.attrs)
    for b in model.boundaries:
        take(b.attrs)
        for o in b.openings:
            take(o.attrs)
        for g in b.segs:
            take(g.attrs)
    for c in model.columns:
        take(c.attrs)
    return found


def mint(count: int, taken: Iterable[str]) -> list[str]:
    """``count`` fresh tokens, none in ``taken``, all distinct."""
    seen = set(taken)
    out: list[str] = []
    while len(out) < count:
        token = _token()
        if token in seen:
            continue
        seen.add(token)
        out.append(token)
    return out
