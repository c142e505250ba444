-- The pattern's type annotation disagrees with the value.
-- ==
-- error: [Pp]attern|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Aa]rity|[Tt]uple|[Cc]omponent|[Ee]lement

def main (x: i32) = let (a: bool, b) = (x, x) in b
