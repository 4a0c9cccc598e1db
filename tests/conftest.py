"""What more than one test file needs: a JupyterLab server (the README's kit command in
test_packaging.py, the stepper in a real browser in browser/)."""
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def _running_lab(args, cwd, home):
    """`jupyter lab *args` (this Python's) on a free local port with the token off, run from
    `cwd` with its settings in `home` and this checkout's minigrad; yields its URL once /api/status answers, then stops it
    and the kernels it started (its own process group)."""
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = dict(os.environ, HOME=str(home), PYTHONPATH=str(ROOT), JUPYTER_PLATFORM_DIRS="1",
               JUPYTERLAB_SETTINGS_DIR=str(home / "settings"))
    port = _free_port()
    log_path = home / "jupyterlab.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", *args, "--no-browser", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/api/status", timeout=2):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("JupyterLab did not start:\n"
                                           + log_path.read_text()[-3000:]) from None
                    time.sleep(0.3)
            yield url
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


@pytest.fixture
def jupyterlab(tmp_path):
    """jupyterlab(args, cwd) -> the URL of a running JupyterLab (see _running_lab), stopped
    when the test ends."""
    pytest.importorskip("jupyterlab")
    with contextlib.ExitStack() as stack:
        home = tmp_path / "lab-home"
        yield lambda args, cwd: stack.enter_context(_running_lab(args, cwd, home))
