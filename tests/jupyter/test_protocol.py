"""The message flow of the `loom` Jupyter kernel where xeus 2.4 alone breaks the protocol
(jupyter/KernelServer.cpp, Note [Kernel server]), checked as ipykernel behaves:

- after a failed or interrupted execute request (stop_on_error, jupyter_client's
  default), the execute requests sent before its reply are aborted: each gets busy, an
  execute_reply `{"status": "aborted"}` and idle; one sent after the reply runs;
- a shutdown_request on the control channel while a cell runs interrupts the cell, is
  answered, and the process ends; an interrupt_request interrupts.

Each test starts its own kernel.  Needs the kernel spec `loom` on JUPYTER_PATH
(tests/jupyter/run.sh).
"""
import os
import shutil
import tempfile
import threading
import time
import unittest

from jupyter_client import KernelManager

TIMEOUT = 30
LONG = "loop x = 0 for i < 10_000_000_000 do x + 1"  # on the interpreter: endless
# Fails after a few tenths of a second on the interpreter: the requests a test sends right
# after it are then surely sent before the failure (a cell that failed at once could fail
# before a loaded client had sent them, and they rightly ran).
SLOW_FAIL = "(loop x = 0 for i < 3_000_000 do x + 1) / 0"


class ProtocolTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.own_cache = None
        if "LOOM_CACHE_DIR" not in os.environ:
            cls.own_cache = os.environ["LOOM_CACHE_DIR"] = tempfile.mkdtemp(prefix="loom-jupyter-cache-")

    @classmethod
    def tearDownClass(cls):
        if cls.own_cache:
            shutil.rmtree(cls.own_cache, ignore_errors=True)
            del os.environ["LOOM_CACHE_DIR"]

    def setUp(self):
        self.km = KernelManager(kernel_name="loom")
        self.km.start_kernel()
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=TIMEOUT)
        reply = self.kc.execute_interactive("def keep = 42\n:backend interp", timeout=TIMEOUT,
                                            output_hook=lambda msg: None)
        self.assertEqual(reply["content"]["status"], "ok")

    def tearDown(self):
        self.kc.stop_channels()
        if self.km.is_alive():
            self.km.shutdown_kernel(now=True)

    def replies(self, ids):
        """The shell replies to the requests `ids` (a dict id -> name), by name."""
        out = {}
        while len(out) < len(ids):
            r = self.kc.get_shell_msg(timeout=TIMEOUT)
            if r["parent_header"].get("msg_id") in ids:
                out[ids[r["parent_header"]["msg_id"]]] = r
        return out

    def iopub(self, ids, until_idle):
        """The iopub messages of the requests `ids`, by name, up to the idle status of each
        name in `until_idle`."""
        out = {name: [] for name in ids.values()}
        waiting = set(until_idle)
        while waiting:
            m = self.kc.get_iopub_msg(timeout=TIMEOUT)
            name = ids.get(m["parent_header"].get("msg_id"))
            if name is None:
                continue
            state = m["content"].get("execution_state", "")
            out[name].append(m["msg_type"] + (":" + state if state else ""))
            if state == "idle":
                waiting.discard(name)
        return out

    def check_aborted(self, reply, messages):
        self.assertEqual(reply["content"], {"status": "aborted"})
        self.assertEqual(reply["msg_type"], "execute_reply")
        self.assertEqual(messages, ["status:busy", "status:idle"])

    def test_requests_queued_behind_an_interrupted_cell_are_aborted(self):
        # Issue (walk-j t12): they got {"status": "error"} with nothing else, and no busy/idle.
        threading.Timer(1.0, self.km.interrupt_kernel).start()
        ids = {self.kc.execute(LONG): "long", self.kc.execute("keep * 10"): "queued"}
        replies = self.replies(ids)
        self.assertEqual(replies["long"]["content"]["ename"], "Interrupted")
        later = self.kc.execute("keep * 100")  # sent after the failure's reply: runs
        ids[later] = "later"
        replies.update(self.replies({later: "later"}))
        msgs = self.iopub(ids, ["long", "queued", "later"])
        self.check_aborted(replies["queued"], msgs["queued"])
        self.assertEqual(replies["later"]["content"]["status"], "ok")
        self.assertIn("execute_result", msgs["later"])

    def test_stop_on_error_aborts_the_requests_sent_before_the_reply(self):
        # Issue (walk-j t9): a cell that fails at once left those queued behind it to run.
        ids = {self.kc.execute(SLOW_FAIL): "fails", self.kc.execute("keep * 10"): "second",
               self.kc.execute("keep * 100"): "third"}
        replies = self.replies(ids)
        self.assertEqual(replies["fails"]["content"]["status"], "error")
        msgs = self.iopub(ids, ["fails", "second", "third"])
        for name in ("second", "third"):
            self.check_aborted(replies[name], msgs[name])
        # Without stop_on_error they run.
        ids = {self.kc.execute("1 / 0", stop_on_error=False): "fails", self.kc.execute("keep * 10"): "next"}
        replies = self.replies(ids)
        self.assertEqual(replies["next"]["content"]["status"], "ok")
        # Other requests are answered meanwhile; the kernel goes on.
        ids = {self.kc.execute(SLOW_FAIL): "fails", self.kc.kernel_info(): "info",
               self.kc.execute("keep"): "aborted"}
        replies = self.replies(ids)
        self.assertEqual(replies["info"]["content"]["status"], "ok")
        self.assertEqual(replies["aborted"]["content"]["status"], "aborted")
        reply = self.kc.execute_interactive("keep + 1", timeout=TIMEOUT, output_hook=lambda msg: None)
        self.assertEqual(reply["content"]["status"], "ok")

    def test_shutdown_request_during_a_cell(self):
        # Issue (walk-j t17/t18): no reply; only jupyter_client's SIGINT ended the process.
        cell = self.kc.execute(LONG)
        time.sleep(1.0)
        process = self.km.provisioner.process
        self.kc.shutdown()
        reply = self.kc.get_control_msg(timeout=5)
        self.assertEqual(reply["msg_type"], "shutdown_reply")
        self.assertEqual(reply["content"], {"status": "ok", "restart": False})
        interrupted = self.replies({cell: "cell"})["cell"]["content"]
        self.assertEqual(interrupted["ename"], "Interrupted")
        for _ in range(100):
            if process.poll() is not None:
                break
            time.sleep(0.05)
        self.assertEqual(process.poll(), 0, "the kernel ends, with status 0")

    def test_interrupt_request_message(self):
        # xeus ends the process at an interrupt_request; the kernel interrupts instead.
        cell = self.kc.execute(LONG)
        time.sleep(1.0)
        self.kc.control_channel.send(self.kc.session.msg("interrupt_request", {}))
        reply = self.kc.get_control_msg(timeout=5)
        self.assertEqual(reply["msg_type"], "interrupt_reply")
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual(self.replies({cell: "cell"})["cell"]["content"]["ename"], "Interrupted")
        reply = self.kc.execute_interactive("keep + 1", timeout=TIMEOUT, output_hook=lambda msg: None)
        self.assertEqual(reply["content"]["status"], "ok")


if __name__ == "__main__":
    unittest.main()
