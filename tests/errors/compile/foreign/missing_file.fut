-- A foreign function whose file does not exist.
-- ==
-- error: cannot read .*no_such_file\.c.*no such file

foreign "no_such_file.c" def f (x: i32): i32
def main (x: i32) = f x
