"""Small buildings of our own written into a temporary folder, and tool calls against them."""

from __future__ import annotations

import json
from pathlib import Path


class Folder:
    def __init__(self, root: Path, client) -> None:
        self.root = root
        self.client = client

    def write(self, name: str, text: str) -> str:
        p = self.root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(text.encode("utf-8"))
        return str(p)

    def path(self, name: str = "main.muro") -> str:
        return str(self.root / name)

    def text(self, tool: str, **arguments) -> str:
        """The tool's text; fails the test if it came back as an error."""
        result = self.client.call_tool(tool, arguments)
        assert not result.get("isError"), result["content"][0]["text"]
        return result["content"][0]["text"]

    def json(self, tool: str, **arguments):
        return json.loads(self.text(tool, **arguments))

    def error(self, tool: str, **arguments) -> str:
        result = self.client.call_tool(tool, arguments)
        assert result.get("isError") is True, result
        return result["content"][0]["text"]


#: Two storeys, a site zone with a polygon, a home zone with a use, a balcony open to
#: the outside, a void, an exterior without a region, a space with no level.
HOUSE = """koyu 1.0
name 試験棟
unit mm
grid X 0 4000 8000 9000
grid Y 0 5000 6000
level L2 3000 h:2400
level L1 0 h:2600 slab:200
level R 6000

zone /site name:敷地 site:1
zone /home name:住戸 use:exclusive
polygon /site -1000,-1000 10000,-1000 10000,7000 -1000,7000

asset D1 door w:900 h:2000 style:hinged name:玄関

space /home/ldk ldk X1..X2 Y1..Y2 level:L1 name:居間
space /home/bed room X2..X3 Y1..Y2 level:L1
space /home/up room X1..X2 Y1..Y2 level:L2 use:office
space /home/void void X2..X3 Y1..Y2 level:L2
space /home/balc balcony X1..X2 Y2..Y3 level:L2
space /out exterior name:外部
space /loose room X3..X4 Y1..Y2

boundary /home/balc /out type:open
boundary /home/ldk /out t:150 edge:S
  door D1
"""
