"""What the benchmarks share: ``browser`` (chromium, a served build, computer players timed through the page)
and ``figures`` (seeding, process pools, intervals, quantiles and the tables' lines)."""
