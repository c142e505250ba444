-- The full record type of r cannot be inferred from r.val alone.
-- ==
-- error: [Aa]mbiguous|[Tt]ype|[Rr]ecord|[Ff]ield|[Ii]nfer

def get r = r.val

def main (x: i32) = get {val = x}
