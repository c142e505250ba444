-- A pair pattern against an i32.
-- ==
-- error: [Pp]attern|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Aa]rity|[Tt]uple|[Cc]omponent|[Ee]lement

def main (x: i32) = let (a, b) = x in a + b
