#!/usr/bin/env python3
"""Drives the interactive REPL through a pseudo-terminal, as a user would: a
multi-line definition, an error and recovery, tab completion, Ctrl-C on a long
evaluation (interpreted and compiled), Ctrl-D, and history kept across a restart.
Usage: interactive.py path/to/loom [--kernel-stop]   (prints `N passed, N failed`)
--kernel-stop: only Ctrl-C on a GPU kernel that loops without end, on the device there is
(scripts/gpu-check.sh); without it, that check runs last on the emulated GPU."""
import fcntl, os, pty, re, select, struct, sys, tempfile, termios, time

LOOM = os.path.abspath(sys.argv[1])
KERNEL_STOP_ONLY = "--kernel-stop" in sys.argv[2:]
data_home = tempfile.mkdtemp()
passed = failed = 0


def spawn(colour=False, **env):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(XDG_DATA_HOME=data_home, TERM="xterm", NO_COLOR="1", LANG="C.UTF-8",
                          LOOM_CACHE_DIR=os.path.join(data_home, "cache"), **env)
        if colour:
            del os.environ["NO_COLOR"]
        os.execv(LOOM, [LOOM])
    return pid, fd


def read_until(fd, pattern, timeout=10.0):
    """Output up to and including a match of `pattern` (or all of it on timeout)."""
    buf = b""
    end = time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            buf += chunk
            text = buf.decode(errors="replace")
            if re.search(pattern, text):
                return text
    return buf.decode(errors="replace")


def send(fd, data):
    # Let the REPL get back into libedit's raw mode first: a byte typed while the
    # terminal is still in canonical mode (e.g. Ctrl-D) would mean something else.
    time.sleep(0.15)
    os.write(fd, data)


def wait_exit(pid, timeout=10.0):
    """The exit status, or None after killing a REPL that did not exit."""
    end = time.time() + timeout
    while time.time() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return None


def check(name, cond, text=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}:\n" + "\n".join("  " + l for l in text.splitlines()[-15:]))


def ctrl_c_during(fd, line, echoed, wait):
    """Sends `line`, waits for its echo (`echoed`) and `wait` seconds more, then Ctrl-C;
    the output up to the prompt after the interruption."""
    send(fd, line)
    read_until(fd, echoed, timeout=2)
    time.sleep(wait)
    os.write(fd, b"\x03")
    return read_until(fd, r"interrupted[\s\S]*loom> ", timeout=30)


def kernel_stop(**env):
    """Ctrl-C stops a cuda kernel whose loop has no end (its loops poll the host's flag:
    Note [Stopping a kernel]), and the session, and the device, go on."""
    pid, fd = spawn(**env)
    read_until(fd, r"loom> ")
    send(fd, b":backend cuda\r")
    out = read_until(fd, r"backend: cuda[\s\S]*loom> ", timeout=60)
    check(":backend cuda", "backend: cuda" in out, out)
    # Compiled once with bounds that end the loops (the literal is the compiled code's
    # argument), then run from memory with bounds that do not: the kernel starts at once.
    # (`y ^ 1` keeps y >= 0.)
    send(fd, b"def spin (b: []i64) = map (\\x -> loop y = x while y >= b[x % 2] do y ^ 1) (iota 1000)\r")
    read_until(fd, r"loom> ")
    send(fd, b"length (spin [1000, 1000])\r")
    out = read_until(fd, r"1000i64[\s\S]*loom> ", timeout=60)
    check("the loop kernel compiled", "1000i64" in out and "-- cuda: 1 kernel" in out, out)
    out = ctrl_c_during(fd, b"length (spin [0, 0])\r", r"\[0, 0\]\)\r?\n", 1)
    check("Ctrl-C stops a kernel that loops without end", "error: interrupted" in out, out)
    send(fd, b"map (+1) [1, 2, 3]\r")
    out = read_until(fd, r"-- cuda[\s\S]*loom> ", timeout=60)
    check("the device runs the next input", "[2i32, 3i32, 4i32]" in out and "-- cuda" in out, out)
    send(fd, b"\x04")
    check("Ctrl-D quits after the kernel's stop", wait_exit(pid) is not None)


