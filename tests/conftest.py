"""Settings shared by the unit tests."""

from __future__ import annotations

from hypothesis import settings

# No per-example deadline: the suite runs two pytest processes on a 2-core machine, where an example
# that takes 20 ms alone can take 300 ms. Speed is measured by the benchmarks in bench/, not here.
settings.register_profile("primi", deadline=None)
settings.load_profile("primi")
