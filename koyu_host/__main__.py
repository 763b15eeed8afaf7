"""``python -m koyu_host`` is ``koyu-mcp``."""

import sys

from koyu_host.server import main

sys.exit(main())