if KERNEL_STOP_ONLY:
    kernel_stop()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)

pid, fd = spawn()
check("banner", "loom>" in read_until(fd, r"loom> "))
send(fd, b"def double (x: i32) : i32 =\r")
out = read_until(fd, r"\.\.\. ")
check("continuation prompt", "..." in out, out)
send(fd, b"  x * 2\r")
read_until(fd, r"loom> ")
send(fd, b"double 21\r")
out = read_until(fd, r"42i32[\s\S]*loom> ")
check("multi-line definition", "42i32" in out, out)
send(fd, b"double true\r")
out = read_until(fd, r"error[\s\S]*loom> ")
check("error reported", "<repl>:1:8: error" in out, out)
send(fd, b"doub\t 4\r")
out = read_until(fd, r"8i32[\s\S]*loom> ")
check("tab completion of a name", "8i32" in out, out)
send(fd, b":ty\t double\r")
out = read_until(fd, r"i32 -> i32[\s\S]*loom> ")
check("tab completion of a command, :type", "double : i32 -> i32" in out, out)
# A paste: the indented lines that follow go on with the input before them (as `loom --run`
# reads them), and a blank line inside it does not end it.
send(fd, b"match (#circle 2.0f32 : #circle f32 | #square f32)\r  case #circle r -> f32.pi * r * r\r"
         b"  case #square s -> s * s\rlet pasted = 1i64 +\r\r  2\riota 3\r  |> map (* pasted)\r")
out = read_until(fd, r"\[0i64, 3i64, 6i64\][\s\S]*loom> ")
check("a paste's indented lines continue it", "12.566371f32" in out and "[0i64, 3i64, 6i64]" in out
      and "error" not in out, out)
# A paste of a `match` whose cases start at column 0, as Futhark programs write them: one
# input, as `loom --run` and a notebook cell read it (Note [Lines that go on]).
send(fd, b"def sign3 (x: i32) = match x\rcase 0 -> 0i8\rcase _ -> if x < 0 then -1 else 1\r"
         b"map sign3 [-5, 0, 7]\r")
out = read_until(fd, r"\[-1i8, 0i8, 1i8\][\s\S]*loom> ")
check("a paste's `case` lines at column 0 continue it",
      "[-1i8, 0i8, 1i8]" in out and "error" not in out, out)
# Typed line by line, a dangling `case` is unfinished (Jupyter's is_complete says so too).
send(fd, b"match 2i32\r")
read_until(fd, r"\.\.\. $")
send(fd, b"case\r")
out = read_until(fd, r"\.\.\. $|loom> $", timeout=3)
check("a typed dangling `case` asks for more", out.rstrip().endswith("...") and "error" not in out, out)
send(fd, b"  _ -> 5\r")
out = read_until(fd, r"5i32[\s\S]*loom> ")
check("the `case` typed on the next line finishes it", "5i32" in out and "error" not in out, out)
# Typed line by line, a whole `case` may have another after it: the match goes on until a
# blank line (Session::may_take_more_cases), as Python's REPL ends a block.
send(fd, b"def sign4 (x: i32) = match x\r")
read_until(fd, r"\.\.\. $")
send(fd, b"case 0 -> 10\r")
out = read_until(fd, r"\.\.\. $|loom> $", timeout=3)
check("a typed whole `case` waits for another", out.rstrip().endswith("...") and "error" not in out, out)
send(fd, b"case _ -> 20\r")
out = read_until(fd, r"\.\.\. $|loom> $", timeout=3)
check("and after the next one", out.rstrip().endswith("...") and "error" not in out, out)
send(fd, b"\r")
read_until(fd, r"loom> $")
send(fd, b"map sign4 [0, 3]\r")
out = read_until(fd, r"\]\s[\s\S]*loom> ")
check("a blank line ends the typed match", "[10i32, 20i32]" in out and "error" not in out, out)
send(fd, b":backend c\t")
out = read_until(fd, r"cuda")
check("tab lists the backends after :backend", "cpu" in out and "cuda" in out and "case" not in out, out)
send(fd, b"p\t\r")
out = read_until(fd, r"backend: cpu[\s\S]*loom> ")
check("tab completes a backend", "backend: cpu" in out, out)
send(fd, b":backend auto\r")
read_until(fd, r"backend: auto[\s\S]*loom> ")
files = os.path.join(data_home, "files")
os.makedirs(os.path.join(files, "sub"), exist_ok=True)
with open(os.path.join(files, "example_one.fut"), "w") as f:
    f.write("def from_file = 7i32\n")
