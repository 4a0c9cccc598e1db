"""The stepper in a real browser: JupyterLab serves a notebook, headless Chromium clicks "step".

This is what no kernel-side test can show: that the widgets render in JupyterLab, that a click
goes to the kernel and back, and that the picture and the panel really change on screen.
It uses Debian's `chromium` (Playwright cannot download its own browser on a closed network);
without it, or without playwright, the test skips and says why. CI (`.ci/run`) installs it.
A screenshot is kept in test-artifacts/ (ignored by git).
"""
import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
# Chromium on a closed network: no sandbox (root in CI), no GPU, and no calls home.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

NOTEBOOK_CELLS = [
    "import minigrad as torch\n"
    "from minigrad.viz import BackwardStepper",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
    "w = torch.tensor([3.0, -1.0], requires_grad=True)\n"
    "h = x * w\n"
    "h.retain_grad()\n"
    "loss = (h.tanh() * x).sum()\n"
    "stepper = BackwardStepper(loss, names=locals())\n"
    "stepper",
]

# The highlighted node (filled with the highlight colour) and the panel, as the page shows them.
HIGHLIGHTED_JS = """() => {
  const nodes = [...document.querySelectorAll('.mg-picture svg g.node')];
  return nodes.filter(g => { const p = g.querySelector('polygon');
                             return p && p.getAttribute('fill') === 'gold'; })
              .map(g => g.querySelector('text').textContent);
}"""
PANEL_JS = "() => document.querySelector('.mg-panel') ? document.querySelector('.mg-panel').innerText : null"


def run_and_step(page, notebook_url, steps):
    """Open the notebook, run all cells, click "step" `steps` times; after each click wait for
    the panel and the highlight to change. Then "back" must show the previous state again.
    Returns [(highlighted node, panel text)] per state."""
    page.goto(notebook_url)
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    # once the kernel is up (status bar: "Python 3 (ipykernel) | Idle"), Run > Run All Cells
    page.wait_for_selector(".jp-StatusBar-Widget >> text=/\\| Idle$/")
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-item[data-command='runmenu:run-all']")
    page.wait_for_selector(".mg-stepper button[title='step']")
    page.wait_for_function(f"() => ({HIGHLIGHTED_JS})().length === 1")
    shown = [(page.evaluate(HIGHLIGHTED_JS), page.evaluate(PANEL_JS))]
    for k in range(1, steps + 1):
        page.click(".mg-stepper button[title='step']")
        page.wait_for_function(f"() => ({PANEL_JS})().includes('step {k} of')")
        page.wait_for_function(f"(before) => JSON.stringify(({HIGHLIGHTED_JS})()) !== before",
                               arg=json.dumps(shown[-1][0]))
        shown.append((page.evaluate(HIGHLIGHTED_JS), page.evaluate(PANEL_JS)))
    page.click(".mg-stepper button[title='back']")  # and one back: the previous state again
    page.wait_for_function(f"() => ({PANEL_JS})().includes('step {steps - 1} of')")
    page.wait_for_function(f"(before) => JSON.stringify(({HIGHLIGHTED_JS})()) === before",
                           arg=json.dumps(shown[-2][0]))
    assert page.evaluate(PANEL_JS) == shown[-2][1]
    page.click(".mg-stepper button[title='step']")
    page.wait_for_function(f"() => ({PANEL_JS})().includes('step {steps} of')")
    return shown


def test_stepping_in_jupyterlab_changes_the_picture_and_the_panel(tmp_path, jupyterlab):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM} (Debian: apt-get install chromium); "
                    ".ci/run installs it")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    nbformat = pytest.importorskip("nbformat")

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in NOTEBOOK_CELLS])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, tmp_path / "stepper.ipynb")
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot = ARTIFACTS / "stepper-jupyterlab.png"
    (ARTIFACTS / "stepper-jupyterlab-failure.png").unlink(missing_ok=True)

    url = jupyterlab(["--allow-root", "--ServerApp.disable_check_xsrf=True",
                      f"--ServerApp.root_dir={tmp_path}"], cwd=tmp_path)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(30_000)
        try:
            shown = run_and_step(page, f"{url}/lab/tree/stepper.ipynb", steps=3)
            page.screenshot(path=str(screenshot), full_page=True)
        except Exception:
            page.screenshot(path=str(ARTIFACTS / "stepper-jupyterlab-failure.png"))
            raise
        finally:
            browser.close()

    # what the kernel-side stepper says on the same graph: the browser must show the same
    namespace = {}
    exec("\n".join(NOTEBOOK_CELLS), namespace)
    stepper, expected = namespace["stepper"], []
    for _ in range(4):
        expected.append([type(stepper.next_node).__name__])
        stepper.step()
    highlighted = [h for h, _ in shown]
    panels = [p for _, p in shown]
    assert highlighted == expected  # the node about to run moves on with each click
    assert len(set(panels)) == 4
    for k, panel in enumerate(panels):
        assert f"step {k} of {len(stepper._nodes)}" in panel
        if k:  # the panel names the node that just ran, and what it received
            event = stepper.events[k - 1]
            assert f"{k}. {type(event.node).__name__}" in panel and "gradient received" in panel
    assert screenshot.stat().st_size > 10_000
