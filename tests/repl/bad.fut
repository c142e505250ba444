def ok (x: i32) : i32 = x
def bad (x: i32) : bool = x
