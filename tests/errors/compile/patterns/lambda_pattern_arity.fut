-- A triple pattern applied to pairs from zip.
-- ==
-- error: [Pp]attern|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Aa]rity|[Tt]uple|[Cc]omponent|[Ee]lement

def main (xs: []i32) (ys: []i32) = map (\(a, b, c) -> a) (zip xs ys)
