-- All-pairs shortest paths (Floyd-Warshall) over a generic semiring, with shortest, reachability and widest-path instances.
-- ==
-- entry: main
-- "4 nodes" input { [[0.0, 3.0, f64.inf, 7.0], [8.0, 0.0, 2.0, f64.inf], [5.0, f64.inf, 0.0, 1.0], [2.0, f64.inf, f64.inf, 0.0]] } output { [[0.0, 3.0, 5.0, 6.0], [5.0, 0.0, 2.0, 3.0], [3.0, 6.0, 0.0, 1.0], [2.0, 5.0, 7.0, 0.0]] }
-- "1x1" input { [[5.0]] } output { [[0.0]] }
-- "negative edges" input { [[0.0, 4.0, f64.inf, f64.inf, -1.0], [f64.inf, 0.0, -2.0, f64.inf, f64.inf], [f64.inf, f64.inf, 0.0, 3.0, f64.inf], [1.0, f64.inf, f64.inf, 0.0, f64.inf], [f64.inf, 2.0, f64.inf, 6.0, 0.0]] } output { [[0.0, 1.0, -1.0, 2.0, -1.0], [2.0, 0.0, -2.0, 1.0, 1.0], [4.0, 5.0, 0.0, 3.0, 3.0], [1.0, 2.0, 0.0, 0.0, 0.0], [4.0, 2.0, 0.0, 3.0, 0.0]] }
-- "disconnected 7" input { [[f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, 1.0], [7.0, f64.inf, f64.inf, 14.0, 11.0, 2.0, f64.inf], [f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf], [f64.inf, 4.0, f64.inf, f64.inf, f64.inf, f64.inf, f64.inf], [10.0, f64.inf, f64.inf, f64.inf, f64.inf, 9.0, 19.0], [f64.inf, 4.0, 18.0, f64.inf, f64.inf, f64.inf, f64.inf], [1.0, f64.inf, 19.0, f64.inf, 9.0, f64.inf, f64.inf]] } output { [[0.0, 23.0, 20.0, 37.0, 10.0, 19.0, 1.0], [7.0, 0.0, 20.0, 14.0, 11.0, 2.0, 8.0], [f64.inf, f64.inf, 0.0, f64.inf, f64.inf, f64.inf, f64.inf], [11.0, 4.0, 24.0, 0.0, 15.0, 6.0, 12.0], [10.0, 13.0, 27.0, 27.0, 0.0, 9.0, 11.0], [11.0, 4.0, 18.0, 18.0, 15.0, 0.0, 12.0], [1.0, 22.0, 19.0, 36.0, 9.0, 18.0, 0.0]] }
-- "empty" input { empty([0][0]f64) } output { empty([0][0]f64) }
-- entry: reach
-- "chain reach" input { [[false, true, false, false, false], [false, false, true, false, false], [false, false, false, true, false], [false, false, false, false, true], [false, false, false, false, false]] } output { [[true, true, true, true, true], [false, true, true, true, true], [false, false, true, true, true], [false, false, false, true, true], [false, false, false, false, true]] }
-- "1x1 reach" input { [[false]] } output { [[true]] }
-- "random 8 reach" input { [[false, false, false, true, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, true, false, false, false, true, false], [false, false, false, false, true, false, false, false], [false, false, true, false, false, false, true, false], [false, true, false, false, false, false, true, false]] } output { [[true, false, false, true, false, false, false, false], [false, true, false, false, false, false, false, false], [false, false, true, false, false, false, false, false], [false, false, false, true, false, false, false, false], [false, false, true, false, true, false, true, false], [false, false, true, false, true, true, true, false], [false, false, true, false, false, false, true, false], [false, true, true, false, false, false, true, true]] }
-- "empty reach" input { empty([0][0]bool) } output { empty([0][0]bool) }
-- entry: widest
-- "3 nodes widest" input { [[0, 5, 1], [0, 0, 3], [4, 0, 0]] } output { [[3, 5, 3], [3, 3, 3], [4, 4, 3]] }
-- "1x1 widest" input { [[7]] } output { [[7]] }
-- "random 6 widest" input { [[0, 0, 5, 0, 9, 5], [7, 0, 0, 9, 7, 0], [0, 0, 0, 0, 0, 7], [7, 2, 3, 1, 3, 9], [4, 6, 0, 9, 0, 3], [0, 1, 0, 1, 6, 9]] } output { [[7, 6, 5, 9, 9, 9], [7, 6, 5, 9, 7, 9], [6, 6, 5, 6, 6, 7], [7, 6, 5, 7, 7, 9], [7, 6, 5, 9, 7, 9], [6, 6, 5, 6, 6, 9]] }
-- "empty widest" input { empty([0][0]i32) } output { empty([0][0]i32) }

-- One relaxation round through intermediate vertex k for every k.
def closure [n] 't (add: t -> t -> t) (mul: t -> t -> t) (d0: [n][n]t) : [n][n]t =
  loop d = d0 for k < n do
    let dk = d[k]
    in map (\(row: [n]t) ->
              let dik = row[k]
              in map2 (\dij dkj -> add dij (mul dik dkj)) row dk)
           d

-- Shortest distances; f64.inf marks a missing edge.
entry main [n] (w: [n][n]f64) : [n][n]f64 =
  let d = map2 (\i row -> map2 (\j x -> if i == j then f64.min 0.0 x else x) (iota n) row)
               (iota n) w
  in closure f64.min (+) d

-- Transitive (reflexive) closure of a boolean adjacency matrix.
entry reach [n] (adj: [n][n]bool) : [n][n]bool =
  let r = tabulate_2d n n (\i j -> i == j || adj[i, j])
  in closure (||) (&&) r

-- Widest (bottleneck) path: capacity 0 means no edge.
entry widest [n] (cap: [n][n]i32) : [n][n]i32 =
  closure i32.max i32.min cap
