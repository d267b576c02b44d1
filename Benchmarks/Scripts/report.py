#!/usr/bin/env python3
"""Prints Refreshable's benchmark figures from one package-benchmark run.

Reads the files `swift package benchmark --format histogramSamples --path DIR` wrote (one TSV per
benchmark and metric, every recorded sample, raw nanoseconds and raw counts) and prints min and
median per unit of work, allocations, and the ratios the project tracks. Every figure comes from
the files in DIR, that is from one run. Standard library only.

Usage: python3 report.py DIR
"""

import os
import re
import statistics
import sys

ITEMS_PER_PAGE = 20  # Fixtures.swift: itemsPerPage
PREFIX = "Current_run."
SUFFIX = ".histogram.samples.tsv"
METRICS = ("wallClock", "cpuTotal", "mallocCountTotal")
# The adopter's page loads also record their thread's own CPU time (AdopterBenchmarks.swift), in ns.
THREAD_CPU = "threadCPU"
# cpuTotal is read in scheduler ticks (10 ms here): shown only for samples long enough for it.
CPU_MIN_SAMPLE_NS = 200_000_000
# What one unit of work is called, from the plural a benchmark's name ends with.
UNIT_NAMES = {
    "dispatches": "dispatch",
    "page loads": "page load",
    "refreshes": "refresh",
    "reads": "read",
    "edits": "edit",
    "rows": "row",
    "restores": "restore",
}
# P6's refresh answers 20 rows, 2 new and the first 18 held: its difference names the rows held
# less 18 (removed) and 2 (inserted). CostBenchmarks.swift checks the count.
def rows_named(rows):
    return rows - 16


# A benchmark that allocates nothing itself: its allocations per sample are the harness's.
HARNESS_BASELINE = "P2 direct call x1000 dispatches"


def load(directory):
    """{benchmark name: {metric: [samples]}} from the exported TSV files."""
    results = {}
    for file in sorted(os.listdir(directory)):
        if not (file.startswith(PREFIX) and file.endswith(SUFFIX)):
            continue
        # Current_run.<target>.<name>.<metric>.histogram.samples.tsv; the tool wrote the name's
        # spaces as underscores, and the names have no underscores of their own.
        target_and_rest = file[len(PREFIX) : -len(SUFFIX)]
        _, rest = target_and_rest.split(".", 1)
        name, metric = rest.rsplit(".", 1)
        with open(os.path.join(directory, file)) as f:
            lines = f.read().split("\n")[1:]  # the first line names the metric and its unit
        samples = [int(line) for line in lines if line.strip()]
        results.setdefault(name.replace("_", " "), {})[metric] = samples
    return results


class Row:
    """One benchmark, with what one of its samples covers."""

    def __init__(self, name, metrics):
        self.name = name
        self.metrics = metrics
        pages = re.search(r"(\d+) pages$", name)
        ops = re.search(r"x(\d+) (dispatches|page loads|refreshes|reads|edits|rows|restores)$", name)
        rows = re.search(r" (\d+) rows x", name)
        # P6: what one operation costs on a list holding this many rows.
        self.rows = int(rows.group(1)) if rows else None
        if pages:
            self.pages = int(pages.group(1))
            self.units = self.pages * ITEMS_PER_PAGE
            self.unit = "item"
            self.alloc_units = self.pages
            self.alloc_unit = "page load"
        elif ops:
            self.pages = None
            self.units = int(ops.group(1))
            self.unit = UNIT_NAMES[ops.group(2)]
            self.alloc_units = self.units
            self.alloc_unit = self.unit
        else:
            raise SystemExit(f"error: cannot tell what one sample of '{name}' covers")

    def samples(self, metric):
        return self.metrics.get(metric) or []

    def count(self):
        return len(self.samples("wallClock"))

    def per_unit(self, metric, stat):
        samples = self.samples(metric)
        if not samples:
            return None
        value = min(samples) if stat == "min" else statistics.median(samples)
        return value / self.units

    def wall(self, stat):
        return self.per_unit("wallClock", stat)

    def cpu_median(self):
        if self.samples(THREAD_CPU):
            return self.per_unit(THREAD_CPU, "median")
        samples = self.samples("cpuTotal")
        walls = self.samples("wallClock")
        if not samples or not walls or statistics.median(walls) < CPU_MIN_SAMPLE_NS:
            return None
        return statistics.median(samples) / self.units

    def allocs(self, harness=0):
        """Median allocations per unit, less `harness` allocations per sample."""
        samples = self.samples("mallocCountTotal")
        if not samples:
            return None
        return max(0, statistics.median(samples) - harness) / self.alloc_units


