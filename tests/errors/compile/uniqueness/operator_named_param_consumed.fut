-- A parameter named like an operator, `(<+>)`, is an array like any other: after it is
-- updated in place, using it again is a use after consume.  Futhark: "Using "<+>", but
-- this was consumed at ...".
-- ==
-- error: Using `<\+>`, but this was consumed

def main ((<+>): *[]f64) =
  let _ = (<+>) with [1] = 2
  in (<+>)
