-- The full record type of r cannot be inferred from r.value alone.
-- ==
-- error: [Aa]mbiguous|[Tt]ype|[Rr]ecord|[Ff]ield|[Ii]nfer

def get r = r.value

def main (x: i32) = get {value = x}
