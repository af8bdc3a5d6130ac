#!/usr/bin/env python3
"""Reference vectors for src/stats/newcombe.ts, computed independently in Python.

Run once (python3 scripts/reference/newcombe.py) and check in its output,
test/fixtures/reference/newcombe.json; src/stats/newcombe.test.ts checks the TypeScript against
every vector. Standard library only: the normal quantile is statistics.NormalDist, the Wilson score
limits are written out from Wilson (1927) at a sample size that need not be whole (an effective
sample size n_eff = n / deff), with the limit exactly 0 at no success and 1 at every success, and
the difference interval is Newcombe's hybrid score interval, method 10 of Newcombe (1998,
"Interval estimation for the difference between independent proportions: comparison of eleven
methods", Statistics in Medicine 17:873-890):
    L = d - sqrt((p2 - l2)^2 + (u1 - p1)^2),  U = d + sqrt((u2 - p2)^2 + (p1 - l1)^2),  d = p2 - p1.
Seven examples of the paper's Table II ((a), (b) and (d) to (h)), at its four decimals, are
asserted below (whole n, where n_eff = n), so the formula is checked against the published figures.
The p-value is the interval inverted: 2 * Phi(-z*) for the z* at which the interval's limit on 0's
side reaches 0, found by bisection on z with NormalDist().cdf, and checked to agree with the
interval (p < alpha exactly when the 1 - alpha interval excludes 0).
Made with Python 3.11.
"""
import json
import math
import pathlib
from statistics import NormalDist


def wilson(p, n, confidence):
    return wilson_z(p, n, NormalDist().inv_cdf(1 - (1 - confidence) / 2))


def wilson_z(p, n, z):
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lower = 0.0 if p == 0 else min(p, max(0.0, centre - half))
    upper = 1.0 if p == 1 else max(p, min(1.0, centre + half))
    return lower, upper


def side(point, n_eff, confidence):
    lower, upper = wilson(point, n_eff, confidence)
    return {"point": point, "nEff": n_eff, "lower": lower, "upper": upper}


def newcombe(a, b):
    d = b["point"] - a["point"]
    lower = d - math.sqrt((b["point"] - b["lower"]) ** 2 + (a["upper"] - a["point"]) ** 2)
    upper = d + math.sqrt((b["upper"] - b["point"]) ** 2 + (a["point"] - a["lower"]) ** 2)
    return d, max(-1.0, lower), min(1.0, upper)


def p_value(first, second):
    """The interval inverted: 2 * Phi(-z*), z* where the limit on 0's side reaches 0 (bisection)."""
    (p1, n1), (p2, n2) = first, second
    if p1 == p2:
        return 1.0

    def excludes(z):
        a = dict(zip(("lower", "upper"), wilson_z(p1, n1, z)), point=p1)
        b = dict(zip(("lower", "upper"), wilson_z(p2, n2, z)), point=p2)
        _, lower, upper = newcombe(a, b)
        return lower > 0 if p2 > p1 else upper < 0

    lo, hi = 0.0, 37.0
    for _ in range(200):
        if hi - lo <= 1e-13:
            break
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if excludes(mid) else (lo, mid)
    return min(1.0, 2 * NormalDist().cdf(-(lo + hi) / 2))


def vector(name, first, second, confidence=0.95):
    a = side(*first, confidence)
    b = side(*second, confidence)
    d, lower, upper = newcombe(a, b)
    p = p_value(first, second)
    # The inversion agrees with the interval: p < alpha exactly when the interval excludes 0.
    assert (p < 1 - confidence) == (lower > 0 or upper < 0), (name, p, lower, upper)
    return {"name": name, "confidence": confidence, "first": a, "second": b,
            "difference": d, "lower": lower, "upper": upper, "pValue": p}


# Newcombe 1998, Table II, method 10 (the paper's difference is p1 - p2: here first is its p2).
PUBLISHED = [
    ("(a) 56/70 - 48/80", (48, 80), (56, 70), (0.0524, 0.3339)),
    ("(b) 9/10 - 3/10", (3, 10), (9, 10), (0.1705, 0.8090)),
    ("(d) 5/56 - 0/29", (0, 29), (5, 56), (-0.0381, 0.1926)),
    ("(e) 0/10 - 0/20", (0, 20), (0, 10), (-0.1611, 0.2775)),
    ("(f) 0/10 - 0/10", (0, 10), (0, 10), (-0.2775, 0.2775)),
    ("(g) 10/10 - 0/20", (0, 20), (10, 10), (0.6791, 1.0)),
    ("(h) 10/10 - 0/10", (0, 10), (10, 10), (0.6075, 1.0)),
]

vectors = []
for name, (k1, n1), (k2, n2), (want_lower, want_upper) in PUBLISHED:
    v = vector(f"Newcombe 1998 Table II {name}", (k1 / n1, n1), (k2 / n2, n2))
    assert round(v["lower"], 4) == want_lower and round(v["upper"], 4) == want_upper, (name, v)
    vectors.append(v)

vectors += [
    # A default offline run: 16 tasks at 3 reps whose reps agree (deff = 3, n_eff = 16).
    vector("12/16 tasks then 9/16 tasks, reps agreeing (n_eff 16 each)", (36 / 48, 16), (27 / 48, 16)),
    vector("no change at n_eff 16", (36 / 48, 16), (36 / 48, 16)),
    vector("whole interval below zero: 15/16 then 4/16 tasks", (45 / 48, 16), (12 / 48, 16)),
    vector("whole interval above zero: 3/16 then 16/16 tasks", (9 / 48, 16), (1.0, 16)),
    vector("fractional effective sizes (deff 1.7 and 2.25)", (31 / 48, 48 / 1.7), (22 / 60, 60 / 2.25)),
    vector("unequal suites: 8 tasks and 22 tasks", (0.5, 8), (20 / 22, 22)),
    vector("both at 0", (0.0, 12.5), (0.0, 30.0)),
    vector("both at 1", (1.0, 12.5), (1.0, 30.0)),
    vector("from 1 to 0", (1.0, 16), (0.0, 16)),
    vector("99% confidence", (0.75, 16), (0.5, 16), 0.99),
]

out = pathlib.Path(__file__).resolve().parents[2] / "test/fixtures/reference/newcombe.json"
out.write_text(json.dumps({"source": "scripts/reference/newcombe.py", "vectors": vectors}, indent=2) + "\n")
print(f"{len(vectors)} vectors -> {out}")