send(fd, b":load " + files.encode() + b"/exa\t\r")
out = read_until(fd, r"loaded[\s\S]*loom> ")
check("tab completes a file name after :load", "example_one.fut (1 definition)" in out, out)
# (`x ^ i`: the simplifier makes `x + 1` a multiplication, which takes no time.)
send(fd, b"loop x = 0i64 for i < 10_000_000_000i64 do x ^ i\r")
time.sleep(0.5)
os.write(fd, b"\x03")
out = read_until(fd, r"interrupted[\s\S]*loom> ")
check("Ctrl-C interrupts", "interrupted" in out, out)
send(fd, b"double 5\r")
out = read_until(fd, r"10i32[\s\S]*loom> ")
check("REPL continues after Ctrl-C", "10i32" in out, out)
# Ctrl-C at the prompt drops what was typed (an unfinished definition too) at once,
# and the next line is read as it is (libedit retried the read and swallowed it).
send(fd, b"def half (x: i32) =\r")
read_until(fd, r"\.\.\. ")
os.write(fd, b"\x03")
read_until(fd, r"\^C[\s\S]*loom> ", timeout=5)
send(fd, b"def ha")
time.sleep(0.3)
os.write(fd, b"\x03")
read_until(fd, r"\^C[\s\S]*loom> ", timeout=5)
send(fd, b"40 + 2\r")
out = read_until(fd, r"42i32[\s\S]*loom> ", timeout=5)
check("Ctrl-C at the prompt drops the input, the next line runs", "42i32" in out, out)
# Characters beyond ASCII are read under the user's locale: 6 bytes of UTF-8.
send(fd, 'length "naïve"\r'.encode())
out = read_until(fd, r"i64[\s\S]*loom> ", timeout=5)
check("non-ASCII input", "6i64" in out, out)
# The same on the compiled cpu backend: the generated code polls the flag.
send(fd, b":backend cpu\r")
read_until(fd, r"backend: cpu[\s\S]*loom> ")
out = ctrl_c_during(fd, b"loop x = 0 for i < 10_000_000_000 do x ^ i\r", r"do x \^ i\r?\n",
                   1.5)  # past the compile, into the run
check("Ctrl-C interrupts compiled code", "interrupted" in out, out)
# A map, so that cpu compiles it (code without a kernel or loop is interpreted).
send(fd, b"map double [6]\r")
out = read_until(fd, r"\[12i32\][\s\S]*loom> ", timeout=30)
check("REPL continues after Ctrl-C on cpu", "[12i32]" in out and "-- cpu:" in out, out)
# Ctrl-C at the prompt once cpu's worker threads exist (one of them may take the signal).
os.write(fd, b"\x03")
read_until(fd, r"\^C[\s\S]*loom> ", timeout=5)
send(fd, b"40 + 3\r")
out = read_until(fd, r"43i32[\s\S]*loom> ", timeout=5)
check("Ctrl-C at the prompt after a cpu evaluation", "43i32" in out, out)
# A Ctrl-C the moment the prompt is shown (before libedit reads) still ends that read
# (it was seen only with the next line, which was then dropped).
seen = 0
for k in range(5):
    os.write(fd, b"\x03")
    if re.search(r"\^C[\s\S]*loom> ", read_until(fd, r"\^C[\s\S]*loom> ", timeout=5)):
        seen += 1
