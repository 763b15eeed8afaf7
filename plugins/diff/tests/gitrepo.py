"""git for the tests: a throwaway repository's commands, as a test user."""

import subprocess


def git(folder, *args):
    subprocess.run(
        ["git", "-c", "user.name=test", "-c", "user.email=test@example.com", *args],
        cwd=folder,
        check=True,
        capture_output=True,
    )
