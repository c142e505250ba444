"""Interrupting and restarting the `loom` Jupyter kernel (DESIGN.md §4): SIGINT
through KernelManager.interrupt_kernel stops a long evaluation, interpreted or
compiled, with an error reply named "Interrupted", and the session goes on with its
definitions; so does a cell waiting for the answer at a `#[break]` prompt, interrupted by
SIGINT or by an interrupt_request; a restart starts a fresh session that answers.  Needs
the kernel spec `loom` on JUPYTER_PATH (tests/jupyter/run.sh).
"""
import os
import shutil
import tempfile
import time
import unittest

from jupyter_client import KernelManager

TIMEOUT = 30


class InterruptTests(unittest.TestCase):
    ENV = {}  # for the kernel's process, beside the test's own environment

    @classmethod
    def setUpClass(cls):
        cls.own_cache = None
        if "LOOM_CACHE_DIR" not in os.environ:
            cls.own_cache = os.environ["LOOM_CACHE_DIR"] = tempfile.mkdtemp(prefix="loom-jupyter-cache-")
        cls.km = KernelManager(kernel_name="loom")
        cls.km.start_kernel(env=dict(os.environ, **cls.ENV))
        cls.kc = cls.km.client()
        cls.kc.start_channels()
        cls.kc.wait_for_ready(timeout=TIMEOUT)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)
        if cls.own_cache:
            shutil.rmtree(cls.own_cache, ignore_errors=True)
            del os.environ["LOOM_CACHE_DIR"]

    def execute(self, code, timeout=TIMEOUT):
        """The execute_reply content and the execute_result text of `code`."""
        reply = self.kc.execute_interactive(code, timeout=timeout,
                                            output_hook=self._collect)
        return reply["content"], self._last_result

    _last_result = None

    def _collect(self, msg):
        if msg["msg_type"] == "execute_result":
            self._last_result = msg["content"]["data"].get("text/plain")

    def interrupt(self, code, after):
        """Starts `code`, interrupts it `after` seconds later; returns the reply and
        how long the kernel took to answer after the interrupt."""
        # stop_on_error=False: the next request is sent after the error reply (and so
        # would run anyway), but this one is about the interrupt alone.
        msg_id = self.kc.execute(code, stop_on_error=False)
        time.sleep(after)
        self.km.interrupt_kernel()
        content, waited, _ = self.reply_to(msg_id)
        return content, waited

    def check_interrupted(self, code, after=1.0):
        self.execute("def kept = 41i64")
        content, waited = self.interrupt(code, after)
        self.assertEqual(content["status"], "error", content)
        self.assertEqual(content["ename"], "Interrupted", content)
        self.assertLess(waited, 5.0, "the kernel stopped within a few seconds")
        self._last_result = None
        content, result = self.execute("kept + 1")
        self.assertEqual(content["status"], "ok", content)
        self.assertEqual(result, "42i64")

    def test_interrupt_interpreter(self):
        self.assertEqual(self.execute(":backend interp")[0]["status"], "ok")
        try:
            self.check_interrupted("loop x = 0 for i < 10_000_000_000 do x + 1")
        finally:
            self.execute(":backend auto")

    def test_interrupt_compiled(self):
        self.assertEqual(self.execute(":backend cpu")[0]["status"], "ok")
        try:
            # Endless (x + 1 == x from 2**53 on), so it cannot finish first; the
            # interrupt comes after the C++ compilation (about a second).
            self.check_interrupted("loop x = 0f64 while x >= 0 do x + 1", after=4.0)
        finally:
            self.execute(":backend auto")

    def test_interrupt_during_compilation(self):
        # The interrupt reaches the C++ compiler too (its process group): that is
        # an interruption, not a compiler failure.
        self.assertEqual(self.execute(":backend cpu")[0]["status"], "ok")
        try:
            self.check_interrupted("loop x = 1f64 while x >= 0 do x * 1.5 + 1", after=0.2)
        finally:
            self.execute(":backend auto")

    def test_interrupt_stops_a_print(self):
        # Issue 1: an interrupt did not stop `:print` (its 379 MB came 4-5 s later).  The
        # text stops at 4 MiB anyway (test_kernel.py), built in about 0.1 s: the interrupt
        # is tried at several moments of it, and where it lands, the text stops there.
        self.assertEqual(self.execute("let big_i = iota 30_000_000")[0]["status"], "ok")
        landed = 0
        for after in (0.005, 0.01, 0.02, 0.03, 0.05):
            msg_id = self.kc.execute(":print big_i", stop_on_error=False)
            time.sleep(after)
            self.km.interrupt_kernel()
            reply = self.kc.get_shell_msg(timeout=TIMEOUT)["content"]
            texts = []
            while True:
                msg = self.kc.get_iopub_msg(timeout=TIMEOUT)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if msg["msg_type"] == "execute_result":
                    texts.append(msg["content"]["data"]["text/plain"])
                if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                    break
            self.assertEqual(len(texts), 1)
            self.assertLess(len(texts[0]), (4 << 20) + (1 << 17))
            if reply["status"] == "error":
                landed += 1
                self.assertEqual(reply["ename"], "Interrupted")
                self.assertRegex(texts[0].rsplit("\n", 1)[1], r"^-- interrupted: \d+ of 30000000 values shown$")
            else:
                self.assertIn("-- left out:", texts[0])
        if not landed:
            self.skipTest("every :print was done before its interrupt came")

    def stop_at_break(self, code):
        """Sends `code` (which reaches a `#[break]`) with stdin allowed and waits for its
        prompt's input_request; the request's id."""
        msg_id = self.kc.execute(code, allow_stdin=True, stop_on_error=False)
        req = self.kc.get_stdin_msg(timeout=TIMEOUT)
        self.assertEqual(req["msg_type"], "input_request")
        self.assertEqual(req["content"]["prompt"], "break> ")
        self.assertEqual(req["parent_header"]["msg_id"], msg_id)
        return msg_id

    def reply_to(self, msg_id):
        """The execute_reply of `msg_id` and the seconds it took, and its outputs' types."""
        t0 = time.time()
        while True:
            reply = self.kc.get_shell_msg(timeout=TIMEOUT)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        waited = time.time() - t0
        types = []
        while True:
            msg = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return reply["content"], waited, types
            types.append(msg["msg_type"])

    def check_break_interrupted(self, interrupt):
        # A cell waiting for the answer at a `#[break]` prompt ends at an interrupt as
        # Ctrl-C at the terminal's prompt ends it (it used to wait for the answer).
        self.execute("def kept = 41i64")
        msg_id = self.stop_at_break("map (\\x -> #[break] x + 1) [1, 2, 3]")
        time.sleep(0.3)  # waiting for the answer
        interrupt()
        content, waited, types = self.reply_to(msg_id)
        self.assertEqual(content["status"], "error", content)
        self.assertEqual(content["ename"], "Interrupted", content)
        self.assertLess(waited, 5.0, "the wait for the answer ended at the interrupt")
        self.assertIn("error", types)
        self.assertNotIn("execute_result", types)
        # The kernel answers, with its definitions, and stops at breaks again; the answer
        # the frontend sends late to the abandoned prompt is not taken for the next one's.
        self.kc.input("kept")
        self._last_result = None
        content, result = self.execute("kept + 1")
        self.assertEqual(content["status"], "ok", content)
        self.assertEqual(result, "42i64")
        msg_id = self.stop_at_break("let y = 5i32 in #[break] y * 2")
        self.kc.input(":continue")
        self._last_result = None
        content, _, types = self.reply_to(msg_id)
        self.assertEqual(content["status"], "ok", content)
        self.assertIn("execute_result", types)

    def test_interrupt_at_a_break_prompt(self):
        self.check_break_interrupted(self.km.interrupt_kernel)  # SIGINT (interrupt_mode signal)

    def test_interrupt_request_at_a_break_prompt(self):
        def interrupt_request():  # what interrupt_mode "message" sends
            msg = self.kc.session.msg("interrupt_request", {})
            self.kc.control_channel.send(msg)
            reply = self.kc.get_control_msg(timeout=TIMEOUT)
            self.assertEqual(reply["msg_type"], "interrupt_reply")
            self.assertEqual(reply["content"]["status"], "ok")
        self.check_break_interrupted(interrupt_request)

    def test_restart(self):
        self.execute("def gone = 1i32")
        self.km.restart_kernel(now=True)
        self.kc.wait_for_ready(timeout=TIMEOUT)
        content, _ = self.execute("gone")
        self.assertEqual(content["status"], "error", "a restart forgets the definitions")
        self.assertIn("gone", content["evalue"])
        self._last_result = None
        content, result = self.execute("20i32 + 22")
        self.assertEqual(content["status"], "ok", content)
        self.assertEqual(result, "42i32")


