-- Values and modules share a namespace: a module and a function of one name clash.
-- ==
-- error: Duplicate definition of value or module `m`

module m = { def x = 1i32 }
def m (y: i32) = y

def main (y: i32) = m y
