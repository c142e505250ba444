-- Functions must be defined before they are used.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (x: i32) = twice x

def twice (y: i32) = y * 2