def fmt_ns(value):
    if value is None:
        return "-"
    if value >= 1_000_000:
        return f"{value / 1_000_000:.3g} ms"
    if value >= 1_000:
        return f"{value / 1_000:.3g} µs"
    return f"{value:.3g} ns"


def fmt_num(value):
    if value is None:
        return "-"
    if value == 0:
        return "0"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def table(rows, harness):
    header = ("benchmark", "samples", "wall min", "wall median", "cpu median", "unit", "mallocs", "per")
    body = [
        (
            r.name,
            str(r.count()),
            fmt_ns(r.wall("min")),
            fmt_ns(r.wall("median")),
            fmt_ns(r.cpu_median()),
            "per " + r.unit,
            fmt_num(r.allocs(harness)),
            r.alloc_unit,
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in [header] + body) for i in range(len(header))]
    right = {1, 2, 3, 4, 6}

    def render(line):
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(line, widths))]
        return "  ".join(cells).rstrip()

    print(render(header))
    print("  ".join("-" * w for w in widths))
    for line in body:
        print(render(line))


def cost_table(rows):
    """P6: each operation at each list size, min / median, with the targets it is held to."""
    cost = [r for r in rows.values() if r.name.startswith("P6 ")]
    if not cost:
        return
    sizes = sorted({r.rows for r in cost if r.rows})

    def variant(row):
        return re.sub(r" \d+ rows x\d+ [a-z ]+$", "", row.name)[3:]

    def value(row, stat, metric="slowestLoadMore"):
        """What the row reports per unit: ns, or bytes per row for memory, or the slowest load."""
        if row.name.startswith("P6 memory"):
            samples = row.samples("memoryLeakedBytes")
            if not samples:
                return None
            return (min(samples) if stat == "min" else statistics.median(samples)) / row.units
        if row.name.startswith("P6 slowest"):
            samples = row.samples(metric)
            if not samples:
                return None
            return min(samples) if stat == "min" else statistics.median(samples)
        wall = row.wall(stat)
        if wall is not None and row.name.startswith("P6 read difference"):
            return wall * row.units / rows_named(row.rows)
        return wall

    def cell(row, metric="slowestLoadMore"):
        if row is None or value(row, "min", metric) is None:
            return "-"
        fmt = (lambda v: f"{fmt_num(v)} B") if row.name.startswith("P6 memory") else fmt_ns
        return f"{fmt(value(row, 'min', metric))} / {fmt(value(row, 'median', metric))}"

    names = []
    for r in sorted(cost, key=lambda r: r.name):
        if variant(r) not in names:
            names.append(variant(r))
    unit_of = {
        "read difference": "per row named",
        "memory": "bytes per row",
    }

    def label(name):
        for key, unit in unit_of.items():
            if name.startswith(key):
                return f"{name}, {unit}"
        if name.startswith("slowest"):
            return f"{name}, one load"
        if name.startswith("cap"):
            return f"{name}, per page load"
        return f"{name}, per {next(r.unit for r in cost if variant(r) == name)}"

    def find(name, size):
        return next((r for r in cost if variant(r) == name and r.rows == size), None)

    print()
    print("Costs by the page (P6), 16-byte rows with Int ids: min / median of one run")
    header = ["operation"] + [f"{size:,} rows" for size in sizes]
    body = [[label(name)] + [cell(find(name, size)) for size in sizes] for name in names]
    # The slowest load-more again in the thread's CPU time, which leaves out other processes.
    body += [
        [label(name) + ", CPU time"] + [cell(find(name, size), "slowestLoadMoreCPU") for size in sizes]
        for name in names
        if name.startswith("slowest")
    ]
    body = [line for line in body if any(c != "-" for c in line[1:])]
    widths = [max(len(line[i]) for line in [header] + body) for i in range(len(header))]
    for line in [header, ["-" * w for w in widths]] + body:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths))).rstrip())

    checks = []

    def check(text, numerator, limit, fmt=fmt_num):
        if numerator is None:
            checks.append((text, "-", "-", limit))
        else:
            checks.append((text, fmt(numerator[0]), fmt(numerator[1]), limit))

    def ratio_of(a, b):
        return None if a is None or b is None else (a[0] / b[0], a[1] / b[1])

    def both(name, size, metric="slowestLoadMore"):
        row = find(name, size)
        if row is None or value(row, "min", metric) is None:
            return None
        return (value(row, "min", metric), value(row, "median", metric))

    largest = max(sizes)
    check(f"refresh, identity, at {largest:,} rows", both("refresh identity", largest), "50 µs", fmt_ns)
    # What the app's main thread pays once it drops the update: the replaced items and id index go.
    check(f"refresh, identity, update dropped, at {largest:,} rows", both("refresh identity update dropped", largest),
          "50 µs", fmt_ns)
    # The allocator frees the same memory for a hand-written list: an Array and a Dictionary replaced.
    check(f"the same ÷ an Array and a Dictionary replaced, at {largest:,} rows",
          ratio_of(both("refresh identity update dropped", largest), both("Array and Dictionary replaced", largest)),
          "-")
    check(f"read difference per row named, at {largest:,} rows", both("read difference", largest), "100 ns", fmt_ns)
    for edit, array in (("removeItem(id:) top", "Array.remove(at:) top"), ("insertItem(at:) top", "Array.insert(at:) top")):
        for size in (size for size in sizes if size >= 100_000):
            check(f"{edit} ÷ {array}, at {size:,} rows", ratio_of(both(edit, size), both(array, size)), "3")
    for size in sizes:
        check(
            f"cap 1000 identity ÷ cap 10 identity, per page load, at {size:,} rows",
            ratio_of(both("cap 1000 identity", size), both("cap 10 identity", size)),
            "2",
        )
    check(f"slowest load-more, identity, at {largest:,} rows", both("slowest load-more identity", largest), "2 ms",
          fmt_ns)
    plain = cell(find("slowest load-more", largest), "slowestLoadMoreCPU")
    check(f"the same in CPU time (without an identity: {plain})",
          both("slowest load-more identity", largest, "slowestLoadMoreCPU"), "2 ms", fmt_ns)
    check("memory, identity, bytes per row at 100,000 rows", both("memory identity", 100_000), "60")

    print()
    print("Targets (same run): min and median, and the limit")
    width = max(len(text) for text, _, _, _ in checks)
    for text, by_min, by_median, limit in checks:
        print(f"  {text.ljust(width)}  {by_min:>8}  {by_median:>8}  {'≤ ' + limit if limit != '-' else '(no limit)'}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    directory = sys.argv[1]
    results = load(directory)
    if not results:
        raise SystemExit(f"error: no {PREFIX}*{SUFFIX} files in {directory}")
    rows = {name: Row(name, metrics) for name, metrics in results.items()}

    info = os.path.join(directory, "run-info.txt")
    if os.path.exists(info):
        with open(info) as f:
            print(f.read().rstrip())
        print()

    def order(row):
        variant = re.sub(r" (Int|Product) \d+ pages$", "", row.name)
        item = "Product" if " Product " in row.name else "Int"
        return (row.name[:2], item, variant, row.pages or 0, row.name)

    def find(name):
        return rows.get(name)

    # The measured region of every sample holds a few allocations of package-benchmark's own. The
    # direct call allocates nothing, so its count per sample is that overhead; it is subtracted.
    baseline = find(HARNESS_BASELINE)
    harness = statistics.median(baseline.samples("mallocCountTotal")) if baseline else 0

    print("Times are min and median of the samples, divided by what one sample covers; cpu only where")
    print("a sample is long enough for its 10 ms ticks, or the thread's own CPU time where recorded")
    print("(the adopter). mallocs is the median count per unit, less the harness's own")
    print(f"{fmt_num(harness)} per sample (measured by '{HARNESS_BASELINE}').")
    print()
    others = sorted((r for r in rows.values() if not r.name.startswith("P6 ")), key=order)
    if others:
        table(others, harness)
    cost_table(rows)

    ratios = []

    def ratio(label, numerator, denominator, metric="wallClock"):
        a, b = find(numerator), find(denominator)
        if a is None or b is None or not a.samples(metric) or not b.samples(metric):
            ratios.append((label, None, None))
            return
        by_min = a.per_unit(metric, "min") / b.per_unit(metric, "min")
        ratios.append((label, by_min, a.per_unit(metric, "median") / b.per_unit(metric, "median")))

    for item in ("Int", "Product"):
        ratio(
            f"per item, 10,000 ÷ 1,000 pages, RefreshSources {item}",
            f"P1 RefreshSources {item} 10000 pages",
            f"P1 RefreshSources {item} 1000 pages",
        )
    if any(r.pages == 50000 for r in rows.values()):
        for item in ("Int", "Product"):
            ratio(
                f"per item, 50,000 ÷ 10,000 pages, RefreshSources {item}",
                f"P1 RefreshSources {item} 50000 pages",
                f"P1 RefreshSources {item} 10000 pages",
            )
    for variant in ("Array.append", "copy-per-page relay"):
        ratio(
            f"per item, 10,000 ÷ 1,000 pages, {variant} Int",
            f"P1 {variant} Int 10000 pages",
            f"P1 {variant} Int 1000 pages",
        )
    for variant in ("adopter", "adopter+controls"):
        ratio(
            f"per item, 10,000 ÷ 1,000 pages, {variant} Int",
            f"P1 {variant} Int 10000 pages",
            f"P1 {variant} Int 1000 pages",
        )
        # A 10,000-page sample (35 ms) is preempted whenever other processes run; its thread's
        # CPU time leaves their time out.
        ratio(
            f"the same in the thread's CPU time, {variant} Int",
            f"P1 {variant} Int 10000 pages",
            f"P1 {variant} Int 1000 pages",
            THREAD_CPU,
        )
    for item in ("Int", "Product"):
        ratio(
            f"RefreshSources ÷ Array.append per item at 10,000 pages, {item}",
            f"P1 RefreshSources {item} 10000 pages",
            f"P1 Array.append {item} 10000 pages",
        )
    for item in ("Int", "Product"):
        ratio(
            f"copy-per-page relay ÷ RefreshSources at 10,000 pages, {item}",
            f"P1 copy-per-page relay {item} 10000 pages",
            f"P1 RefreshSources {item} 10000 pages",
        )
    for variant in ("dedup", "dedup takeNewer", "cap 10"):
        ratio(
            f"per item, 10,000 ÷ 1,000 pages, RefreshSources {variant} Int",
            f"P5 RefreshSources {variant} Int 10000 pages",
            f"P5 RefreshSources {variant} Int 1000 pages",
        )
        ratio(
            f"RefreshSources {variant} ÷ RefreshSources per item at 10,000 pages, Int",
            f"P5 RefreshSources {variant} Int 10000 pages",
            "P1 RefreshSources Int 10000 pages",
        )
    ratio(
        "restore a 10,000-row snapshot ÷ decode the rows into an Array, from JSON (limit 2)",
        "P7 restore snapshot from JSON 10000 rows x1 restores",
        "P7 JSON decode [Row] 10000 rows x1 restores",
    )
    for way in ("items[i]", "for-in", "unspecialised"):
        ratio(
            f"RefreshItems ÷ Array per read, {way}, 100,000 rows",
            f"P8 RefreshItems {way} 100000 rows x100000 reads",
            f"P8 Array {way} 100000 rows x100000 reads",
        )
    ratio(
        "adopter+controls ÷ RefreshSources per item at 10,000 pages, Int",
        "P1 adopter+controls Int 10000 pages",
        "P1 RefreshSources Int 10000 pages",
    )
    ratio(
        "RefreshStatusRelay ÷ OpenCombine per dispatch",
        "P2 RefreshStatusRelay x1000 dispatches",
        "P2 OpenCombine x1000 dispatches",
    )
    ratio(
        "10,000 sources ÷ 10 sources per page load",
        "P4 RefreshSources 10000 sources x1000 page loads",
        "P4 RefreshSources 10 sources x1000 page loads",
    )

    print()
    print("Ratios (wall clock, same run): min ÷ min and median ÷ median")
    width = max(len(label) for label, _, _ in ratios)
    for label, by_min, by_median in ratios:
        print(f"  {label.ljust(width)}  {fmt_num(by_min):>8}  {fmt_num(by_median):>8}")

    print()
    print("Allocations (mallocCountTotal, median per unit, less the harness's own)")
    allocations = [
        ("per dispatch, RefreshStatusRelay", "P2 RefreshStatusRelay x1000 dispatches"),
        ("per dispatch, OpenCombine", "P2 OpenCombine x1000 dispatches"),
        ("per dispatch, direct call", "P2 direct call x1000 dispatches"),
        ("per dispatch, RefreshStatusRelay, main actor runs between", "P3 RefreshStatusRelay yielding x1000 dispatches"),
        ("per dispatch, direct call, main actor runs between", "P3 direct call yielding x1000 dispatches"),
    ]
    for pages in (1000, 10000):
        for variant in ("RefreshSources Int", "RefreshSources Product", "Array.append Int", "adopter+controls Int"):
            allocations.append((f"per page load, {variant}, {pages:,} pages", f"P1 {variant} {pages} pages"))
    allocations.append(("per page load, 10 sources", "P4 RefreshSources 10 sources x1000 page loads"))
    allocations.append(("per page load, 10,000 sources", "P4 RefreshSources 10000 sources x1000 page loads"))
    width = max(len(label) for label, _ in allocations)
    for label, name in allocations:
        row = find(name)
        print(f"  {label.ljust(width)}  {fmt_num(row.allocs(harness) if row else None):>8}")
    relay, direct = find("P3 RefreshStatusRelay yielding x1000 dispatches"), find("P3 direct call yielding x1000 dispatches")
    if relay and direct:
        print(f"  {'the relay adds, main actor running between statuses'.ljust(width)}  "
              f"{fmt_num(relay.allocs(harness) - direct.allocs(harness)):>8}")


if __name__ == "__main__":
    main()
