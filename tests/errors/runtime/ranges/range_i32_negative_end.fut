-- An i32 range 0..<n with negative n.
-- ==
-- input { 3 } output { [0,1,2] }
-- input { -1 } error: [Rr]ange|[Ii]nvalid|[Ss]tep|[Ss]tride|[Bb]ound

def main (n: i32) = 0..<n
