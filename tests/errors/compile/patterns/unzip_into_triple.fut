-- unzip gives a pair, not a triple.
-- ==
-- error: [Pp]attern|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Aa]rity|[Tt]uple|[Cc]omponent|[Ee]lement

def main (xs: []i32) (ys: []i32) = let (a, b, c) = unzip (zip xs ys) in a