send(fd, b"40 + 4\r")
out = read_until(fd, r"44i32[\s\S]*loom> ", timeout=5)
check("Ctrl-C as soon as the prompt shows, five times", seen == 5 and "44i32" in out,
      f"{seen} of 5 seen\n" + out)
# A long :print stops at Ctrl-C: nothing reads the terminal for a second, so the REPL
# waits in a write when the signal comes; its later output still shows.
send(fd, b":print iota 3_000_000\r")
time.sleep(1.0)
os.write(fd, b"\x03")
out = read_until(fd, r"-- interrupted: printed[\s\S]*loom> ", timeout=20)
check("Ctrl-C stops a long :print", "-- interrupted: printed" in out and "2999999i64" not in out,
      out[-2000:])
send(fd, b"40 + 5\r")
out = read_until(fd, r"45i32[\s\S]*loom> ", timeout=5)
check("output goes on after a :print stopped", "45i32" in out, out)
send(fd, b"\x04")
status = wait_exit(pid)
check("Ctrl-D quits with status 0",
      status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0)

# History survives a restart: Up six times recalls `map double [6]` (the newer `def
# double` was entered first in this session, and `40 + 3`, `40 + 4`, the `:print` and
# `40 + 5` last in the one before).
hist = os.path.join(data_home, "loom", "history")
check("history file written", os.path.exists(hist) and "double" in open(hist).read())
pid, fd = spawn()
read_until(fd, r"loom> ")
send(fd, b"def double (x: i32) : i32 = x + x\r")
read_until(fd, r"loom> ")
send(fd, b"\x1b[A" * 6 + b"\r")
out = read_until(fd, r"12i32[\s\S]*loom> ")
check("history across sessions", "12i32" in out, out)
send(fd, b"\x04")
check("Ctrl-D quits again", wait_exit(pid) is not None)

# :reload picks up a changed file; a definition that used the old version and no
# longer type-checks is dropped with a note.
lib = os.path.join(data_home, "lib.fut")
with open(lib, "w") as f:
    f.write("def scale (x: i32) : i32 = x * 3\n")
pid, fd = spawn()
read_until(fd, r"loom> ")
send(fd, f":load {lib}\r".encode())
read_until(fd, r"loaded[\s\S]*loom> ")
send(fd, b"def user (x: i32) : i32 = scale x + 1\r")
read_until(fd, r"loom> ")
send(fd, b"user 2\r")
out = read_until(fd, r"7i32[\s\S]*loom> ")
check(":load", "7i32" in out, out)
with open(lib, "w") as f:
    f.write("def scale (x: i32) : i32 = x * 5\n")
send(fd, b":reload\r")
read_until(fd, r"reloaded[\s\S]*loom> ")
send(fd, b"user 2\r")
out = read_until(fd, r"11i32[\s\S]*loom> ")
check(":reload, dependents see the new definition", "11i32" in out, out)
with open(lib, "w") as f:
    f.write("def scale (x: f64) : f64 = x * 5\n")
send(fd, b":reload\r")
out = read_until(fd, r"reloaded[\s\S]*loom> ")
check(":reload drops a dependent that no longer checks", "dropped `user`" in out, out)
send(fd, b"\x04")
check("Ctrl-D quits a third time", wait_exit(pid) is not None)

# `#[break]`: the evaluation stops with its locals and a `break>` prompt whose lines are
# expressions over them (errors keep the stop), then :continue, :skip, Ctrl-D and Ctrl-C.
pid, fd = spawn()
read_until(fd, r"loom> ")
send(fd, b"def f (xs: []i32) (k: i32) = map (\\x -> let y = x * k in #[trace(y)] #[break] y + 1) xs\r")
read_until(fd, r"loom> ")
send(fd, b"f [1, 2, 3] 10\r")
out = read_until(fd, r"break> ")
check("a break stops, with its place, the traces before it and the locals",
      "stopped at `#[break]` (<repl>:1:" in out and "locals: xs : [3]i32, k : i32, x : i32, y : i32" in out,
      out)
