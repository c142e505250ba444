-- The tuple's first component is `buf` itself, still needed when the second component
-- updates `buf` in place.  Futhark: "Using variable "buf", but this was consumed".
-- ==
-- error: Consuming `buf`, but it is still used

def main (buf: *[]i64) = (buf, let b2 = buf with [0] = 9 in b2[0])
