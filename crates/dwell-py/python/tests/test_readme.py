"""The README's Python example runs as written (from the repository root)."""

import os
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[4]


def test_readme_python_example_runs(monkeypatch):
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## From Python"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(ROOT)
    scope = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert len(scope["close"]) == 36692 and scope["comps"].count == 1065
    assert scope["summ"]["reached"].max() <= 36692
    assert os.path.exists(ROOT / "data/graphs/email-Enron.edges.xz")


def _requirements(spec):
    """The distribution names in a pyproject requirement list."""
    return {re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower() for r in spec}


def _pyproject():
    tomllib = __import__("pytest").importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "crates/dwell-py/pyproject.toml").read_text())["project"]


def _third_party(code):
    """Top-level modules a piece of code imports, less the standard library and dwell."""
    import ast
    import sys

    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"dwell", "conftest"}


def test_readme_install_command_brings_what_the_example_imports():
    """`pip install <the README's command>` then the README's example: every
    module the example imports is a dependency or an extra the command names."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## From Python"):]
    command = re.search(r"```sh\n(.*?)```", section, re.S).group(1).strip()
    extras = re.search(r"crates/dwell-py(?:\[([a-z,]+)\])?", command).group(1) or ""
    project = _pyproject()
    have = _requirements(project["dependencies"])
    for extra in filter(None, extras.split(",")):
        have |= _requirements(project["optional-dependencies"][extra])
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert _third_party(code) <= have, (command, _third_party(code) - have)


def test_the_test_extra_brings_what_the_tests_import():
    tests = pathlib.Path(__file__).parent
    imported = set().union(*(_third_party(p.read_text()) for p in tests.glob("*.py")))
    assert imported <= _requirements(_pyproject()["optional-dependencies"]["test"]), imported


# -- installs, each in a fresh virtual environment (DWELL_TEST_INSTALL=1) ----
#
# They build the wheel (about a minute on 2 cores when cargo's target folder
# is warm) and fetch from PyPI, so they run when DWELL_TEST_INSTALL=1 is set:
# .ci/run sets it; locally they are skipped with that reason.

import shutil
import subprocess
import sys

import pytest

install = pytest.mark.skipif(os.environ.get("DWELL_TEST_INSTALL") != "1",
                             reason="set DWELL_TEST_INSTALL=1 to build and install in fresh venvs (.ci/run does)")

#: What the README's example prints, checked in the fresh venv's own Python.
_CHECK = """
assert len(close) == 36692 and comps.count == 1065, (len(close), comps.count)
assert summ["reached"].max() <= 36692
import networkx
assert networkx.closeness_centrality(networkx.karate_club_graph(), backend="dwell") == \\
    networkx.closeness_centrality(networkx.karate_club_graph())
print("readme-ok", dwell.__file__)
"""


def _venv(where):
    """A fresh venv (no site packages) and its bin folder."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    return where / "bin"


def _readme_section():
    text = (ROOT / "README.md").read_text()
    return text[text.index("## From Python"):]


@install
def test_readme_install_command_then_its_example_in_a_fresh_venv(tmp_path):
    """The README's install command, run as written from the repository root
    in a venv that has nothing else, then the README's example with that
    venv's Python: an extra the command forgets fails here at import."""
    section = _readme_section()
    command = re.search(r"```sh\n(.*?)```", section, re.S).group(1).strip()
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    bin_ = _venv(tmp_path / "venv")
    env = dict(os.environ, PATH=f"{bin_}{os.pathsep}{os.environ['PATH']}", VIRTUAL_ENV=str(tmp_path / "venv"))
    env.pop("PYTHONPATH", None)
    assert command.startswith("pip install "), command
    subprocess.run(command, shell=True, cwd=ROOT, env=env, check=True)
    run = subprocess.run([str(bin_ / "python"), "-c", code + _CHECK], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "readme-ok" in run.stdout and str(tmp_path) in run.stdout, run.stdout


@install
def test_maturin_builds_an_abi3_wheel_that_installs_offline(tmp_path):
    """`maturin build --release` gives one abi3 wheel (CPython ≥ 3.9, no
    CUDA crate in it); with numpy and NetworkX beside it in a folder, it
    installs with no index at all and answers."""
    maturin = shutil.which("maturin", path=str(pathlib.Path(sys.executable).parent)) or shutil.which("maturin")
    assert maturin, "maturin is not installed next to this Python (pip install maturin==1.16.0)"
    house = tmp_path / "house"
    subprocess.run([maturin, "build", "--release", "-q", "-o", str(house)],
                   cwd=ROOT / "crates/dwell-py", check=True)
    wheels = list(house.glob("dwell-*.whl"))
    assert len(wheels) == 1 and "-cp39-abi3-" in wheels[0].name, wheels
    from importlib.metadata import version

    pins = [f"numpy=={version('numpy')}", f"networkx=={version('networkx')}"]
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:", "-d", str(house)] + pins,
                   check=True)
    bin_ = _venv(tmp_path / "venv")
    subprocess.run([str(bin_ / "pip"), "install", "-q", "--no-index", "--find-links", str(house),
                    f"{wheels[0]}[networkx]"], check=True)
    probe = ("import dwell, numpy as np, networkx as nx\n"
             "g = dwell.Graph.from_edges(np.array([0, 1, 2]), np.array([1, 2, 3]), directed=True)\n"
             "with g.session() as s: assert s.bfs(0).tolist() == [0, 1, 2, 3]\n"
             "G = nx.path_graph(60)\n"
             "assert nx.wiener_index(G, backend='dwell') == nx.wiener_index(G)\n"
             "try:\n    g.session(backend='cuda')\n    raise SystemExit('cuda opened in a CPU-only wheel')\n"
             "except dwell.DwellError as e:\n    assert 'not in this build' in e.message, e\n"
             "print('offline-ok')")
    run = subprocess.run([str(bin_ / "python"), "-c", probe], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0 and "offline-ok" in run.stdout, run.stderr[-3000:]
