"""``koyu-ifc export ENTRY -o OUT``: the building at ENTRY written as IFC4 to OUT.

Prints the written path and the counts by class; a building koyu cannot read is refused
with its error on stderr, exit status 1, and no file. The refusal is spelled as koyu
0.27.0's exporter spells it (its Form is derived by koyu itself, which throws): the error
named ``SourceError`` (spec: reference/api, the exception a read throws), its message, and
its code where it has one of its own (VER06) rather than SYN01, the one every read failure
is reported as.
"""

from __future__ import annotations

import argparse
import os
import sys

from koyu_model import KoyuError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="koyu-ifc", description="Write a koyu building as IFC4.")
    commands = parser.add_subparsers(dest="command", required=True)
    export_cmd = commands.add_parser("export", help="write ENTRY's building as an IFC4 file")
    export_cmd.add_argument("entry", help="the entry .muro file")
    export_cmd.add_argument("-o", "--out", help="the IFC file to write (default: ENTRY with .ifc)")
    args = parser.parse_args(argv)

    # The core's few array sums want no thread pool: starting OpenBLAS's costs a short export
    # about a tenth of its time (measured). A caller's own setting stands.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from koyu_ifc.export import default_out, export

    try:
        done = export(args.entry, args.out)
    except KoyuError as e:
        print(f"SourceError: {e}", file=sys.stderr)
        if e.code != KoyuError.code:
            print(f"  code: '{e.code}'", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"koyu-ifc: cannot write {args.out or default_out(args.entry)}: {e.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {done.path} ({done.schema})")
    for cls, n in done.counts.items():
        print(f"  {cls}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
