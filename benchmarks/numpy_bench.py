#!/usr/bin/env python3
"""Times numpy's argmax/argmin on the benchmark matrix's cases, with the same data as the JMH run.

Each case's input is rebuilt bit for bit from the formula in InputData.java (a SplitMix64 hash of
the case name and the element index), numpy's indices are checked before any timing (the value at
each index is the extreme, and no earlier element along the axis equals it), and each case's
fastest call is written as CASE<TAB>OP<TAB>MILLISECONDS for the report's --numpy option (one
MILLISECONDS field per repetition with --repetitions):

    python3 benchmarks/numpy_bench.py --out benchmarks/numpy.tsv
    java -jar benchmarks/target/benchmarks.jar --numpy benchmarks/numpy.tsv ...

numpy has no bfloat16: those cases are left out (n/a in the report).

The report's application benchmark (--application) runs it with --one-input-per-type (every layout
of a type reshapes TYPE_SLICE_NO_EXTREME's data, as the JVMs do), --warmup and --median: the median
of the timed calls after the warm-up ones, the statistic the JVMs report; --repetitions 2, every
case timed twice; and --read-floor: numpy's own reads of each type's input (floor_reads: np.max and
np.min of it and of its bytes seen as integers of each width, np.bitwise_or.reduce, np.count_nonzero),
each timed before and after the type's cases, as TYPE_SLICE_NO_EXTREME<TAB>read-NAME<TAB>BEFORE<TAB>AFTER
(NAME as max, min, max-int8, or-uint64, nonzero-uint16, ...); the report takes the fastest as the floor.

With TopK among --ops it times numpy's top-k recipe on the TopK cases of the selected types (as
TopKCase.java; each reads the first elements of TYPE_SLICE_NO_EXTREME's data):
np.argpartition(-x, k - 1, axis) cut to its first k along the axis, then those k ordered by value
with np.lexsort, ties by the lower index. argpartition leaves unspecified which of several equal
elements at the k-th place it keeps, so before timing the script checks the indices against a
stable sort of the whole axis (the largest first, equal elements by index, as ONNX's TopK) and
stops on any difference. Written as CASE<TAB>TopK<TAB>MILLISECONDS.
"""

import argparse
import os
import platform
import sys
import time

import numpy as np

TYPES = ["FLOAT", "UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64", "FLOAT16", "DOUBLE", "UINT32",
         "UINT64", "BFLOAT16"]
LAYOUTS = {  # name: (shape, axis), as Layout.java
    "SLICE": ((16777216,), 0),
    "ROWS": ((4096, 4096), 1),
    "OUTER": ((4096, 4096), 0),
    "OUTER_3D": ((64, 256, 1024), 1),
}
FLOAT_TYPES = {"FLOAT", "DOUBLE", "FLOAT16", "BFLOAT16"}
DATA_KINDS = {  # name: the types it applies to, as DataKind.java
    "NO_EXTREME": set(TYPES),
    "NAN_LAST": FLOAT_TYPES,
    "ALL_EQUAL": set(TYPES),
    "SUBNORMAL": {"FLOAT16", "BFLOAT16"},
}
TOPK_CASES = {  # name: (type, shape, axis, k), as TopKCase.java
    "FLOAT_1x32000_K1": ("FLOAT", (1, 32000), 1, 1),
    "FLOAT_1x32000_K10": ("FLOAT", (1, 32000), 1, 10),
    "FLOAT_1x32000_K50": ("FLOAT", (1, 32000), 1, 50),
    "FLOAT_4096x1000_K5": ("FLOAT", (4096, 1000), 1, 5),
    "FLOAT_16777216_K10": ("FLOAT", (16777216,), 0, 10),
    "INT32_16777216_K10": ("INT32", (16777216,), 0, 10),
    "FLOAT_4096x4096_AXIS0_K5": ("FLOAT", (4096, 4096), 0, 5),
}
INTEGER_BITS = {"UINT8": 8, "INT8": 8, "UINT16": 16, "INT16": 16, "INT32": 32, "UINT32": 32, "INT64": 64,
                "UINT64": 64}
