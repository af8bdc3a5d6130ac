#!/usr/bin/env python3
"""Reference vectors for src/stats/sign-flip.ts, computed independently in Python.

Run once (python3 scripts/reference/sign-flip.py) and check in its output,
test/fixtures/reference/sign-flip.json; src/stats/sign-flip.test.ts checks the TypeScript against
every vector. The exact two-sided p-value of the sign-flip test on per-task differences d_i is the
share of the 2^t sign assignments (zero differences left out) with |sum(+-d_i)| >= |sum(d_i)|.
Independent of the TypeScript, up to three ways, which must agree exactly:
  - brute force: itertools.product over every sign assignment, counted in exact integers
    (up to 20 non-zero tasks);
  - scipy.stats.permutation_test(permutation_type="samples") on the one sample of differences,
    exact (n_resamples at least 2^t), two-sided (2 to 16 non-zero tasks: it needs two observations and is slow beyond);
  - the generating function prod_i (x^-d_i + x^d_i), expanded with Python integers (every size).
When every difference is +-1 the sum is 2K - t with K ~ Binomial(t, 1/2), so the vector is also
checked against scipy.stats.binomtest (the exact McNemar test on one rep per task).
Made with scipy 1.17.1, numpy 2.4.6, Python 3.
"""
import itertools
import json
import math
import pathlib
from fractions import Fraction

import numpy as np
from scipy import stats


def brute_force(ds, bound):
    return sum(1 for signs in itertools.product((1, -1), repeat=len(ds))
               if abs(sum(s * d for s, d in zip(signs, ds))) >= bound)


def generating_function(ds, bound):
    poly = {0: 1}
    for d in ds:
        nxt = {}
        for s, c in poly.items():
            nxt[s + d] = nxt.get(s + d, 0) + c
            nxt[s - d] = nxt.get(s - d, 0) + c
        poly = nxt
    return sum(c for s, c in poly.items() if abs(s) >= bound)


def scipy_permutation(ds):
    res = stats.permutation_test((np.array(ds, dtype=float),), lambda x, axis: np.sum(x, axis=axis), permutation_type="samples",
                                 alternative="two-sided", n_resamples=2 ** len(ds) + 1, vectorized=True)
    return float(res.pvalue)


def vector(name, differences, alpha=0.05):
    ds = [d for d in differences if d != 0]
    statistic = sum(ds)
    t = len(ds)
    count = generating_function(ds, abs(statistic))
    if t <= 20:
        assert brute_force(ds, abs(statistic)) == count, name
    p = Fraction(count, 2 ** t)
    if 2 <= t <= 16:
        assert math.isclose(scipy_permutation(ds), float(p), rel_tol=1e-12), (name, scipy_permutation(ds), p)
    if t > 0 and all(abs(d) == 1 for d in ds):
        k = sum(1 for d in ds if d > 0)
        assert math.isclose(stats.binomtest(k, t, 0.5).pvalue, float(p), rel_tol=1e-12), name
    return {"name": name, "differences": differences, "alpha": alpha, "nonZero": t,
            "statistic": statistic, "count": count, "assignments": 2 ** t,
            "pValue": float(p), "rejects": float(p) < alpha}


rng = np.random.default_rng(20261205)
vectors = [
    vector("zero non-zero tasks: p = 1", [0, 0, 0, 0]),
    vector("one task, one rep", [1]),
    vector("one task at m = 3: p = 1 whatever it did", [3]),
    vector("the issue's b = 6, c = 0: two tasks flipping at 3 reps", [3, 3]),
    vector("the same two tasks among 16", [3, 3] + [0] * 14),
    vector("all tasks improved: 5 tasks at m = 1 cannot reject", [1] * 5),
    vector("all tasks improved: 6 tasks at m = 1", [1] * 6),
    vector("all tasks improved: 6 tasks at m = 3", [3, 2, 3, 1, 3, 2]),
    vector("all tasks worse at m = 3", [-3, -3, -2, -3, -1, -3, -2]),
    vector("mixed signs", [2, -1, 3, 1, -2, 1, 0, 2]),
    vector("ties: equal and opposite, S = 0", [1, 1, -1, -1]),
    vector("ties among magnitudes", [2, 2, 1, 1, -1, 2, -2, 1]),
    vector("differences up to m = 3", [3, -3, 2, 1, 3, -1, 3, 0, 2, 3]),
    vector("m = 1: McNemar b = 1, c = 8 (one rep per task)", [1, -1, 1, 1, 1, 1, 1, 1, 1, 0]),
    vector("alpha 0.1: five tasks all improved reject here", [2, 1, 3, 1, 2], 0.1),
    vector("20 non-zero tasks: the enumeration's last size", [1, 2, -1, 3, 1, 1, -2, 1, 2, 1,
                                                              1, -1, 3, 2, 1, 1, -3, 1, 2, 1]),
    vector("21 non-zero tasks: the distribution's first size", [1, 2, -1, 3, 1, 1, -2, 1, 2, 1,
                                                               1, -1, 3, 2, 1, 1, -3, 1, 2, 1, 1]),
]
for i in range(4):
    t = int(rng.integers(22, 60))
    m = int(rng.integers(1, 5))
    # Odd i lean towards the rewrites: a third of the tasks gain one more success (within +-m).
    lean = (rng.random(size=t) < 0.3) * (i % 2)
    ds = [max(-m, min(m, int(d))) for d in rng.integers(-m, m + 1, size=t) + lean]
    vectors.append(vector(f"random {i}: {t} tasks x {m} reps", ds))

out = pathlib.Path(__file__).resolve().parents[2] / "test" / "fixtures" / "reference" / "sign-flip.json"
out.write_text(json.dumps({"source": "scripts/reference/sign-flip.py", "vectors": vectors}, indent=2) + "\n")
print(f"{len(vectors)} vectors -> {out}")
