"""The real koyu-mcp process over pipes: framing, stdout discipline, exit, and plugins."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from importlib import metadata

import pytest
from host_support import BROKEN_SOURCE, CLASH_SOURCE, ZETA_SOURCE

import koyu_host
from koyu_host.client import Client, server_command

TIMEOUT = 60


def run_server(lines: list[str], env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    """Feed lines on stdin, close it, and collect everything."""
    return subprocess.run(
        server_command(),
        input="".join(line + "\n" for line in lines).encode("utf-8"),
        capture_output=True,
        timeout=TIMEOUT,
        env=env,
        cwd=cwd,
    )


def env_with(path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(path), env.get("PYTHONPATH")]))
    return env


def test_the_console_script_is_installed_beside_this_python():
    assert os.path.basename(server_command()[0]) == "koyu-mcp"


def test_the_version_is_the_distributions():
    assert koyu_host.__version__ == metadata.version("koyu-mcp")


def test_a_session_over_pipes_answers_in_order_and_exits_0_when_stdin_closes():
    done = run_server(
        [
            '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}',
            '{"jsonrpc":"2.0","method":"notifications/initialized"}',
            "",
            '{"jsonrpc":"2.0","id":2,"method":',
            '[{"jsonrpc":"2.0","id":3,"method":"ping"}]',
            '{"jsonrpc":"2.0","id":4,"result":{}}',
            '{"jsonrpc":"2.0","id":"five","method":"ping"}\r',
            '{"jsonrpc":"2.0","id":6,"method":"tools/list"}',
            '{"jsonrpc":"2.0","id":7,"method":"completion/complete"}',
            '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"check"}}',
            "[" * 100_000,
            '{"jsonrpc":"2.0","id":9,"method":"ping"}',
        ]
    )
    assert done.returncode == 0
    lines = done.stdout.decode("utf-8").split("\n")
    assert lines[-1] == ""  # every reply ends with a newline
    replies = [json.loads(line) for line in lines[:-1]]
    assert [r["id"] for r in replies] == [1, "five", 6, 7, 8, 9]
    assert replies[0]["result"]["serverInfo"] == {"name": "koyu", "version": "0.16.0"}
    assert len(replies[2]["result"]["tools"]) == 12
    assert replies[3]["error"] == {"code": -32601, "message": "Unsupported method: completion/complete"}
    assert replies[4]["result"] == {
        "content": [{"type": "text", "text": "file (a string) is required"}],
        "isError": True,
    }
    assert b"Traceback" not in done.stderr


def test_the_client_drives_a_real_process():
    client = Client.process()
    assert client.initialize()["serverInfo"]["name"] == "koyu"
    assert [t["name"] for t in client.list_tools()][:2] == ["model_summary", "check"]
    assert client.result("ping") == {}
    assert client.close() == 0


def test_a_printing_or_reading_plugin_cannot_touch_the_stream_and_a_broken_one_is_reported(tmp_path):
    from host_support import Site

    site = Site(tmp_path / "site")
    site.add("zeta-koyu", "zeta_koyu", ZETA_SOURCE, {"zeta": "zeta_koyu"})
    site.add("broken-koyu", "broken_koyu", BROKEN_SOURCE, {"broken": "broken_koyu"})
    done = run_server(
        [
            '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
            '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zeta_echo","arguments":{"file":"a","loud":1}}}',
            '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"zeta_echo","arguments":{"file":"a","loud":2}}}',
            '{"jsonrpc":"2.0","id":4,"method":"ping"}',
        ],
        env=env_with(site.root),
    )
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]  # all JSON
    assert [r["id"] for r in replies] == [1, 2, 3, 4]  # the plugin reading stdin swallowed nothing
    names = [t["name"] for t in replies[0]["result"]["tools"]]
    assert names[0] == "zeta_echo" and len(names) == 13
    assert json.loads(replies[1]["result"]["content"][0]["text"]) == {"zeta": "a", "loud": 1}
    assert json.loads(replies[2]["result"]["content"][0]["text"]) == {"stdin": ""}
    err = done.stderr.decode("utf-8")
    assert "zeta speaks on stdout" in err and "zeta writes to fd 1" in err
    assert "plugin 'broken'" in err


@pytest.mark.parametrize(
    "dist, package, source, entry_point, named",
    [
        # a tool under a built-in's name, from a plugin of its own name
        ("clash-koyu", "clash_koyu", CLASH_SOURCE, {"clash": "clash_koyu"}, ["'check'", "plugin 'verify'"]),
        # a plugin under a built-in's name: both distributions named
        (
            "acme-koyu",
            "acme_form",
            ZETA_SOURCE,
            {"form": "acme_form"},
            ["'koyu-mcp' (koyu_form)", "'acme-koyu' (acme_form)"],
        ),
    ],
)
def test_two_of_one_name_stop_start_up_naming_both(tmp_path, dist, package, source, entry_point, named):
    from host_support import Site

    site = Site(tmp_path / "site")
    site.add(dist, package, source, entry_point)
    done = run_server(['{"jsonrpc":"2.0","id":1,"method":"ping"}'], env=env_with(site.root))
    assert done.returncode == 2
    assert done.stdout == b""
    err = done.stderr.decode()
    assert "cannot start" in err and all(words in err for words in named), err


def test_sigterm_ends_the_server_cleanly():
    process = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    process.stdin.flush()
    assert json.loads(process.stdout.readline()) == {"jsonrpc": "2.0", "id": 1, "result": {}}
    process.send_signal(signal.SIGTERM)
    assert process.wait(TIMEOUT) == 0
    assert b"Traceback" not in process.stderr.read()
    process.stdin.close()
    process.stdout.close()
    process.stderr.close()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
def test_a_client_that_stops_reading_ends_the_server_cleanly():
    process = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # nobody reads replies any more
    try:
        process.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n' * 3)
        process.stdin.close()
    except BrokenPipeError:
        pass
    assert process.wait(TIMEOUT) == 0
    assert b"Traceback" not in process.stderr.read()
    process.stderr.close()


def test_the_demo_client_prints_a_whole_session(tmp_path):
    entry = tmp_path / "one.muro"
    entry.write_text("koyu 1.0\nname one\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "koyu_host.client",
            str(entry),
            "--call",
            "doors",
            '{"from": "/a", "to": "/b"}',
            "--call",
            "no_such_tool",
            "{}",
        ],
        capture_output=True,
        timeout=TIMEOUT,
        cwd=tmp_path,
    )
    out = done.stdout.decode("utf-8")
    assert '"name": "koyu"' in out and "tools/list: 12 tools" in out and "tools/call doors" in out
    assert done.returncode == 1 and "Unknown tool: no_such_tool" in done.stderr.decode("utf-8")
    assert "exited with status 0" in out


def test_start_up_leaves_heavy_modules_for_the_first_call_that_needs_them():
    # Cold start (issue #2: under 0.3 s) cannot afford shapely/numpy or cattrs at start-up;
    # tool modules import them inside `handle`.
    probe = (
        "import sys; from koyu_host import plugins; from koyu_host.protocol import Server; "
        'Server(plugins.load()).handle_line(\'{"id":1,"method":"tools/list"}\'); '
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & {'shapely', 'numpy', 'cattrs'})))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().split() == []
