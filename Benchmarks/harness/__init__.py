"""The benchmark harness: Benchmarks/run imports its sections and helpers from here."""
