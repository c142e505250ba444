-- A typed hole: `loom check` accepts the program and warns with the hole's type.
def main (x: i32) : i32 = x + ???
