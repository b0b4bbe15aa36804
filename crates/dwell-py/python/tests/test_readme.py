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
