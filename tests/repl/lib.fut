-- Loaded by commands.in and reload.in.
def sq (x: i32) : i32 = x * x
def cube (x: i32) : i32 = x * sq x
