-- A `match` on i32 without a catch-all case is not exhaustive.
-- ==
-- error: [Uu]nmatched|[Ee]xhaust|[Nn]on-exhaustive|[Cc]ases|[Cc]overed

def main (x: i32) =
  match x
  case 0 -> false
  case 1 -> true
