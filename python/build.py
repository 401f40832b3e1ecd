"""Builds the c4 wheel for this machine: python3 python/build.py DIR

The wheel holds the package (python/c4) and the solver with its book as a
C shared library, built from the Go source by `go build -buildmode=c-shared`
(Go and a C compiler are needed here, nothing at the wheel's run time but
Python's standard library). It is written to DIR and its path printed;
`pip install --no-index DIR/c4-*.whl` installs it offline.

It is also the package's build backend (PEP 517, pyproject.toml beside
it), with nothing to download: `pip install ./python` in a checkout, or
pip install "c4 @ git+URL#subdirectory=python", builds the same wheel and
installs it. Either way the build needs the whole repository, the Go
source of the library being outside python/.
"""

import argparse
import base64
import hashlib
import os
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

VERSION = "0.1.0"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PACKAGE = os.path.join(HERE, "c4")

METADATA = """Metadata-Version: 2.1
Name: c4
Version: {version}
Summary: A perfect Connect Four solver with an opening book of every 7x6 position up to 13 stones
License: see the repository
Requires-Python: >=3.8

c4 scores Connect Four positions exactly (or as win, draw or loss), gives the
score of every move and the best one, and solves batches on every core. See
docs/python.md in the repository.
"""

WHEEL = """Wheel-Version: 1.0
Generator: c4 python/build.py
Root-Is-Purelib: false
Tag: {tag}
"""


def platform_tag() -> str:
    """The wheel's platform tag for this machine, as pip reads it."""
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def build_library(out: str) -> None:
    """Builds the shared library into out."""
    env = dict(os.environ, CGO_ENABLED="1")
    subprocess.run(["go", "build", "-buildmode=c-shared", "-trimpath", "-ldflags=-s -w",
                    "-o", out, "./python/libc4"], cwd=ROOT, env=env, check=True)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def make_wheel(dest: str) -> str:
    """Builds the wheel into dest and returns its path."""
    tag = "py3-none-" + platform_tag()
    info = "c4-%s.dist-info" % VERSION
    files = {}
    for name in sorted(os.listdir(PACKAGE)):
        if name.endswith(".py") or name == "py.typed":
            with open(os.path.join(PACKAGE, name), "rb") as f:
                files["c4/" + name] = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, "libc4.so")
        build_library(lib)
        with open(lib, "rb") as f:
            files["c4/libc4.so"] = f.read()
    files[info + "/METADATA"] = METADATA.format(version=VERSION).encode()
    files[info + "/WHEEL"] = WHEEL.format(tag=tag).encode()
    record = [record_line(n, d) for n, d in files.items()] + [info + "/RECORD,,"]
    files[info + "/RECORD"] = ("\n".join(record) + "\n").encode()
    os.makedirs(dest, exist_ok=True)
    path = os.path.join(dest, "c4-%s-%s.whl" % (VERSION, tag))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            info_ = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info_.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            info_.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info_, data)
    return path


# The build backend's hooks (PEP 517): a wheel, built as make_wheel does,
# and no requirements (the standard library builds it).


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return os.path.basename(make_wheel(wheel_directory))


def main() -> int:
    parser = argparse.ArgumentParser(prog="python3 python/build.py",
                                     description="Builds the c4 wheel for this machine into DIR and prints its path.")
    parser.add_argument("dir", metavar="DIR", help="the folder to write the wheel to (made if missing)")
    args = parser.parse_args()
    try:
        print(make_wheel(args.dir))
    except (OSError, subprocess.CalledProcessError) as e:
        print("build.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
