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
