#!/usr/bin/env python3
"""Executes every examples/*.ipynb on the `loom` kernel with nbclient and checks the
outputs: no errors except in cells tagged `raises-exception` (which must fail),
and notebook-specific checks (the Mandelbrot image, the compiled-backend summary
lines and cache hit of the tour, the CUDA source).  Each notebook gets a fresh
kernel cache, so the first compilation says `compiled`, and must run in under
MAX_SECONDS.  Needs the kernel spec `loom` on JUPYTER_PATH (run.sh sets it up).
Usage: run_notebooks.py [NOTEBOOK...]   (default: examples/*.ipynb)"""
import base64, struct
import glob
import os
import re
import shutil
import sys
import tempfile
import time

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_kernel import decode_png, image_size, plain  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_SECONDS = 20


def texts(cell):
    """All text a cell produced, ANSI colours removed."""
    out = []
    for o in cell.get("outputs", []):
        if o.output_type == "stream":
            out.append(o.text)
        elif o.output_type in ("execute_result", "display_data"):
            out += [o.data[m] for m in ("text/plain", "text/markdown") if m in o.data]
        elif o.output_type == "error":
            out.append("\n".join(o.traceback))
    return plain("\n".join(out))


def find(nb, source_start, nth=0):
    """The nth code cell whose source starts with `source_start`."""
    cells = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith(source_start)]
    assert len(cells) > nth, f"no cell starting with {source_start!r}"
    return cells[nth]


def images(cell):
    return [o.data["image/png"] for o in cell.outputs
            if o.output_type in ("execute_result", "display_data") and "image/png" in o.data]


def summary(cell):
    lines = [line for line in texts(cell).split("\n") if line.startswith("-- cpu:")]
    assert len(lines) == 1, f"expected one `-- cpu:` line in {cell.source!r}: {texts(cell)!r}"
    return lines[0]


def check_tour(nb):
    assert "32.0f64" in texts(find(nb, "dot [1, 2, 3]"))
    assert "2.5f32" in texts(find(nb, "module stats"))
    assert "val mean [n] : [n]f32 -> f32" in texts(find(nb, ":type s32"))
    blur = images(find(nb, "let board = generate_2d"))
    assert len(blur) == 1 and decode_png(blur[0])[:2] == image_size(24, 32), "the blurred board"
    plot = images(find(nb, "let ts = map"))
    assert len(plot) == 1 and decode_png(plot[0])[:2] == (640, 400), "the plot of sin and cos"
    assert "[3i32, 0i32, 12i32]" in texts(find(nb, "fold_seg (+) 0 [2, 0, 3]"))
    assert "[5.0f64, 13.0f64, 17.0f64]" in texts(find(nb, "foreign \"<math.h>\" def hypot"))
    err = find(nb, "dot [1, 2] [1, 2, 3]")
    assert re.search(r":1:12:", texts(err)), texts(err)
    assert "144i32" in texts(find(nb, "sq 12")), "the session survives the error"
    assert "__global__" in texts(find(nb, ":cuda"))
    assert "```cpp" in texts(find(nb, ":cuda"))  # (renderers know no `cuda` fence)
    assert "screma" in texts(find(nb, ":ir"))
    first, again = find(nb, ":time\nsum_squares"), find(nb, "sum_squares 1000000")
    assert "compiled" in summary(first), summary(first)
    assert "-- time:" in texts(first), texts(first)
    assert "memory" in summary(again) and "compiled" not in summary(again), summary(again)
    assert "3.333328333335e17f64" in texts(again)


def check_mandelbrot(nb):
    small = find(nb, "mandelbrot 6 10")
    assert any("text/html" in o.get("data", {}) for o in small.outputs), "a table"
    for cell in (find(nb, ":backend cpu\nmandelbrot 200 300"), find(nb, "mandelbrot 200 300 200")):
        pngs = images(cell)
        assert len(pngs) == 1, f"one image for {cell.source!r}"
        width, height, _ = decode_png(pngs[0])
        assert (width, height) == image_size(200, 300) == (300, 200), (width, height)
    assert "15514i64" in texts(find(nb, "let m = mandelbrot"))
    zoom = find(nb, ":video map")
    gifs = [o.data["image/gif"] for o in zoom.outputs if "image/gif" in o.get("data", {})]
    assert len(gifs) == 1, "one animation"
    gif = base64.b64decode(gifs[0])
    assert gif[:6] == b"GIF89a" and struct.unpack("<HH", gif[6:10]) == (120, 90), gif[:10]
    assert gif.count(b"\x21\xf9\x04") == 24, "24 frames"  # a graphic control block each
    assert "-- video: 24 frames of 120x90 pixels" in texts(zoom)


CHECKS = {"tour": check_tour, "mandelbrot": check_mandelbrot}


def run(path):
    nb = nbformat.read(path, as_version=4)
    cache = os.environ["LOOM_CACHE_DIR"] = tempfile.mkdtemp(prefix="loom-nb-cache-")
    client = NotebookClient(nb, kernel_name="loom", timeout=60,
                            resources={"metadata": {"path": os.path.dirname(path)}})
    t0 = time.time()
    try:
        client.execute()
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    seconds = time.time() - t0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.outputs if o.output_type == "error"]
        expected = "raises-exception" in cell.metadata.get("tags", [])
        assert bool(errors) == expected, \
            f"cell {cell.source!r}: {'an unexpected error' if errors else 'no error'}: {texts(cell)}"
    name = os.path.splitext(os.path.basename(path))[0]
    if name in CHECKS:
        CHECKS[name](nb)
    assert seconds < MAX_SECONDS, f"took {seconds:.1f} s"
    return seconds


def main():
    paths = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "examples", "*.ipynb")))
    failed = 0
    for path in paths:
        try:
            seconds = run(path)
            print(f"ok   {os.path.relpath(path, ROOT)} ({seconds:.1f} s)")
        except Exception as e:  # report every notebook, then fail
            failed += 1
            print(f"FAIL {os.path.relpath(path, ROOT)}: {type(e).__name__}: {e}")
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
