/** \file
 * Summaries of repeated timings, shared by `loom bench` and the REPL's `:bench`.
 */
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace loom {

/** The median of xs (the mean of the middle two for an even count); xs not empty. */
inline double median(std::vector<double> xs) {
    std::sort(xs.begin(), xs.end());
    size_t n = xs.size();
    return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}

/** The median absolute deviation from the median: a spread that outliers barely move. */
inline double median_absolute_deviation(const std::vector<double> &xs) {
    double m = median(xs);
    std::vector<double> dev;
    dev.reserve(xs.size());
    for (double x : xs) dev.push_back(std::fabs(x - m));
    return median(std::move(dev));
}

}  // namespace loom
