-- A pair pattern against a triple.
-- ==
-- error: [Pp]attern|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Aa]rity|[Tt]uple|[Cc]omponent|[Ee]lement

def main (x: i32) = let (a, b) = (x, x, x) in a + b
