"""Where the reader's names used to live: a re-export for the callers not yet moved to
``koyu_model.reading`` (bench/{asking,derive,summary}.py, tests/model/test_canonical_write.py,
tests/model/test_model_canonical.py, tests/robust/test_robust_longrun.py). Delete it with them."""

from koyu_model.reading import MAX_IMPORT_DEPTH, MAX_LAYER_BYTES, clear_cache
from koyu_model.reading.compose import Composer
from koyu_model.reading.remembered import _MODELS as _CACHE
from koyu_model.reading.remembered import SIZE as _CACHE_SIZE

__all__ = ["Composer", "clear_cache", "MAX_LAYER_BYTES", "MAX_IMPORT_DEPTH", "_CACHE", "_CACHE_SIZE"]
