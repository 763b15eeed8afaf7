"""The Form — the derived shape of a building (reference/form/index.md).

``records``: the frozen records of ``Form``; ``serialize``: the Form as the JSON
``koyu form`` prints, and back. The derivation itself lives beside them.
"""

from .records import *  # noqa: F401,F403
from .records import __all__ as _records_all
from .serialize import FormJsonError, form_from_json, form_text, form_to_json, record_from_json, record_to_json

__all__ = list(_records_all) + [
    "FormJsonError",
    "form_from_json",
    "form_text",
    "form_to_json",
    "record_from_json",
    "record_to_json",
]
