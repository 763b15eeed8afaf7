"""With the agent tools installed beside the server (tox's agent-tools env installs them),
``tools/list`` still starts with the original's tools, byte for byte, and the added tools
follow, each with its title and hints. Skipped in the main suite, which runs without them."""

from __future__ import annotations

import json
import os

import pytest

from koyu_host import plugins
from koyu_host.client import Client
from koyu_host.surfaces import SURFACES

AGENT_TOOLS = ["diff", "review", "view"]
BUILT_IN = {"read", "write", "verify", "ask", "form"}  # koyu-mcp's own entry points


@pytest.mark.parametrize("surface", ["0.16", "0.27"])
def test_the_originals_come_first_to_the_byte_and_the_agent_tools_follow(surface):
    installed = plugins.discover()
    if not {"diff", "review", "view"} <= {ep.name for ep in installed}:
        if os.environ.get("KOYU_AGENT_TOOLS_INSTALLED"):
            pytest.fail("the agent tools should be installed here")
        pytest.skip("the agent tools are not installed (pip install ./plugins/diff ./plugins/review ./plugins/view)")
    plain = [ep for ep in installed if ep.name in BUILT_IN]

    def listing(entry_points) -> str:
        """The raw tools/list reply line, as the stream carries it."""
        client = Client.in_memory(plugins.load(entry_points, surface=surface), surface=SURFACES[surface])
        client.transport.send('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
        reply = client.transport.receive()
        assert reply is not None
        return reply

    originals, everything = listing(plain), listing(installed)
    assert originals.endswith("]}}")
    assert everything.startswith(originals[: -len("]}}")] + ",")  # the originals' bytes, then more
    added = json.loads(everything)["result"]["tools"][len(json.loads(originals)["result"]["tools"]) :]
    ours = [t for t in added if t["name"] in AGENT_TOOLS]  # other plugins may be installed too (koyu-ifc)
    assert [t["name"] for t in ours] == AGENT_TOOLS
    for tool in ours:
        assert tool["annotations"]["readOnlyHint"] is True and tool["annotations"]["openWorldHint"] is False
        assert tool["title"] == tool["annotations"]["title"]