NUMPY_TYPES = {"UINT8": np.uint8, "INT8": np.int8, "UINT16": np.uint16, "INT16": np.int16, "INT32": np.int32,
               "UINT32": np.uint32, "INT64": np.int64, "UINT64": np.uint64}
MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def all_cases():
    """Every case name, in BenchCase.all() order (type, layout, data kind)."""
    return [f"{t}_{layout}_{kind}" for t in TYPES for layout in LAYOUTS for kind in DATA_KINDS
            if t in DATA_KINDS[kind]]


def split_case(name):
    for t in TYPES:
        for layout in LAYOUTS:
            for kind in DATA_KINDS:
                if name == f"{t}_{layout}_{kind}" and t in DATA_KINDS[kind]:
                    return t, layout, kind
    raise ValueError(f"'{name}' is not a case (TYPE_LAYOUT_DATA where DATA applies to TYPE)")


def seed(name):
    """FNV-1a over the name's bytes, as InputData.seed."""
    h = 0xCBF29CE484222325
    for b in name.encode("ascii"):
        h = ((h ^ b) * 0x100000001B3) & MASK64
    return h


def hashes(case_seed, count, all_equal):
    """SplitMix64 of counters 0..count-1 (all counter 0 for all-equal data), as InputData.hash."""
    with np.errstate(over="ignore"):
        i = np.zeros(1, dtype=np.uint64) if all_equal else np.arange(count, dtype=np.uint64)
        z = np.uint64(case_seed) + (i + np.uint64(1)) * np.uint64(GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return np.broadcast_to(z, (count,)) if all_equal else z


def unit_doubles(h):
    return (h >> np.uint64(11)).astype(np.float64) * 2.0 ** -53 * 2 - 1


def generate(name, type_name, shape, axis, kind):
    """The input of one case, as InputData.generate; None for bfloat16 (numpy has no such type)."""
    if type_name == "BFLOAT16":
        return None
    count = int(np.prod(shape))
    h = hashes(seed(name), count, kind == "ALL_EQUAL")
    if type_name in ("FLOAT", "DOUBLE"):
        values = unit_doubles(h)
        x = values.astype(np.float32) if type_name == "FLOAT" else values
    elif type_name == "FLOAT16":
        sign = (h & np.uint64(1)) << np.uint64(15)
        if kind == "SUBNORMAL":
            bits = sign | (np.uint64(1) + (h >> np.uint64(1)) % np.uint64(0x3FF))
        else:
            exponent = np.uint64(1) + (h >> np.uint64(1)) % np.uint64(30)
            bits = sign | exponent << np.uint64(10) | (h >> np.uint64(16)) & np.uint64(0x3FF)
        x = bits.astype(np.uint16).view(np.float16)
    else:
        bits = INTEGER_BITS[type_name]
        with np.errstate(over="ignore"):
            u = np.uint64(1) + h % np.uint64((1 << bits) - 2)
        if not type_name.startswith("U"):
            u = u ^ np.uint64(1 << (bits - 1))
        unsigned = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[bits]
        x = u.astype(unsigned).view(NUMPY_TYPES[type_name])
    x = np.ascontiguousarray(x).reshape(shape)
    if kind == "NAN_LAST":
        index = [slice(None)] * len(shape)
        index[axis] = -1
        x[tuple(index)] = np.nan
    return x


def check(name, op, x, axis, kind, indices):
    """numpy's indices are each slice's first extreme (or first NaN), found without argmax/argmin."""
    extreme = np.expand_dims(np.max(x, axis=axis) if op == "ArgMax" else np.min(x, axis=axis), axis)
    equal = (x == extreme) | (np.isnan(x) & np.isnan(extreme) if x.dtype.kind == "f" else False)
    at = np.expand_dims(np.asarray(indices), axis)
    first = np.take_along_axis(np.cumsum(equal, axis=axis, dtype=np.int32), at, axis) == 1
    hit = np.take_along_axis(equal, at, axis)
    if not (first.all() and hit.all()):
        sys.exit(f"numpy {op} is not the first extreme on {name}")
    forced = {"ALL_EQUAL": 0, "NAN_LAST": x.shape[axis] - 1}.get(kind)
    if forced is not None and not (np.asarray(indices) == forced).all():
        sys.exit(f"numpy {op} on {name}: expected every index {forced}")


def first_k(a, axis, k):
    """The first k entries of a along the axis."""
    return a[(slice(None),) * axis + (slice(0, k),)]


def top_k(x, axis, k):
    """numpy's top-k recipe: argpartition of the negated input, its first k, ordered by value and index."""
    chosen = first_k(np.argpartition(-x, k - 1, axis=axis), axis, k)
    values = np.take_along_axis(x, chosen, axis=axis)
    order = np.lexsort((chosen, -values), axis=axis)
    return np.take_along_axis(chosen, order, axis=axis)


def check_top_k(name, x, axis, k, indices):
    """The recipe's values are those of a stable sort of the whole axis (largest first, equal elements by
    index), cut to k, and its indices are distinct and point at them; returns in how many slices the
    indices differ from the sort's, which can only be where argpartition kept another of equal elements
    at the k-th place."""
    expected = first_k(np.argsort(-x, axis=axis, kind="stable"), axis, k)
    if np.array_equal(expected, indices):
        return 0
    if not np.array_equal(np.take_along_axis(x, expected, axis), np.take_along_axis(x, indices, axis)):
        sys.exit(f"numpy's top-k recipe on {name}: its values differ from the stable sort's")
    if not (np.diff(np.sort(indices, axis=axis), axis=axis) != 0).all():
        sys.exit(f"numpy's top-k recipe on {name}: an index appears twice in a slice")
    return int(np.any(expected != indices, axis=axis).sum())


def time_top_k(args, lines):
    """numpy's recipe on every TopK case of the selected types, checked, then timed."""
    for name, (type_name, shape, axis, k) in TOPK_CASES.items():
        if type_name not in args.types:
            continue
        x = generate(f"{type_name}_SLICE_NO_EXTREME", type_name, shape, axis, "NO_EXTREME")
        differing = check_top_k(name, x, axis, k, top_k(x, axis, k))
        if differing:
            note = (f"# {name}: numpy's recipe keeps another of equal elements at the k-th place in {differing} of"
                    f" {x.size // x.shape[axis]} slices (values checked)")
            lines.append(note)
            print(note[2:], file=sys.stderr)
        call = lambda: top_k(x, axis, k)  # noqa: E731
        times = []
        for _ in range(args.repetitions):
            for _ in range(args.warmup):
                call()
            times.append(median_millis(call, args.calls) if args.median else fastest_millis(call, args.calls))
            print(f"{name} TopK: {times[-1]:.4f} ms", file=sys.stderr)
        lines.append("\t".join([name, "TopK"] + [f"{m:.4f}" for m in times]))


def fastest_millis(function, calls):
    best = float("inf")
    for _ in range(calls):
        start = time.perf_counter_ns()
        function()
        best = min(best, time.perf_counter_ns() - start)
    return best / 1e6


def median_millis(function, calls):
    times = []
    for _ in range(calls):
        start = time.perf_counter_ns()
        function()
        times.append(time.perf_counter_ns() - start)
    times.sort()
    middle = len(times) // 2
    return (times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2) / 1e6


def groups(cases, one_input_per_type):
    """The cases in groups that share an input: a type's cases (TYPE_SLICE_<kind>), or each case alone."""
    result = []
    for name in cases:
        type_name, _, kind = split_case(name)
        source = f"{type_name}_SLICE_{kind}" if one_input_per_type else name
        if result and result[-1][0] == source:
            result[-1][1].append(name)
        else:
            result.append((source, [name]))
    return result


READ_WIDTHS = ((np.uint8, np.int8), (np.uint16, np.int16), (np.uint32, np.int32), (np.uint64, np.int64))


def floor_reads(x):
    """numpy's reads of a whole input that touch every byte once and do no argmax work, by name: the
    maximum and minimum of the input, and of its bytes seen as integers of each width (signed and
    unsigned maximum, unsigned minimum, OR, count of nonzeros). numpy's loops differ in speed by type
    and width, and its argmax of some types outruns their own max and OR, so the floor is the fastest of
    these reads. Float views are left out: their NaN bit patterns would make the read depend on the data."""
    flat = x.reshape(-1)
    reads = {"max": lambda: np.max(flat), "min": lambda: np.min(flat)}
    for unsigned, signed in READ_WIDTHS:
        if flat.nbytes % np.dtype(unsigned).itemsize:
            continue
        u, s = flat.view(unsigned), flat.view(signed)
        u_name, s_name = np.dtype(unsigned).name, np.dtype(signed).name
        reads[f"max-{s_name}"] = lambda s=s: np.max(s)
        reads[f"max-{u_name}"] = lambda u=u: np.max(u)
        reads[f"min-{u_name}"] = lambda u=u: np.min(u)
        reads[f"or-{u_name}"] = lambda u=u: np.bitwise_or.reduce(u)
        reads[f"nonzero-{u_name}"] = lambda u=u: np.count_nonzero(u)
    return reads


def time_floors(x, args, floors):
    """One repetition of every read of the input, each the median of the timed calls after the warm-up."""
    for variant, call in floor_reads(x).items():
        for _ in range(max(1, args.warmup)):
            call()
        floors.setdefault(variant, []).append(median_millis(call, args.calls))


def self_check():
    """The values InputDataTest pins on the Java side: same formula, same data."""
    assert seed("a") == 0xAF63DC4C8601EC8C
    floats = generate("PIN", "FLOAT", (3,), 0, "NO_EXTREME")
    int8 = generate("PIN", "INT8", (3,), 0, "NO_EXTREME")
    half = generate("PIN", "FLOAT16", (3,), 0, "NO_EXTREME")
    assert floats.view(np.int32).tolist() == PINNED_FLOAT_BITS, floats.view(np.int32).tolist()
    assert int8.tolist() == PINNED_INT8, int8.tolist()
    assert half.view(np.int16).tolist() == PINNED_FLOAT16_BITS, half.view(np.int16).tolist()
    check_floor_reads()


def check_floor_reads():
    """Every read of bytes as integers reaches the input's last byte: one byte set among zeros (or clear
    among ones, for the minimums) changes what each read returns."""
    for type_name, dtype in (("INT64", np.int64), ("FLOAT16", np.float16), ("UINT8", np.uint8)):
        for fill, last in ((0x00, 0x01), (0xFF, 0xFE)):
            x = np.full(64, fill, dtype=np.uint8)
            plain = {name: read() for name, read in floor_reads(x.view(dtype)).items()}
            x[-1] = last
            for name, read in floor_reads(x.view(dtype)).items():
                if name not in ("max", "min") and name.startswith("min-") == (fill == 0xFF):
                    assert read() != plain[name], f"numpy's read {name} of {type_name} misses the last byte"


PINNED_FLOAT_BITS = [-1106155370, -1084882623, -1105266348]
PINNED_INT8 = [42, 105, -83]
PINNED_FLOAT16_BITS = [-17212, 5860, 31256]


def parse_list(value, allowed, what):
    items = [v.strip() for v in value.split(",")]
    for item in items:
        if item not in allowed:
            raise argparse.ArgumentTypeError(f"'{item}' is not {what} (allowed: {', '.join(allowed)})")
    return items


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--types", type=lambda v: parse_list(v, TYPES, "a type"), default=TYPES)
    parser.add_argument("--layouts", type=lambda v: parse_list(v, list(LAYOUTS), "a layout"), default=list(LAYOUTS))
    parser.add_argument("--data", type=lambda v: parse_list(v, list(DATA_KINDS), "a data kind"),
                        default=["NO_EXTREME"])
    parser.add_argument("--cases", type=lambda v: parse_list(v, all_cases(), "a case"),
                        help="case names instead of --types/--layouts/--data")
    parser.add_argument("--ops", type=lambda v: parse_list(v, ["ArgMax", "ArgMin", "TopK"], "an operator"),
                        default=["ArgMax", "ArgMin"], help="ArgMax, ArgMin (default: both) and TopK (its own cases)")
    parser.add_argument("--calls", type=int, default=20, help="timed calls per case and operator (default 20)")
    parser.add_argument("--warmup", type=int, default=0, help="untimed calls before the timed ones (default 0)")
    parser.add_argument("--median", action="store_true", help="write the median of the timed calls, not the fastest")
    parser.add_argument("--one-input-per-type", action="store_true",
                        help="every layout of a type reshapes TYPE_SLICE_NO_EXTREME's data (the application benchmark's inputs)")
    parser.add_argument("--repetitions", type=int, default=1,
                        help="time every case this many times, one after the other (default 1); each is a field")
    parser.add_argument("--read-floor", action="store_true",
                        help="with --one-input-per-type: time numpy's reads of each type's input before and after"
                             " its cases (CASE<TAB>read-NAME<TAB>MILLISECONDS<TAB>MILLISECONDS)")
    parser.add_argument("--out", required=True, help="the file to write (CASE<TAB>OP<TAB>MILLISECONDS)")
    args = parser.parse_args()
    if args.calls < 1:
        parser.error("--calls must be 1 or more")
    if args.warmup < 0:
        parser.error("--warmup must be 0 or more")
    if args.repetitions < 1:
        parser.error("--repetitions must be 1 or more")
    if args.read_floor and not args.one_input_per_type:
        parser.error("--read-floor times the input of each type: add --one-input-per-type")
    self_check()
    arg_ops = [op for op in args.ops if op != "TopK"]
    if not arg_ops:
        cases = []
    elif args.cases:
        cases = args.cases
    else:
        cases = [c for c in all_cases() if split_case(c)[0] in args.types and split_case(c)[1] in args.layouts
                 and split_case(c)[2] in args.data]
    if arg_ops and not cases:
        parser.error("no case matches --types, --layouts and --data")
    lines = [f"# numpy {np.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs,"
             + (f" median of {args.calls} calls after {args.warmup} warm-up calls" if args.median
              else f" fastest of {args.calls} calls")
             + (f", {args.repetitions} repetitions" if args.repetitions > 1 else ""),
             "# case\top\tmilliseconds (one field per repetition)"]
    for source, group in groups(cases, args.one_input_per_type):
        x_source = None
        if args.one_input_per_type:
            source_type, _, source_kind = split_case(source)
            x_source = generate(source, source_type, LAYOUTS["SLICE"][0], 0, source_kind)
        floors = {}
        if args.read_floor and x_source is not None:
            time_floors(x_source, args, floors)
        times = {}
        for repetition in range(args.repetitions):
            for name in group:
                type_name, layout, kind = split_case(name)
                shape, axis = LAYOUTS[layout]
                if args.one_input_per_type:
                    x = None if x_source is None else x_source.reshape(shape)
                else:
                    x = generate(name, type_name, shape, axis, kind)
                if x is None:
                    if repetition == 0:
                        print(f"{name}: numpy has no bfloat16, left out", file=sys.stderr)
                    continue
                for op in arg_ops:
                    function = np.argmax if op == "ArgMax" else np.argmin
                    if repetition == 0:
                        check(name, op, x, axis, kind, function(x, axis=axis))
                    call = lambda: function(x, axis=axis)  # noqa: E731
                    for _ in range(args.warmup):
                        call()
                    millis = median_millis(call, args.calls) if args.median else fastest_millis(call, args.calls)
                    times.setdefault((name, op), []).append(millis)
                    print(f"{name} {op}: {millis:.4f} ms", file=sys.stderr)
        if args.read_floor and x_source is not None:
            time_floors(x_source, args, floors)
        for (name, op), millis in times.items():
            lines.append("\t".join([name, op] + [f"{m:.4f}" for m in millis]))
        for variant, millis in floors.items():
            lines.append("\t".join([source, "read-" + variant] + [f"{m:.4f}" for m in millis]))
    if "TopK" in args.ops:
        time_top_k(args, lines)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
