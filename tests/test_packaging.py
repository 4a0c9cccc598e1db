"""The install story stays true: one source of dependencies, a light import, CI runs the README."""
import io
import json
import re
import shlex
import subprocess
import sys
import tokenize
import urllib.request
from pathlib import Path

import yaml
from packaging.requirements import Requirement

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

# PyPI names whose conda-forge package has another name (conda-forge's "graphviz" is the C library).
PYPI_TO_CONDA = {"graphviz": "python-graphviz"}
# Entries of environment.yml that are tooling, not dependencies of minigrad.
CONDA_TOOLING = {"python", "pip"}


def pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def pypi_names(requirements):
    """Normalised project names of PEP 508 requirement strings."""
    return {Requirement(r).name.lower() for r in requirements}


def conda_name(spec):
    """The package name of a conda spec such as 'python=3.11' or 'numpy>=2'."""
    return re.match(r"[A-Za-z0-9_.\-]+", spec).group().lower()


def environment_names():
    """Names of the conda packages in environment.yml, and its pip section."""
    deps = yaml.safe_load((ROOT / "environment.yml").read_text())["dependencies"]
    conda = {conda_name(d) for d in deps if isinstance(d, str)} - CONDA_TOOLING
    pip = [x for d in deps if isinstance(d, dict) for x in d.get("pip") or []]
    return conda, pip


def test_environment_yml_matches_pyproject():
    project = pyproject()["project"]
    pypi = pypi_names(project["dependencies"]) | pypi_names(project["optional-dependencies"]["kit"])
    assert "numpy" in pypi and "jupyterlab" in pypi
    conda, pip = environment_names()
    assert conda == {PYPI_TO_CONDA.get(n, n) for n in pypi}
    assert pip == ["-e ."], "Binder must install minigrad itself"


def test_runtime_dependency_is_numpy_only():
    assert pypi_names(pyproject()["project"]["dependencies"]) == {"numpy"}


def test_import_stays_light():
    """Plain `import minigrad` must not pull in the kit's heavy optional packages."""
    heavy = ["graphviz", "pygraphviz", "ipywidgets", "IPython", "torch"]
    code = f"import sys, minigrad; print([m for m in {heavy!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def readme_commands():
    """The README's code blocks, stripped, in order."""
    text = (ROOT / "README.md").read_text()
    return [b.strip() for b in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S)]


def readme_test_command():
    """The one-line command of the README code block that runs pytest."""
    commands = [b for b in readme_commands() if "pytest" in b]
    assert len(commands) == 1, f"expected one test command in the README, found {commands}"
    assert "\n" not in commands[0]
    return commands[0]


def readme_kit_command():
    """The README's first command, the one that sets up and starts the kit."""
    command = readme_commands()[0]
    assert "\n" not in command and "jupyter lab" in command, command
    return command


def test_readme_kit_command_serves_the_lessons(jupyterlab):
    """The README's kit command, after its setup, as a student runs it (CI is root, as in a
    container: JupyterLab refuses root unless told): its lab serves notebooks/."""
    command = readme_kit_command()
    setup, _, start = command.rpartition(" && ")
    assert setup == "python3 -m venv .venv && .venv/bin/pip install -q -e '.[kit]'"
    program, *args = shlex.split(start)
    assert program == ".venv/bin/jupyter" and args[:2] == ["lab", "notebooks/"], start
    url = jupyterlab(args[1:], cwd=ROOT)
    with urllib.request.urlopen(f"{url}/api/contents") as answer:
        served = {item["name"] for item in json.load(answer)["content"]}
    lessons = {path.name for path in (ROOT / "notebooks").glob("*.ipynb")}
    assert len(lessons) >= 9 and lessons <= served


def test_ci_runs_the_readme_test_command():
    command = readme_test_command()
    assert command.startswith("python3 -m venv") and command.endswith("-m pytest")
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert command in lines


def _string_literals(path):
    """(line, text) of every string literal in a source file that is not a docstring."""
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
    for prev, tok in zip([None] + tokens, tokens):
        if tok.type != tokenize.STRING:
            continue
        statement_start = prev is None or prev.type in (tokenize.NEWLINE, tokenize.INDENT,
                                                        tokenize.DEDENT, tokenize.NL)
        if statement_start and tok.string.lstrip("rbfuRBFU")[:3] in ('"""', "'''"):
            continue  # a docstring: prose about PyTorch may name it
        yield tok.start[0], tok.string


def test_messages_name_minigrad_not_torch():
    """Errors and warnings say `minigrad.x` where PyTorch's say `torch.x` (addresses of PyTorch's
    pages and sources keep theirs)."""
    found = []
    for path in sorted((ROOT / "minigrad").rglob("*.py")):
        for line, text in _string_literals(path):
            if (re.search(r"\btorch\.\w", text) and "http" not in text and ".html" not in text
                    and not text.lstrip("rbfuRBFU")[1:].startswith("#")):
                found.append(f"{path.relative_to(ROOT)}:{line}: {text}")
    assert not found, "\n".join(found)
