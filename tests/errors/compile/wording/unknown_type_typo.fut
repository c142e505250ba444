-- A type abbreviation a typo away is suggested.
-- ==
-- error: Unknown type `pont`: did you mean `point`\?

type point = (f32, f32)

def main (p: pont) = p.0
