-- A triple loop pattern with a pair as initial value.
-- ==
-- error: [Pp]attern|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Aa]rity|[Tt]uple|[Cc]omponent|[Ee]lement

def main (n: i32) = loop (a, b, c) = (0, 0) for i < n do (a, b, c)