class EmulatedGpuInterruptTests(InterruptTests):
    """The same on the cuda backend, emulated: a kernel whose loop has no end stops at
    its loop's poll (Note [Stopping a kernel]), and the device goes on."""
    ENV = {"LOOM_CUDA_EMULATE": "1"}

    def test_interrupt_kernel_loop(self):
        self.assertEqual(self.execute(":backend cuda")[0]["status"], "ok")
        try:
            # Compiled with bounds that end the loops (the literal is an argument of the
            # compiled code), then run from memory with bounds that do not (`y ^ 1` keeps
            # y >= 0): the interrupt comes while the kernel runs.
            self.execute("def spin (b: []i64) = map (\\x -> loop y = x while y >= b[x % 2] do y ^ 1) (iota 100)")
            content, result = self.execute("length (spin [1000, 1000])")
            self.assertEqual(result, "100i64", content)
            self.check_interrupted("length (spin [0, 0])", after=1.0)
            self._last_result = None
            content, result = self.execute("map (+1) [1, 2, 3]")
            self.assertEqual(content["status"], "ok", content)
            self.assertEqual(result, "[2i32, 3i32, 4i32]")
        finally:
            self.execute(":backend auto")

    # The other tests are InterruptTests' own: not run twice.
    test_interrupt_interpreter = test_interrupt_compiled = None
    test_interrupt_during_compilation = test_restart = test_interrupt_stops_a_print = None
    test_interrupt_at_a_break_prompt = test_interrupt_request_at_a_break_prompt = None


if __name__ == "__main__":
    unittest.main()
