"""What the real koyu-mcp says to a person who types it: --help, --version, a mistake, and
the one line on stderr when it starts at a terminal (koyu_host/about.py)."""

from __future__ import annotations

import json
import os
import pty
import shlex
import subprocess
from importlib import metadata

from koyu_host.client import server_command

TIMEOUT = 60


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*server_command(), *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT
    )


def test_help_says_what_it_is_how_to_register_it_and_how_it_speaks():
    done = run("--help")
    assert done.returncode == 0 and done.stderr == ""
    text = done.stdout
    assert text.startswith(f"koyu-mcp {metadata.version('koyu-mcp')} (muro 1.0): the MCP server of koyu")
    assert "JSON-RPC 2.0 on stdin and stdout" in text
    command = server_command()[0]  # the installed console script, an absolute path
    assert os.path.isabs(command)
    assert f"claude mcp add koyu -- {shlex.quote(command)}\n" in text
    assert f"claude mcp add koyu-027 -- {shlex.quote(command)} --as 0.27\n" in text
    [servers] = [line.strip() for line in text.splitlines() if "mcpServers" in line and "{" in line]
    assert json.loads(servers) == {"mcpServers": {"koyu": {"command": command, "args": []}}}


def test_version_names_the_implementation_and_the_muro_it_reads():
    done = run("--version")
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"koyu-mcp {metadata.version('koyu-mcp')} (muro 1.0)\n",
        "",
    )


def test_any_other_argument_is_a_mistake_and_nothing_is_served():
    done = run("--serve")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("koyu-mcp: unexpected arguments: --serve\nUsage: koyu-mcp ")


def test_at_a_terminal_it_says_once_on_stderr_that_it_waits_and_stdout_stays_the_protocols():
    terminal, its_side = pty.openpty()
    process = subprocess.Popen(server_command(), stdin=its_side, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(its_side)
    try:
        os.write(terminal, b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
        os.write(terminal, b"\x04")  # Ctrl-D at the start of a line: end of input
        out, err = process.communicate(timeout=TIMEOUT)
    finally:
        os.close(terminal)
    assert process.returncode == 0
    assert [json.loads(line) for line in out.decode().splitlines()] == [{"jsonrpc": "2.0", "id": 1, "result": {}}]
    assert err.decode().count("waiting for JSON-RPC requests on stdin") == 1


def test_on_pipes_a_client_gets_no_greeting():
    done = subprocess.run(
        server_command(),
        input='{"jsonrpc":"2.0","id":1,"method":"ping"}\n',
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, '{"jsonrpc":"2.0","id":1,"result":{}}\n', "")
