-- A `match` on bool that forgets `false`.
-- ==
-- error: [Uu]nmatched|[Ee]xhaust|[Nn]on-exhaustive|[Cc]ases|[Cc]overed

def main (b: bool) : i32 =
  match b
  case true -> 1
