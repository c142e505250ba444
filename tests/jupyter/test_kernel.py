"""Protocol tests of the `loom` Jupyter kernel (DESIGN.md §4, issue 8).

The generic checks come from jupyter_kernel_test (kernel_info, execute results,
display data, completion, inspection, is_complete, errors); the methods below check
what is specific to Loom: the MIME bundles of array values (HTML table, PNG image),
the `-- cpu:` summary line with the kernel-cache status, error tracebacks with a
location and a caret, and that the session survives an error.

Needs the kernel spec `loom` on JUPYTER_PATH and a private LOOM_CACHE_DIR:
tests/jupyter/run.sh sets both up.  Run alone with
    python3 -m unittest discover -s tests/jupyter -p 'test_*.py'
"""
import base64
import os
import re
import shutil
import struct
import tempfile
import time
import unittest
import zlib

import jupyter_kernel_test
from jupyter_client.kernelspec import KernelSpecManager

TIMEOUT = 30  # seconds per request; compiled cells take about a second each
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def setUpModule():
    # A fresh kernel cache, so the first compilation of an expression says
    # "compiled" whatever ran before (the kernel inherits this environment).
    if "LOOM_CACHE_DIR" not in os.environ:
        global OWN_CACHE
        OWN_CACHE = os.environ["LOOM_CACHE_DIR"] = tempfile.mkdtemp(prefix="loom-jupyter-cache-")


OWN_CACHE = None


def tearDownModule():
    if OWN_CACHE:
        shutil.rmtree(OWN_CACHE, ignore_errors=True)
        del os.environ["LOOM_CACHE_DIR"]


def plain(text):
    return ANSI.sub("", text)


def output_texts(msgs):
    """Every piece of text the kernel sent for one cell (streams, text/plain of
    results and displays, markdown), in order."""
    texts = []
    for m in msgs:
        c = m["content"]
        if m["msg_type"] == "stream":
            texts.append(c["text"])
        elif m["msg_type"] in ("execute_result", "display_data"):
            for mime in ("text/plain", "text/markdown"):
                if mime in c["data"]:
                    texts.append(c["data"][mime])
        elif m["msg_type"] == "error":
            texts.append("\n".join(c["traceback"]))
    return [plain(t) for t in texts]


PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type -> samples per pixel


def decode_png(b64):
    """(width, height, colour type) of a base64 PNG, after checking its structure:
    signature, chunk CRCs, and that the IDAT data inflates to exactly one filter
    byte plus width * channels * depth / 8 bytes per row."""
    data = base64.b64decode(b64)
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        chunks.append((kind, body))
        pos += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert ctype in PNG_CHANNELS and interlace == 0
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    row = (width * PNG_CHANNELS[ctype] * depth + 7) // 8
    assert len(raw) == height * (1 + row), (len(raw), width, height, ctype, depth)
    return width, height, ctype