send(fd, b"y * 2 + k\r")
out = read_until(fd, r"30i32[\s\S]*break> ")
check("an expression over the locals", "30i32" in out, out)
send(fd, b"y + true\r")
out = read_until(fd, r"error[\s\S]*break> ")
check("an error at the break prompt keeps the stop", "<break>:1:5: error" in out, out)
send(fd, b":continue\r")
out = read_until(fd, r"break> ")
check(":continue stops at the next row's break", "stopped at" in out, out)
send(fd, b"x\r")
out = read_until(fd, r"2i32[\s\S]*break> ")
check("the second row's locals", "2i32" in out, out)
send(fd, b":skip\r")
out = read_until(fd, r"\[11i32, 21i32, 31i32\][\s\S]*loom> ")
check(":skip runs to the end", "[11i32, 21i32, 31i32]" in out and "y: 31i32" in out and
      "ran on the interpreter, which prints `#[trace]`" in out, out)
send(fd, b"f [4, 5] 1\r")
read_until(fd, r"break> ")
send(fd, b"\x04")
out = read_until(fd, r"break> ")
check("Ctrl-D goes on to the next stop", "stopped at" in out, out)
os.write(fd, b"\x03")
out = read_until(fd, r"interrupted[\s\S]*loom> ")
check("Ctrl-C at the break prompt ends the evaluation", "interrupted" in out, out)
send(fd, b"f [7] 1\r")
read_until(fd, r"break> ")
send(fd, b":stop\r")
out = read_until(fd, r"interrupted[\s\S]*loom> ")
check(":stop ends the evaluation", "interrupted" in out, out)
send(fd, b"40 + 5\r")
out = read_until(fd, r"45i32[\s\S]*loom> ")
check("the REPL goes on after a stop", "45i32" in out, out)
send(fd, b"\x04")
check("Ctrl-D quits after the breaks", wait_exit(pid) is not None)

# `:img` in a colour terminal: the picture in half blocks, each two pixels in 24-bit colour
# (a 2x2 image enlarged 8 times: 16 columns of 8 lines); without colour, its size alone.
pid, fd = spawn(colour=True)
read_until(fd, r"loom> ")
send(fd, b":img [[0xFFFF0000u32, 0xFF0000FFu32], [0xFF00FF00u32, 0xFFFFFFFFu32]]\r")
out = read_until(fd, r"image: 2x2 pixels[\s\S]*loom> ")
lines = [l for l in out.splitlines() if "\u2580" in l]
check(":img draws the picture in colour", len(lines) == 8 and all(l.count("\u2580") == 16 for l in lines)
      and "\x1b[38;2;255;0;0m\x1b[48;2;255;0;0m" in lines[0]
      and "\x1b[38;2;0;255;0m\x1b[48;2;0;255;0m" in lines[-1], out)
send(fd, b"\x04")
wait_exit(pid)
pid, fd = spawn()
read_until(fd, r"loom> ")
send(fd, b":img [[true, false]]\r")
out = read_until(fd, r"image: 2x1 pixels[\s\S]*loom> ")
check(":img without colour: its size", "image: 2x1 pixels" in out and "\u2580" not in out, out)
send(fd, b"\x04")
wait_exit(pid)

# `:plot2d` in the terminal: as wide as the terminal (less a margin of 2), at its size
# when the plot is asked for (a window made wider between two plots).
pid, fd = spawn()
read_until(fd, r"loom> ")
plot = b":plot2d (map f64.i64 (iota 50), map (\\i -> f64.sin (f64.i64 i / 5)) (iota 50))\r"
widths = []
for cols in (80, 130):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, cols, 0, 0))
    send(fd, plot)
    out = read_until(fd, r"-- cpu[^\n]*\n[\s\S]*loom> ")
    widths.append(max((len(l.rstrip()) for l in out.splitlines() if "|" in l), default=0))
check(":plot2d takes the terminal's width", 70 <= widths[0] <= 78 and 120 <= widths[1] <= 128,
      f"widths {widths}")
send(fd, b"\x04")
wait_exit(pid)

kernel_stop(LOOM_CUDA_EMULATE="1")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
