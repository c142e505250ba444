-- A size parameter that is the size of no parameter cannot be determined.
-- ==
-- error: [Uu]nused|[Ss]ize|never|not used|[Aa]mbiguous|[Cc]onstructive|[Ii]nfer

def scale [k] (x: f32) = x * 2

def main (x: f32) = scale x