def image_size(rows, cols):
    """The pixel size of the image of an r×c array (jupyter/README.md): each element
    a k×k block, k = max(1, 256 // max(r, c)); beyond 1024 elements a side, every
    s-th element, s = ceil(max(r, c) / 1024)."""
    m = max(rows, cols)
    if m <= 1024:
        k = max(1, 256 // m)
        return cols * k, rows * k
    s = -(-m // 1024)
    return -(-cols // s), -(-rows // s)


class LoomKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "loom"
    language_name = "loom"
    file_extension = ".fut"

    # Nothing in Loom writes "hello, world" to stdout: no code_hello_world.
    code_execute_result = [
        {"code": "1 + 2", "result": "3i32"},
        {"code": "[1, 2, 3]", "result": "[1i32, 2i32, 3i32]"},
        {"code": "2.5f32 * 2", "result": "5.0f32"},
        {"code": "(1, true)", "result": "(1i32, true)"},
    ]
    code_generate_error = "1 + true"
    code_display_data = [
        {"code": ":ir map (+1) [1, 2, 3i32]", "mime": "text/markdown"},
        {"code": ":code map (+1) [1, 2, 3i32]", "mime": "text/markdown"},
    ]
    completion_samples = [{"text": "f32.sq"}, {"text": ":ty"}, {"text": "red"}]
    complete_code_samples = ["1 + 2", "def f (x: i32) = x + 1", ":type 1 + 2", "", "-- a comment",
                             "def f (x: i32) =\n  x + 1\n:type f",
                             "def f (x: i32) = match x\ncase 1 -> 2\ncase _ -> 3\n",
                             "let y = 1\nin y + 1", "[1, 2]\n|> map (+1)"]
    # A `case` at column 0 goes on with the `match` before it (Note [Lines that go on]),
    # so a dangling one is unfinished, as it is indented; and a last line that is a whole
    # case may have another after it, until a blank line (a console's Enter) ends it.
    incomplete_code_samples = ["1 +", "def f (x: i32) =", "[1, 2", "let x = 1 in", "match x\ncase",
                               "def f x = match x\ncase 1 -> 2\ncase",
                               "match 1i32\ncase 1 -> 2\ncase 2", "def f x = match x\n  case 1 -> 2\n  case",
                               "def f (x: i32) = match x\ncase 1 -> 2\ncase _ -> 3",
                               "match 1i32\n  case 1 -> 2"]
    # An unfinished chunk followed by more input cannot be completed by typing on;
    # parse errors are `complete` (they show on execution: jupyter/README.md).
    invalid_code_samples = ["[1, 2\n:type 1", "1 +\n:type 1", "match 1\ncase 1 -> 2\ncase\n:type 1"]
    code_inspect_sample = "map"
    # The kernel's history (jupyter/History.h) answers all three; the pattern matches one
    # of code_execute_result's cells alone.
    code_history_pattern = "2.5f32*"
    supported_history_operations = ("tail", "range", "search")

    # ---------------------------------------------------------------- helpers

    def run_cell(self, code, status="ok"):
        self.flush_channels()
        reply, msgs = self.execute_helper(code, timeout=TIMEOUT)
        if status is not None:
            self.assertEqual(reply["content"]["status"], status,
                             f"cell {code!r}: {reply['content']} / {output_texts(msgs)}")
        return reply, msgs

    def result_of(self, code):
        """The data bundle of the one execute_result of `code`."""
        _, msgs = self.run_cell(code)
        results = [m for m in msgs if m["msg_type"] == "execute_result"]
        self.assertEqual(len(results), 1, f"{code!r}: {[m['msg_type'] for m in msgs]}")
        return results[0]["content"]["data"]

    # ---------------------------------------------------------------- kernel spec

    def test_kernel_spec(self):
        spec = KernelSpecManager().get_kernel_spec("loom")
        self.assertEqual(spec.display_name, "Loom")
        self.assertEqual(spec.language, "loom")
        self.assertEqual(spec.interrupt_mode, "signal")
        self.assertEqual(spec.argv[1:], ["-f", "{connection_file}"])
        self.assertTrue(os.path.isabs(spec.argv[0]), spec.argv)
        self.assertTrue(os.access(spec.argv[0], os.X_OK), spec.argv)

    def test_language_info(self):
        self.flush_channels()
        self.kc.kernel_info()
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        info = reply["content"]["language_info"]
        self.assertEqual(info["name"], "loom")
        self.assertEqual(info["file_extension"], ".fut")
        self.assertEqual(info.get("codemirror_mode"), "haskell")
        # Pygments (2.8 on) has Futhark's lexer, which nbconvert then uses.
        self.assertEqual(info.get("pygments_lexer"), "futhark")
        import pygments.lexers
        self.assertIn("futhark", pygments.lexers.get_lexer_by_name("futhark").aliases)

    # ---------------------------------------------------------------- execution

    def test_several_chunks_in_one_cell(self):
        _, msgs = self.run_cell("def sq_c (x: i32) = x * x\n"
                                ":type sq_c\n"
                                "map sq_c [1, 2, 3]\n"
                                "def twice_c (x: i32) =\n"
                                "  x + x\n"
                                "sq_c (twice_c 2)\n")
        results = [m for m in msgs if m["msg_type"] == "execute_result"]
        self.assertEqual(len(results), 1, "one execute_result: the last value")
        self.assertEqual(results[0]["content"]["data"]["text/plain"], "16i32")
        texts = "\n".join(output_texts(msgs))
        self.assertIn("sq_c : i32 -> i32", texts)
        self.assertIn("[1i32, 4i32, 9i32]", texts)
        # Definitions are reported on a stream.
        streams = [m for m in msgs if m["msg_type"] == "stream"]
        self.assertTrue(any("sq_c" in m["content"]["text"] for m in streams), texts)
        self.assertEqual(self.result_of("twice_c 5")["text/plain"], "10i32")

    def test_match_with_cases_at_column_0(self):
        # As Futhark programs write it: one chunk (it was cut after the first case).
        self.run_cell("def sign_m (x: i32) = match x\n"
                      "case 0 -> 0i8\n"
                      "case _ -> if x < 0 then -1 else 1\n")
        self.assertEqual(self.result_of("map sign_m [-5, 0, 7]")["text/plain"], "[-1i8, 0i8, 1i8]")

    def test_error_location_caret_and_state_kept(self):
        self.run_cell("def inc_e (x: i32) : i32 = x + 1")
        reply, msgs = self.run_cell("inc_e 1\n\ninc_e true\n", status="error")
        content = reply["content"]
        self.assertEqual(content["ename"], "LoomError")
        errors = [m for m in msgs if m["msg_type"] == "error"]
        self.assertEqual(len(errors), 1)
        self.assertEqual(errors[0]["content"]["ename"], "LoomError")
        self.assertRegex(plain(content["evalue"]), r"^<cell>:3:7: error: ")
        tb = [plain(line) for line in "\n".join(errors[0]["content"]["traceback"]).split("\n")]
        # The location is in the cell: line 3, column 7 (the argument `true`).
        self.assertTrue(any(re.search(r"\S+:3:7:", line) for line in tb), tb)
        self.assertTrue(any("inc_e true" in line for line in tb), tb)
        caret = [line for line in tb if re.fullmatch(r"\s*\^+\s*", line)]
        self.assertEqual(len(caret), 1, tb)
        src = next(line for line in tb if "inc_e true" in line)
        self.assertEqual(caret[0].index("^"), src.index("true"), tb)
        # The definition before the error survives; a failed definition is not added.
        self.assertEqual(self.result_of("inc_e 41")["text/plain"], "42i32")
        self.run_cell("def bad_e (x: i32) : bool = x", status="error")
        _, msgs = self.run_cell("bad_e 1", status="error")
        self.assertIn("bad_e", "\n".join(output_texts(msgs)))

    def test_runtime_error(self):
        reply, msgs = self.run_cell("[1, 2, 3][7]", status="error")
        self.assertEqual(reply["content"]["ename"], "LoomError")
        tb = plain("\n".join(reply["content"]["traceback"]))
        self.assertRegex(tb, r"\S+:1:1:")
        self.assertIn("^^^^", tb)

    def test_traces_on_stdout_before_the_value(self):
        _, msgs = self.run_cell("map (\\x -> #[trace(row)] x * 2) [1, 2]")
        streams = [m["content"] for m in msgs if m["msg_type"] == "stream"]
        self.assertIn({"name": "stdout", "text": "row: 2i32\nrow: 4i32\n"}, streams)
        types = [m["msg_type"] for m in msgs]
        self.assertLess(types.index("stream"), types.index("execute_result"), types)
        # A failure after a trace: the trace, then the error.
        reply, msgs = self.run_cell("map (\\x -> #[trace] 6 / x) [3, 0]", status="error")
        texts = [m["content"]["text"] for m in msgs if m["msg_type"] == "stream"]
        self.assertIn("<cell>:1:21: 2i32\n", texts)
        self.assertIn("division by zero", plain(reply["content"]["evalue"]))

    def test_break_asks_for_lines_with_input_requests(self):
        self.flush_channels()
        msg_id = self.kc.execute("map (\\x -> #[break] x * 2) [1, 2, 3]")
        answers = ["x + 100", "x + true", ":continue", ":skip"]
        prompts = []
        for a in answers:
            req = self.kc.get_stdin_msg(timeout=TIMEOUT)
            self.assertEqual(req["msg_type"], "input_request")
            prompts.append(req["content"]["prompt"])
            self.kc.input(a)
        self.assertEqual(prompts, ["break> "] * 4)
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        self.assertEqual(reply["content"]["status"], "ok")
        msgs = []
        while True:
            m = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                break
            msgs.append(m)
        texts = "\n".join(output_texts(msgs))
        self.assertEqual(texts.count("stopped at `#[break]` (<cell>:1:"), 2, texts)
        self.assertIn("locals: x : i32", texts)
        self.assertIn("101i32", texts)            # the answer to `x + 100`, shown at once
        self.assertIn("<break>:1:5: error", texts)
        results = [m for m in msgs if m["msg_type"] == "execute_result"]
        self.assertEqual(results[0]["content"]["data"]["text/plain"], "[2i32, 4i32, 6i32]")

    def test_command_error(self):
        reply, _ = self.run_cell(":nope", status="error")
        self.assertEqual(reply["content"]["ename"], "LoomError")
        self.assertIn(":nope", plain("\n".join(reply["content"]["traceback"])))

    # ---------------------------------------------------------------- rich values

    def test_html_table(self):
        data = self.result_of("[[1, 2, 3], [4, 5, 6]]")
        self.assertEqual(data["text/plain"], "[[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]]")
        html = data["text/html"]
        self.assertIn("<table", html)
        self.assertIn("[2][3]i32", html)
        cells = re.findall(r"<td[^>]*>\s*([^<]*?)\s*</td>", html)
        for v in range(1, 7):
            self.assertTrue(any(c.startswith(str(v)) for c in cells), (v, cells))
        data = self.result_of("[1.5f32, 2.5f32]")
        self.assertIn("<table", data["text/html"])
        self.assertIn("[2]f32", data["text/html"])
        # Scalars and tuples are plain text only.
        self.assertNotIn("text/html", self.result_of("7i64"))
        self.assertNotIn("image/png", self.result_of("[1, 2, 3]"))

    def test_png_of_2d_array(self):
        for expr, rows, cols in (("tabulate_2d 20 30 (\\i j -> f32.i64 (i * j))", 20, 30),
                                 ("tabulate_2d 40 10 (\\i j -> i32.i64 (i + j))", 40, 10),
                                 ("tabulate_2d 3 3 (\\i j -> u8.i64 (i + j))", 3, 3),
                                 ("tabulate_2d 2 5 (\\i j -> i < j)", 2, 5),
                                 ("replicate 1 (iota 300)", 1, 300),
                                 ("tabulate_2d 2100 7 (\\i j -> i * j)", 2100, 7)):
            with self.subTest(expr=expr):
                data = self.result_of(expr)
                self.assertIn("text/html", data)
                width, height, ctype = decode_png(data["image/png"])
                self.assertEqual(ctype, 0, "grayscale")
                self.assertEqual((width, height), image_size(rows, cols))
        self.assertNotIn("image/png", self.result_of("[[1, 2], [3, 4]] |> map (map (\\x -> (x, x)))"))

    def test_png_of_rgb_array(self):
        for channels, ctype in ((3, 2), (4, 6)):
            for elem in ("u8.i64 (i * 60 + j * 40 + c * 10)", "f32.i64 (i + j + c) / 12"):
                with self.subTest(channels=channels, elem=elem):
                    data = self.result_of(f"tabulate_3d 4 5 {channels} (\\i j c -> {elem})")
                    width, height, got = decode_png(data["image/png"])
                    self.assertEqual(got, ctype, "RGB(A)")
                    self.assertEqual((width, height), image_size(4, 5))
        # A third dimension other than 3 or 4 is no image.
        self.assertNotIn("image/png", self.result_of("tabulate_3d 2 2 2 (\\i j c -> u8.i64 (i + j + c))"))

    def test_plot2d_picture_and_text(self):
        # `:plot2d`: gnuplot's picture as image/png, the terminal's characters as text/plain.
        _, msgs = self.run_cell(":plot2d {up = (map f64.i64 (iota 20), map f64.i64 (iota 20)), "
                                "down = (map f64.i64 (iota 20), map (\\i -> f64.i64 (20 - i)) (iota 20))}")
        shown = [m["content"]["data"] for m in msgs
                 if m["msg_type"] == "display_data" and "image/png" in m["content"]["data"]]
        self.assertEqual(len(shown), 1, [m["msg_type"] for m in msgs])
        width, height, _ = decode_png(shown[0]["image/png"])
        self.assertEqual((width, height), (640, 400))
        self.assertIn("+----", shown[0]["text/plain"])
        self.assertIn("up", shown[0]["text/plain"])  # the key names the fields
        # A value that is no pair of arrays: an error at the expression; the kernel goes on.
        reply, msgs = self.run_cell(":plot2d [1, 2, 3]", status="error")
        self.assertRegex(plain(reply["content"]["evalue"]), r"^<cell>:1:9: error: `:plot2d` takes a pair")
        self.assertEqual(self.result_of("1 + 1")["text/plain"], "2i32")

    def test_img_argb_picture(self):
        # `:img` reads [][]u32 as ARGB pixels (a value of that type alone shows as grey levels).
        _, msgs = self.run_cell(":img [[0xFFFF0000u32, 0xFF00FF00u32, 0xFF0000FFu32]]")
        shown = [m["content"]["data"] for m in msgs
                 if m["msg_type"] == "display_data" and "image/png" in m["content"]["data"]]
        self.assertEqual(len(shown), 1, [m["msg_type"] for m in msgs])
        self.assertEqual(decode_png(shown[0]["image/png"]), (3, 1, 2))  # RGB
        self.assertEqual(shown[0]["text/plain"], "-- image: 3x1 pixels")

    def test_video_gif_and_audio_player(self):
        _, msgs = self.run_cell(":video [[[0u8, 255]], [[255u8, 0]]]")
        shown = [m["content"]["data"] for m in msgs if m["msg_type"] == "display_data"]
        self.assertEqual(len(shown), 1, [m["msg_type"] for m in msgs])
        self.assertTrue(base64.b64decode(shown[0]["image/gif"]).startswith(b"GIF89a"))
        self.assertEqual(shown[0]["text/plain"], "-- video: 2 frames of 2x1 pixels, 30 a second")
        _, msgs = self.run_cell(":audio [0i16, 16384, -32768]")
        shown = [m["content"]["data"] for m in msgs if m["msg_type"] == "display_data"]
        self.assertEqual(len(shown), 1, [m["msg_type"] for m in msgs])
        html = shown[0]["text/html"]
        self.assertTrue(html.startswith('<audio controls src="data:audio/wav;base64,'), html[:80])
        wav = base64.b64decode(html.split("base64,")[1].split('"')[0])
        self.assertEqual((wav[:4], wav[8:12]), (b"RIFF", b"WAVE"))
        self.assertEqual(shown[0]["text/plain"], "-- sound: 1 channel of 3 samples at 44100 Hz, 0.00 s")

    # ---------------------------------------------------------------- code and cache

    def test_code_display_fences(self):
        # CUDA under a `cpp` fence: renderers highlight C++ and know no `cuda` (README).
        for cmd, lang, needle in ((":ir", "text", "fun "), (":code", "cpp", "loom_entry"),
                                  (":cuda", "cpp", "__global__")):
            with self.subTest(cmd=cmd):
                _, msgs = self.run_cell(f"{cmd} map (+1) [1, 2, 3i32]")
                shown = [m["content"]["data"]["text/markdown"] for m in msgs
                         if m["msg_type"] == "display_data"
                         and "text/markdown" in m["content"]["data"]]
                self.assertEqual(len(shown), 1, [m["msg_type"] for m in msgs])
                md = shown[0]
                self.assertTrue(md.lstrip().startswith("```" + lang + "\n"), md[:80])
                self.assertTrue(md.rstrip().endswith("```"), md[-80:])
                self.assertIn(needle, md)

    def summary_lines(self, msgs):
        return [line for t in output_texts(msgs) for line in t.split("\n")
                if line.startswith("-- cpu:")]

    def test_compiled_summary_and_cache(self):
        self.run_cell(":backend cpu")
        try:
            expr = "i64.sum (map (\\x -> x * 7 + 3) (iota 777))"
            first, second = [self.run_cell(expr)[1] for _ in range(2)]
            for msgs in (first, second):
                results = [m for m in msgs if m["msg_type"] == "execute_result"]
                self.assertEqual(results[0]["content"]["data"]["text/plain"], "2112663i64")
                self.assertTrue(any(m["msg_type"] == "display_data" for m in msgs))
            s1, s2 = self.summary_lines(first), self.summary_lines(second)
            self.assertEqual(len(s1), 1, output_texts(first))
            self.assertEqual(len(s2), 1, output_texts(second))
            self.assertIn("compiled", s1[0])
            self.assertIn("memory", s2[0])
            self.assertNotIn("compiled", s2[0])
        finally:
            self.run_cell(":backend interp")

    def test_interp_has_no_summary(self):
        _, msgs = self.run_cell("i32.sum [1, 2, 3]")
        self.assertEqual(self.summary_lines(msgs), [])

    # ---------------------------------------------------------------- completion etc.

    def complete(self, text, cursor=None):
        self.flush_channels()
        self.kc.complete(text, len(text) if cursor is None else cursor)
        reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
        c = reply["content"]
        self.assertEqual(c["status"], "ok")
        # What each match makes of the text (Jupyter replaces cursor_start..cursor_end).
        return [text[:c["cursor_start"]] + m + text[c["cursor_end"]:] for m in c["matches"]]

    def test_completion_names(self):
        self.run_cell("def my_unique_name (x: i32) = x")
        self.assertIn("my_unique_name", self.complete("my_uniq"))
        self.assertIn("map my_unique_name", self.complete("map my_uni"))
        self.assertIn("f32.sqrt", self.complete("f32.sq"))
        self.assertIn("reduce", self.complete("redu"))
        self.assertIn(":backend", self.complete(":back"))
        self.assertEqual(self.complete("zzz_nothing_here"), [])
        # A command's argument: the backends, and files after :load (in a second line too).
        self.assertEqual(self.complete(":backend c"), [":backend cpu", ":backend cuda"])
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "lib_one.fut"), "w").close()
            os.mkdir(os.path.join(d, "lib_dir"))
            self.assertEqual(self.complete("1 + 1\n:load " + d + "/lib"),
                             ["1 + 1\n:load " + d + "/lib_dir/", "1 + 1\n:load " + d + "/lib_one.fut"])

    def test_inspect_type_and_doc(self):
        self.run_cell("-- | Halves a number, rounding down.\n"
                      "def half_i (x: i32) : i32 = x / 2\n")
        for cursor in (len("half_i"), 2):
            self.flush_channels()
            self.kc.inspect("half_i 10", cursor)
            reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
            c = reply["content"]
            self.assertEqual(c["status"], "ok")
            self.assertTrue(c["found"])
            text = plain(c["data"]["text/plain"])
            self.assertIn("half_i : i32 -> i32", text)
            self.assertIn("Halves a number, rounding down.", text)
        self.kc.inspect("no_such_name_here", 5)
        reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
        self.assertFalse(reply["content"]["found"])

    def test_inspect_numeric_module_doc(self):
        # The numeric modules' doc texts (frontend/prelude/04_numeric_docs.fut), on a name
        # and on the function applied where the cursor is.
        for code, cursor in (("f32.sqrt", 3), ("f32.sqrt (-1)", len("f32.sqrt (-1)"))):
            self.flush_channels()
            self.kc.inspect(code, cursor)
            reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
            self.assertTrue(reply["content"]["found"], code)
            self.assertEqual(plain(reply["content"]["data"]["text/plain"]),
                             "f32.sqrt : f32 -> f32\n\n"
                             "`f32.sqrt x`: the square root of x; NaN for a negative x.")
        self.flush_channels()
        self.kc.inspect("i32.abs", 4)
        text = plain(self.get_non_kernel_info_reply(timeout=TIMEOUT)["content"]["data"]["text/plain"])
        self.assertIn("`i32.abs i32.lowest` wraps to i32.lowest", text)

    def test_foreign_function(self):
        # Declared in a cell, called, inspected (the C function it is); C that does not
        # compile is an error at the declaration, and the session goes on.
        self.run_cell('-- | The hypotenuse, from C.\n'
                      'foreign "<math.h>" def hypotenuse (x: f64) (y: f64): f64 = "hypot"')
        self.assertIn("[5.0f64, 13.0f64]", plain(self.result_of("map2 hypotenuse [3, 5] [4, 12]")["text/plain"]))
        self.flush_channels()
        self.kc.inspect("hypotenuse 3 4", 3)
        text = plain(self.get_non_kernel_info_reply(timeout=TIMEOUT)["content"]["data"]["text/plain"])
        self.assertIn("hypotenuse : f64 -> f64 -> f64", text)
        self.assertIn("(foreign: the C function `hypot` of <math.h>)", text)
        self.assertIn("The hypotenuse, from C.", text)
        reply, _ = self.run_cell('foreign "<math.h>" def no_such_c_function (x: f64): f64', status="error")
        tb = plain("\n".join(reply["content"]["traceback"]))
        self.assertRegex(tb, r":1:9: error: the C code of foreign function `no_such_c_function` does not compile")
        self.assertIn("17.0f64", plain(self.result_of("hypotenuse 8 15")["text/plain"]))

    def test_inspect_prelude_collective(self):
        self.flush_channels()
        self.kc.inspect("stencil_2d #clamp f g", 4)
        reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
        self.assertTrue(reply["content"]["found"])
        text = plain(reply["content"]["data"]["text/plain"])
        self.assertIn("stencil_2d 'a 'b [n] [m] : (#clamp | #constant a | #mirror | #wrap) ->", text)
        self.assertIn("past the edges as `b` says", text)

    def test_prelude_failure_at_the_call(self):
        reply, _ = self.run_cell("1 + 1\nbackpermute 2 (\\i -> i + 5) [1, 2, 3]", status="error")
        tb = [plain(line) for line in "\n".join(reply["content"]["traceback"]).split("\n")]
        self.assertTrue(any(re.search(r"\S+:2:1: runtime error: Index \[[56]\] out of bounds", l) for l in tb), tb)
        self.assertTrue(any(re.match(r"\s*in `backpermute`, at prelude\.fut:\d+:\d+: xs\[p i\]", l) for l in tb), tb)

    def test_module_members_complete_and_inspect(self):
        self.run_cell("module Geo = {\n  -- | The area of a circle.\n  def disc_area (r: f64) = f64.pi * r * r\n}\n"
                      "module G2 = Geo")
        self.assertIn("Geo.disc_area", self.complete("Geo.disc"))
        self.assertIn("G2.disc_area", self.complete("G2.di"))
        for code, shown in (("Geo.disc_area 2.0", "Geo.disc_area : f64 -> f64"),
                            ("G2.disc_area 2.0", "G2.disc_area : f64 -> f64"),
                            ("Geo", "Geo : {")):
            self.flush_channels()
            self.kc.inspect(code, 3)
            reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
            self.assertTrue(reply["content"]["found"], code)
            text = plain(reply["content"]["data"]["text/plain"])
            self.assertIn(shown, text)
            if code.startswith("Geo."):
                self.assertIn("The area of a circle.", text)

    # ---------------------------------------------------------------- walk-j issues

    def test_print_is_capped(self):
        # Issue 1: `:print` of a large value sent all of its text (379 MB for 30M i64s).
        self.run_cell("let big_print = iota 3_000_000")
        t0 = time.time()
        text = self.result_of(":print big_print")["text/plain"]
        self.assertLess(time.time() - t0, 10)
        self.assertTrue(text.startswith("[0i64, 1i64, 2i64, "), text[:80])
        body, note = text.rsplit("\n", 1)
        self.assertGreaterEqual(len(body), 4 << 20)
        self.assertLess(len(body), (4 << 20) + (1 << 17), "the text stops at the cap")
        self.assertRegex(note, r"^-- left out: a notebook shows :print's first 4 MiB \((\d+) of 3000000 values\); "
                               r"`loom run` or the terminal REPL \(`loom`\) prints all of it$")
        shown = int(re.search(r"\((\d+) of", note).group(1))
        self.assertEqual(body.count("i64"), shown, "the count is of the values shown")
        # A small :print is whole.
        self.assertEqual(self.result_of(":print iota 300")["text/plain"].count("i64"), 300)

    def test_image_captions_say_what_the_pixels_mean(self):
        # Issue 7: u64 rounded through a double; NaN/inf and constant arrays mislabelled.
        def caption(expr):
            html = self.result_of(expr)["text/html"]
            return re.search(r" image: ([^<]*)</small>", html).group(1)
        self.assertEqual(caption("[[u64.highest, 0u64, 1u64]]"),
                         "grayscale, black = 0, white = 18446744073709551615")
        self.assertEqual(caption("[[i64.lowest, i64.highest]]"),
                         "grayscale, black = -9223372036854775808, white = 9223372036854775807")
        self.assertEqual(caption("[[f32.nan, f32.inf], [-f32.inf, 1]]"),
                         "grayscale, black = nan and -inf, gray = 1.0, white = inf")
        self.assertEqual(caption("[[0.1f32, 0.5], [f32.nan, 0.25]]"),
                         "grayscale, black = 0.1 and nan, white = 0.5")
        self.assertEqual(caption("[[3, 3], [3, 3]]"), "grayscale, gray = 3")
        self.assertEqual(caption("[[true, false]]"), "grayscale, black = false, white = true")
        self.assertEqual(caption("tabulate_3d 2 2 3 (\\i j c -> u8.i64 (i + j + c))"), "RGB")

    def inspect_text(self, code, cursor=None):
        self.flush_channels()
        self.kc.inspect(code, len(code) if cursor is None else cursor)
        reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)["content"]
        self.assertEqual(reply["status"], "ok")
        return plain(reply["data"]["text/plain"]) if reply["found"] else None

    def test_inspect_the_applied_function_and_operators(self):
        # Issue 8: nothing after an argument (`myfunc 3|`), nor for operators.
        self.run_cell("-- | Adds one.\ndef add_one_i (x: i32) = x + 1")
        for code in ("add_one_i 3", "add_one_i 3 ", "add_one_i (1 + 2)", "map add_one_i [1, 2] |> add_one_i 3",
                     "let y = add_one_i 3", "1 +\n  add_one_i 3"):
            with self.subTest(code=code):
                text = self.inspect_text(code)
                self.assertIsNotNone(text, code)
                self.assertIn("add_one_i : i32 -> i32", text)
                self.assertIn("Adds one.", text)
        self.assertIn("f32.sqrt : f32 -> f32", self.inspect_text("f32.sqrt 2"))
        self.assertIn("map 'a 'x [n] :", self.inspect_text("map (+1) [1, 2]"))
        # The name at the cursor comes first; a number or a new chunk's start is no call.
        self.assertIn("add_one_i", self.inspect_text("map add_one_i xs", 8))
        self.assertIsNone(self.inspect_text("def zz = 1\n3"))
        for code in ("(+)", "+", "1 +"):
            with self.subTest(code=code):
                text = self.inspect_text(code)
                self.assertIsNotNone(text, code)
                self.assertIn("(+) : t -> t -> t", text)
                self.assertIn("i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64", text)
        self.assertIn("(<) : t -> t -> bool", self.inspect_text("(<)"))
        self.assertIn("(&) : t -> t -> t", self.inspect_text("(&)"))
        self.assertIn("(==) : t0 -> t0 -> bool", self.inspect_text("(==)"))
        self.assertIn("|> 'a 'b : a -> (a -> b) -> b", self.inspect_text("xs |> f", 4))
        _, msgs = self.run_cell(":doc (+)")
        self.assertIn("(+) : t -> t -> t", "\n".join(output_texts(msgs)))

    def test_record_fields_complete(self):
        # Issue 9: `p.` gave nothing for a record p.
        self.run_cell("let rec_p = {xx = 1f32, xy = 2f32, z = (1, true)}")
        self.assertEqual(self.complete("rec_p."), ["rec_p.xx", "rec_p.xy", "rec_p.z"])
        self.assertEqual(self.complete("rec_p.x"), ["rec_p.xx", "rec_p.xy"])
        self.assertEqual(self.complete("1 + rec_p.xy"), ["1 + rec_p.xy"])
        self.assertEqual(self.complete("rec_p.z."), ["rec_p.z.0", "rec_p.z.1"])

    def test_defined_names_of_a_pattern(self):
        # Issue 10: `defined (pp, qq), pp, qq`.
        _, msgs = self.run_cell("let (pat_p, pat_q) = (1, 2)")
        streams = [m["content"]["text"] for m in msgs if m["msg_type"] == "stream"]
        self.assertEqual(streams, ["defined pat_p, pat_q\n"])
        self.assertEqual(self.result_of("pat_q")["text/plain"], "2i32")

    def execute_reply(self, code, **kw):
        self.flush_channels()
        msg_id = self.kc.execute(code, **kw)
        while True:
            reply = self.kc.get_shell_msg(timeout=TIMEOUT)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        while True:  # up to its idle status
            m = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if (m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                    and m["content"]["execution_state"] == "idle"):
                return reply["content"]

    def history(self, **kw):
        self.flush_channels()
        self.kc.history(**kw)
        reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
        self.assertEqual(reply["content"]["status"], "ok")
        return reply["content"]["history"]

    def test_history_numbers_and_outputs(self):
        # Issue 5: every entry was ['0', '1', code], `range` went by list position and
        # `output=True` gave ''.
        first = self.execute_reply("40 + 2")["execution_count"]
        second = self.execute_reply("def hist_d = 5")["execution_count"]
        self.assertEqual(second, first + 1)
        tail = self.history(hist_access_type="tail", n=2, raw=True, output=True)
        self.assertEqual(tail, [[1, first, ["40 + 2", "42i32"]], [1, second, ["def hist_d = 5", None]]])
        self.assertEqual(self.history(hist_access_type="range", session=1, start=first, stop=first + 1, raw=True),
                         [[1, first, "40 + 2"]])
        self.assertEqual(self.history(hist_access_type="range", session=0, start=second, stop=0, raw=True),
                         [[1, second, "def hist_d = 5"]])
        self.assertEqual(self.history(hist_access_type="range", session=-1, start=1, stop=0, raw=True), [])
        self.assertEqual(self.history(hist_access_type="search", pattern="def hist_*", raw=True),
                         [[1, second, "def hist_d = 5"]])

    def test_store_history_false(self):
        # Issue 5: store_history=False advanced execution_count (and was stored).
        before = self.execute_reply("1 + 1")["execution_count"]
        self.flush_channels()
        msg_id = self.kc.execute("2 + 2", store_history=False)
        reply, inputs, results = None, [], []
        while True:
            m = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            if m["msg_type"] == "execute_input":
                inputs.append(m["content"]["execution_count"])
            if m["msg_type"] == "execute_result":
                results.append(m["content"])
            if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                break
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)["content"]
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(reply["execution_count"], before, "not counted")
        self.assertEqual(inputs, [before], "shown, with the current count")
        self.assertEqual([r["data"]["text/plain"] for r in results], ["4i32"])
        self.assertEqual(self.execute_reply("3 + 3")["execution_count"], before + 1)
        inputs = [h[2] for h in self.history(hist_access_type="tail", n=3, raw=True)]
        self.assertNotIn("2 + 2", inputs)
        self.assertEqual(inputs[-2:], ["1 + 1", "3 + 3"])
        # silent: nothing shown, not counted either.
        self.assertEqual(self.execute_reply("5 + 5", silent=True)["execution_count"], before + 1)

    def test_user_expressions(self):
        # Issue 6: user_expressions came back {}.
        self.run_cell("def ue_x = 21")
        backend = output_texts(self.run_cell(":backend")[1])
        reply = self.execute_reply("ue_x", user_expressions={
            "double": "ue_x * 2", "array": "[ue_x, 1]", "bad": "ue_x + true", "decl": "def ue_y = 1",
            "cmd": ":backend cpu"})
        ue = reply["user_expressions"]
        self.assertEqual(ue["double"], {"status": "ok", "data": {"text/plain": "42i32"}, "metadata": {}})
        self.assertEqual(ue["array"]["data"]["text/plain"], "[21i32, 1i32]")
        self.assertIn("text/html", ue["array"]["data"])
        for name in ("bad", "decl", "cmd"):
            with self.subTest(name=name):
                self.assertEqual(ue[name]["status"], "error")
                self.assertEqual(ue[name]["ename"], "LoomError")
                self.assertTrue(ue[name]["evalue"])
                self.assertIsInstance(ue[name]["traceback"], list)
        # Neither the definitions nor the settings changed.
        self.run_cell("ue_y", status="error")
        self.assertEqual(output_texts(self.run_cell(":backend")[1]), backend)

    def test_history_answers(self):
        self.run_cell("1 + 41")
        self.flush_channels()
        self.kc.history(hist_access_type="tail", n=1000, raw=True, output=False)
        reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
        self.assertEqual(reply["header"]["msg_type"], "history_reply")
        history = reply["content"].get("history", [])
        self.assertIn("1 + 41", [entry[2] for entry in history])


if __name__ == "__main__":
    unittest.main()
