"""Peak resident memory of a command, measured so that the test process's own size does not leak in.

On Linux a process's high-water RSS survives fork and exec: a command started straight from a large pytest
process reports pytest's peak as its own. So the command is started from a small launcher process, and the
launcher reports the peak its child reached (os.wait4)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_LAUNCHER = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[2:])\n"
    "_, status, usage = os.wait4(child.pid, 0)\n"
    "open(sys.argv[1], 'w').write(str(usage.ru_maxrss))\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n"
)


def run_measured(args: list[str], peak_file: Path, **popen_kwargs) -> tuple[subprocess.CompletedProcess, float]:
    """Run `args` to completion (subprocess.run keywords allowed); return the result and its peak RSS in MB."""
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, str(peak_file), *args], **popen_kwargs)
    return done, int(peak_file.read_text()) / 1024
