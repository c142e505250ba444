-- A record field access on a value of unknown type.
-- ==
-- error: Type is ambiguous

def f r = r.x
def main = 0i32
