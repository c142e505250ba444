-- A function result may not alias a top-level array.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after|[Ff]ree variable|[Gg]lobal

def weights = [0.5f32, 0.25f32]

def get_weights (k: i32) = weights

def main (k: i32) = get_weights k
