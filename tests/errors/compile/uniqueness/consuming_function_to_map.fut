-- A function that consumes its argument may not be passed to map.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after|[Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def bump (r: *[]i32) = r with [0] = 1

def main (xss: *[][]i32) = map bump xss
